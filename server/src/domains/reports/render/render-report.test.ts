import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { pdfText } from '../../../../test/pdf-text.ts';
import type { RenderedReport } from '../report-types.ts';
import { HOURS_CID, TREND_CID, renderReport } from './render-report.ts';
import { sampleReport } from './report-sample.test-data.ts';

/** No-break and thin spaces (Intl puts them in numbers and times) as plain spaces, as a reader sees them. */
const plain = (s: string) => s.replace(/[\u00a0\u202f\u2009]/g, ' ');
const pdfOf = (r: RenderedReport) => {
  const a = r.attachments.find((x) => x.contentType === 'application/pdf')!;
  // Lower case: the PDF prints its labels in capitals.
  return { filename: a.filename, text: pdfText(Buffer.from(a.contentBase64, 'base64')).then((t) => t.toLowerCase()) };
};
const pngOf = (r: RenderedReport, cid: string) => {
  const a = r.attachments.find((x) => x.cid === cid);
  return a && { attachment: a, image: PNG.sync.read(Buffer.from(a.contentBase64, 'base64')) };
};

const ENGLISH = [
  'Guests',
  '1,234',
  'Previous: 1,100',
  'New guests',
  '420',
  '−13%',
  'Wi-Fi logins',
  '2,345',
  'Previous: 2,100',
  'Average dwell time',
  '1 h 5 min',
  'Previous: 52 min',
  'Bounce rate',
  '32.5%',
  '+2.5 pts',
  'Previous: 30%',
  'Busiest hours',
  '6:00 PM–7:00 PM',
  'Previous: 1:00 PM–2:00 PM',
  'Vouchers activated',
  '87',
  'Active: 45 · Unused: 120 · Expiring soon: 9',
  'Payments collected',
  '€1,234.50',
  '+26%',
  'Previous: €980.00',
  'vs previous period',
  'Café Central',
  'Nov 16–22, 2026',
  'Compared with Nov 9–15, 2026',
];

const SPANISH = [
  'Invitados',
  '1234',
  'Anterior: 1100',
  'Invitados nuevos',
  '−13 %',
  'Accesos Wi-Fi',
  '2345',
  'Tiempo medio de permanencia',
  '1 h 5 min',
  'Anterior: 52 min',
  'Tasa de rebote',
  '32,5 %',
  '+2,5 p. p.',
  'Horas de más actividad',
  '18:00–19:00',
  'Anterior: 13:00–14:00',
  'Vales activados',
  'Activos: 45 · Sin usar: 120 · Caducan pronto: 9',
  'Pagos cobrados',
  '1234,50 €',
  '+26 %',
  'Anterior: 980,00 €',
  'frente al periodo anterior',
  '16–22 nov 2026',
  'Comparado con 9–15 nov 2026',
];

