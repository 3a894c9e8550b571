import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSmtpTransport } from '../../../adapters/smtp/smtp.ts';
import { pdfText } from '../../../../test/pdf-text.ts';
import { startSmtp } from '../../../../test/smtp.ts';
import { HOURS_CID, TREND_CID, renderReport } from './render-report.ts';
import { sampleReport } from './report-sample.test-data.ts';

let smtp: Awaited<ReturnType<typeof startSmtp>>;
beforeAll(async () => {
  smtp = await startSmtp();
});
afterAll(() => smtp.close());

/** The MIME parts of a raw message (headers and body), nested multiparts flattened. */
function mimeParts(raw: string): { headers: string; body: string }[] {
  const boundaries = [...raw.matchAll(/boundary="?([^";\r\n]+)"?/g)].map((m) => m[1]!);
  let parts = [raw];
  for (const b of boundaries) parts = parts.flatMap((p) => p.split(`--${b}`));
  return parts
    .map((p) => {
      const at = p.indexOf('\r\n\r\n');
      return { headers: p.slice(0, at), body: p.slice(at + 4) };
    })
    .filter((p) => p.headers.includes('Content-Type'));
}

describe('a rendered report sent over SMTP', () => {
  it('arrives with its charts inline by content id and its PDF attached, which reads the figures', async () => {
    const report = await renderReport(sampleReport({ lang: 'es-ES' }));
    await createSmtpTransport(smtp.url).send({
      from: 'reports@splashboard.test',
      to: 'owner@cafe.test',
      subject: report.subject,
      text: report.text,
      html: report.html,
      attachments: report.attachments,
    });
    const mail = await smtp.waitFor('owner@cafe.test');
    const parts = mimeParts(mail.raw);
    expect(mail.raw).toMatch(/Content-Type: multipart\/related/);
    for (const cid of [TREND_CID, HOURS_CID]) {
      const image = parts.find((p) => p.headers.includes(`Content-ID: <${cid}>`))!;
      expect(image.headers).toContain('Content-Type: image/png');
      expect(image.headers).toContain('Content-Disposition: inline');
    }
    const html = parts.find((p) => p.headers.includes('Content-Type: text/html'))!;
    // Quoted-printable: soft line breaks joined, `=3D` read as `=`.
    const decoded = html.body.replace(/=\r\n/g, '').replace(/=3D/g, '=');
    expect(decoded).toContain(`src="cid:${TREND_CID}"`);
    expect(decoded).toContain(`src="cid:${HOURS_CID}"`);

    const pdfPart = parts.find((p) => p.headers.includes('Content-Type: application/pdf'))!;
    expect(pdfPart.headers).toContain('report-2026-11-16-2026-11-22.pdf');
    expect(pdfPart.headers).toContain('Content-Disposition: attachment');
    const text = await pdfText(Buffer.from(pdfPart.body.replace(/\s+/g, ''), 'base64'));
    for (const figure of ['1234', '+12 %', '1 h 5 min', '32,5 %', '18:00–19:00', '1234,50 €', 'Anterior: 980,00 €'])
      expect(text).toContain(figure);
  });
});