describe('renderReport', () => {
  it('writes an English weekly report: subject, every chosen figure with its change in the html, the text and the PDF', async () => {
    const r = await renderReport(sampleReport());
    expect(r.subject).toBe('Weekly report for Café Central: Nov 16–22, 2026');
    const html = plain(r.html);
    const text = plain(r.text);
    const pdf = pdfOf(r);
    expect(pdf.filename).toBe('report-2026-11-16-2026-11-22.pdf');
    const pdfWords = await pdf.text;
    for (const s of ENGLISH) {
      expect(html, s).toContain(s.replace(/'/g, '&#39;'));
      expect(text, s).toContain(s);
      expect(pdfWords, s).toContain(s.toLowerCase());
    }
    // Changes with their direction: up is good for guests, a rising bounce rate is not.
    expect(html).toMatch(/color:#1b7f3b[^>]*>▲ \+12% <span[^>]*>vs previous period/);
    expect(html).toMatch(/color:#c62828[^>]*>▲ \+2\.5 pts <span/);
    expect(html).toMatch(/color:#c62828[^>]*>▼ −13% <span/);
    expect(text).toContain('Guests: 1,234 (▲ +12% vs previous period)');
    expect(text).toContain('Payments collected: €1,234.50 (▲ +26% vs previous period)');
    expect(pdfWords).toContain('+12% vs previous period');
    expect(pdfWords).toContain('weekly report');
    // The dashboard button, in the text and the PDF too.
    expect(r.html).toContain('href="https://dash.example.com/app/sites/7/dashboard"');
    expect(html).toContain('Open the dashboard');
    expect(text).toContain('Open the dashboard: https://dash.example.com/app/sites/7/dashboard');
    expect(pdfWords).toContain('open the dashboard: https://dash.example.com/app/sites/7/dashboard');
  });

  it('writes the same report in Spanish', async () => {
    const r = await renderReport(sampleReport({ lang: 'es-ES' }));
    expect(r.subject).toBe('Informe semanal de Café Central: 16–22 nov 2026');
    const html = plain(r.html);
    const text = plain(r.text);
    const pdfWords = await pdfOf(r).text;
    for (const s of SPANISH) {
      expect(html, s).toContain(s);
      expect(text, s).toContain(s);
      expect(pdfWords, s).toContain(s.toLowerCase());
    }
    expect(r.html).toContain('lang="es-ES"');
    expect(html).toContain('Abrir el panel');
    expect(pdfWords).toContain('informe semanal');
    expect(pdfWords).toContain('abrir el panel: https://dash.example.com/app/sites/7/dashboard');
    for (const english of ['Guests', 'Previous', 'vs previous period', 'Open the dashboard']) {
      expect(html).not.toContain(english);
      expect(pdfWords).not.toContain(english.toLowerCase());
    }
    // The charts' words are Spanish too (they are drawn, so only their alt texts and titles can be read).
    expect(html).toContain('alt="Invitados y accesos por día"');
    expect(html).toContain('alt="Horas de más actividad (accesos por hora)"');
  });

  it('shows only the chosen figures', async () => {
    const r = await renderReport(sampleReport({ chosen: ['guests', 'dwell_time'] }));
    const html = plain(r.html);
    const pdfWords = await pdfOf(r).text;
    for (const out of [html.toLowerCase(), plain(r.text).toLowerCase(), pdfWords]) {
      expect(out).toContain('1,234');
      expect(out).toContain('1 h 5 min');
      for (const unchosen of [
        'New guests',
        'Wi-Fi logins',
        '2,345',
        'Bounce rate',
        '32.5%',
        'Busiest hours',
        '6:00 PM',
        'Vouchers activated',
        'Payments collected',
        '€',
      ])
        expect(out, unchosen).not.toContain(unchosen.toLowerCase());
    }
    // The daily trend stays (guests are chosen); the hours chart goes with its figure.
    expect(r.html).toContain(`cid:${TREND_CID}`);
    expect(r.html).not.toContain(`cid:${HOURS_CID}`);
    expect(r.attachments.map((a) => a.filename)).toEqual(['report-trend.png', 'report-2026-11-16-2026-11-22.pdf']);
  });

  it('has no money tile where paid Wi-Fi is off (revenue chosen but absent)', async () => {
    const sample = sampleReport();
    const { revenue: _revenue, ...figures } = sample.figures;
    const r = await renderReport({ ...sample, figures });
    const pdfWords = await pdfOf(r).text;
    for (const out of [plain(r.html).toLowerCase(), plain(r.text).toLowerCase(), pdfWords]) {
      expect(out).toContain('guests');
      expect(out).not.toContain('payments collected');
      expect(out).not.toContain('€');
    }
  });

  it('draws the charts as PNGs of the expected size, in the brand colour, attached inline by content id', async () => {
    const r = await renderReport(sampleReport({ brand: { productName: 'WaveNet', logoUrl: null, accentColor: '#00897B' } }));
    for (const cid of [TREND_CID, HOURS_CID]) {
      const png = pngOf(r, cid)!;
      expect(r.html).toContain(`src="cid:${cid}"`);
      expect(png.attachment.contentType).toBe('image/png');
      expect(Buffer.from(png.attachment.contentBase64, 'base64').length).toBeLessThan(60_000);
      expect([png.image.width, png.image.height]).toEqual([1120, 480]);
      const colours = new Map<string, number>();
      const { data } = png.image;
      for (let i = 0; i < data.length; i += 4) {
        const key = `${data[i]},${data[i + 1]},${data[i + 2]}`;
        colours.set(key, (colours.get(key) ?? 0) + 1);
      }
      const pixels = data.length / 4;
      // Not blank: the white ground is most but far from all of it, and the bars are the brand's teal.
      expect(colours.get('255,255,255')! / pixels).toBeLessThan(0.95);
      expect(colours.size).toBeGreaterThan(20);
      expect(colours.get('0,137,123') ?? 0).toBeGreaterThan(1000);
    }
    // Deterministic: the same input draws the same pixels.
    const again = await renderReport(sampleReport({ brand: { productName: 'WaveNet', logoUrl: null, accentColor: '#00897B' } }));
    expect(pngOf(again, TREND_CID)!.attachment.contentBase64).toBe(pngOf(r, TREND_CID)!.attachment.contentBase64);
  });

  it("applies the brand: logo and accent colour in the email, the product's name in the PDF", async () => {
    const branded = await renderReport(
      sampleReport({
        brand: { productName: 'WaveNet', logoUrl: 'https://cdn.wavenet.example/logo.png', accentColor: '#6a1b9a' },
      }),
    );
    expect(branded.html).toMatch(/<img[^>]*alt="WaveNet"[^>]*src="https:\/\/cdn\.wavenet\.example\/logo\.png"/);
    expect(branded.html).toMatch(/background:#6a1b9a/);
    expect(branded.html).toContain('border-top:6px solid #6a1b9a');
    expect(branded.text).toContain('scheduled in WaveNet');
    const pdfWords = await pdfOf(branded).text;
    expect(pdfWords).toContain('wavenet');
    expect(pdfWords).not.toContain('splashboard');

    const plainBrand = await renderReport(sampleReport());
    expect(plainBrand.html).not.toContain('<img src="https');
    expect(plainBrand.html).toMatch(/color:#e65100[^>]*>Splashboard</);
    // A light accent gets dark text on the button.
    const light = await renderReport(sampleReport({ brand: { productName: 'X', logoUrl: null, accentColor: '#ffeb3b' } }));
    expect(light.html).toMatch(/background:#ffeb3b;color:#000000/);
  });

  it("names the control panel's report after the account and its sites, and formats a month", async () => {
    const r = await renderReport(
      sampleReport({
        siteName: null,
        siteCount: 3,
        frequency: 'monthly',
        period: { from: '2026-11-01', to: '2026-11-30', previousFrom: '2026-10-01', previousTo: '2026-10-31', timeZone: 'UTC' },
      }),
    );
    expect(r.subject).toBe('Monthly report for Central Hospitality: November 2026');
    expect(r.html).toContain('All sites (3)');
    expect(r.html).toContain('Compared with October 2026');
    const pdfWords = await pdfOf(r).text;
    expect(pdfWords).toContain('all sites (3)');
    expect(pdfWords).toContain('november 2026');
    expect(pdfOf(r).filename).toBe('report-2026-11-01-2026-11-30.pdf');

    const es = await renderReport(
      sampleReport({
        lang: 'es-ES',
        siteName: null,
        siteCount: 3,
        frequency: 'daily',
        period: { from: '2026-11-22', to: '2026-11-22', previousFrom: '2026-11-21', previousTo: '2026-11-21', timeZone: 'UTC' },
      }),
    );
    expect(es.subject).toBe('Informe diario de Central Hospitality: 22 nov 2026');
    expect(es.html).toContain('Todos los sitios (3)');
  });

  it('sets names with letters beyond Western European ones in the PDF', async () => {
    const r = await renderReport(
      sampleReport({
        siteName: 'Łódź Kawiarnia Śródmieście',
        brand: { productName: 'Sieć Wi-Fi Gdańsk', logoUrl: null, accentColor: '#e65100' },
      }),
    );
    const pdfWords = await pdfOf(r).text;
    expect(pdfWords).toContain('łódź kawiarnia śródmieście');
    expect(pdfWords).toContain('sieć wi-fi gdańsk');
    expect(r.html).toContain('Łódź Kawiarnia Śródmieście');
  });

  it('escapes names in the html and reads figures without a previous value', async () => {
    const sample = sampleReport({ siteName: '<b>Bar & Grill</b>' });
    const r = await renderReport({
      ...sample,
      figures: { ...sample.figures, guests: { current: 12, previous: 0 }, logins: { current: 0, previous: 0 } },
    });
    expect(r.html).toContain('&lt;b&gt;Bar &amp; Grill&lt;/b&gt;');
    expect(r.html).not.toContain('<b>Bar');
    expect(r.text).toContain('Guests: 12 (▲ none before vs previous period)');
    expect(r.text).toContain('Wi-Fi logins: 0\n');
    expect(await pdfOf(r).text).toContain('<b>bar & grill</b>');
  });
});
