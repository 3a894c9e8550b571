import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import QRCode from 'qrcode';
import { DEFAULT_VOUCHER_DESIGN, DEFAULT_VOUCHER_QR_BASE_URL, formatVoucherCode, voucherQrUrl } from '@splashboard/contract';
import { startServer, type TestServer } from '../../../test/harness.ts';
import { voucherDesigns, voucherLogos } from '../../db/schema/index.ts';
import { createBatch, ownerWithSite, pdfTexts, qrTiles, readPdf } from '../../../test/fixtures/vouchers.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startServer({ UPLOAD_MAX_BYTES: '65536' });
});
afterAll(() => server?.close());

// A 4x4 PNG (with alpha) pdfkit can draw, a GIF and a text file.
const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d4948445200000004000000040806000000a9f19e7e0000001a494441547801633c2127f79f01093031a001260634c0c480060084c6020b1df3375b0000000049454e44ae426082',
  'hex',
);
const GIF = Buffer.from('47494638396101000100800000000000ffffff21f90401000000002c00000000010001000002024401003b', 'hex');
const upload = (bytes: Buffer, name = 'logo.png', type = 'image/png') => {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)], { type }), name);
  return form;
};

async function pdfOf(client: { request: (m: string, u: string) => Promise<{ status: number; headers: Headers }> }, url: string) {
  const res = await fetch(server.url + url, {
    headers: {
      cookie: [...(client as unknown as { cookies: Map<string, string> }).cookies].map(([k, v]) => `${k}=${v}`).join('; '),
    },
  });
  return { status: res.status, headers: res.headers, body: Buffer.from(await res.arrayBuffer()) };
}

/** The QR code's modules for a text, encoded as the cards encode it (byte mode, level M, mask 2). */
const expectedModules = (text: string) => {
  const m = QRCode.create([{ data: Buffer.from(text), mode: 'byte' }], { errorCorrectionLevel: 'M', maskPattern: 2 }).modules;
  return Array.from({ length: m.size }, (_, r) => Array.from({ length: m.size }, (_, c) => Boolean(m.get(r, c))));
};

describe('the voucher designer', () => {
  it('answers the default design, keeps a partial update, one design per kind', async () => {
    const o = await ownerWithSite(server);
    const first = await o.client.get(`${o.voucher}/voucherdesigner/`);
    expect(first.status).toBe(200);
    expect(first.body).toEqual(DEFAULT_VOUCHER_DESIGN);
    const put = await o.client.put(`${o.voucher}/voucherdesigner/`, {
      cards_per_page: 8,
      accent_color: 'rgba(200, 30, 30, 0.9)',
      heading_text: 'Free Wi-Fi',
      show_batch: true,
      language: 'es-ES',
    });
    expect(put.status).toBe(200);
    expect(put.body).toEqual({
      ...DEFAULT_VOUCHER_DESIGN,
      cards_per_page: 8,
      accent_color: 'rgba(200, 30, 30, 0.9)',
      heading_text: 'Free Wi-Fi',
      show_batch: true,
      language: 'es-ES',
    });
    const again = await o.client.put(`${o.voucher}/voucherdesigner`, { paper: 'letter' });
    expect(again.body).toMatchObject({ paper: 'letter', cards_per_page: 8, heading_text: 'Free Wi-Fi' });
    expect((await o.client.get(`${o.multi}/multisite_voucherdesigner/`)).body).toEqual(DEFAULT_VOUCHER_DESIGN);
    const [row] = await server.handle.db.select().from(voucherDesigns).where(eq(voucherDesigns.siteId, o.site.id));
    expect(row).toMatchObject({ kind: 'voucher', design: { paper: 'letter', cards_per_page: 8 } });
  });

  it('refuses bad values field by field, and a card with neither code nor QR code', async () => {
    const o = await ownerWithSite(server);
    const bad = await o.client.put(`${o.voucher}/voucherdesigner/`, {
      cards_per_page: 7,
      paper: 'a3',
      text_color: 'blue-ish',
      qr_base_url: 'https://example.com/',
      heading_text: 'x'.repeat(61),
      show_qr: 'yes',
    });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.schema_errors).sort()).toEqual([
      'cards_per_page',
      'heading_text',
      'paper',
      'qr_base_url',
      'show_qr',
      'text_color',
    ]);
    expect(bad.body.schema_errors.qr_base_url).toEqual([
      'Enter an address starting with http:// (gateways cannot redirect https:// pages before login)',
    ]);
    expect((await o.client.put(`${o.voucher}/voucherdesigner/`, { font: 'Comic' })).body.schema_errors).toEqual({
      font: ['This field is not accepted here'],
    });
    const neither = await o.client.put(`${o.voucher}/voucherdesigner/`, { show_code: false, show_qr: false });
    expect(neither.status).toBe(422);
    expect(neither.body.schema_errors).toEqual({ show_code: ['Print the code, the QR code or both'] });
    expect(await server.handle.db.select().from(voucherDesigns).where(eq(voucherDesigns.siteId, o.site.id))).toEqual([]);
  });

  it('takes a PNG or JPEG logo checked by its bytes, and only the account’s own logos in the design', async () => {
    const o = await ownerWithSite(server);
    const up = await o.client.post(`${o.voucher}/voucherdesigner/logo`, upload(PNG));
    expect(up.status).toBe(200);
    expect(up.body.filelink).toMatch(new RegExp(`^/uploads/accounts/${o.accountId}/sites/${o.site.id}/vouchers/[\\w-]+\\.png$`));
    const served = await fetch(server.url + up.body.filelink);
    expect(Buffer.from(await served.arrayBuffer()).equals(PNG)).toBe(true);

    const gif = await o.client.post(`${o.voucher}/voucherdesigner/logo`, upload(GIF, 'logo.gif', 'image/gif'));
    expect(gif.status).toBe(422);
    expect(gif.body.schema_errors).toEqual({ file: ['Upload a PNG or JPEG image: only those can be printed'] });
    const text = await o.client.post(`${o.voucher}/voucherdesigner/logo`, upload(Buffer.from('<svg onload=alert(1)>'), 'x.png'));
    expect(text.status).toBe(422);
    expect(text.body.schema_errors).toEqual({ file: ['Only image files are accepted'] });
    const tooBig = await o.client.post(`${o.voucher}/voucherdesigner/logo`, upload(Buffer.concat([PNG, Buffer.alloc(70_000)])));
    expect(tooBig.status).toBe(413);
    expect(await server.handle.db.select().from(voucherLogos).where(eq(voucherLogos.accountId, o.accountId))).toHaveLength(1);

    const other = await ownerWithSite(server);
    const theirs = await other.client.post(`${other.voucher}/voucherdesigner/logo`, upload(PNG));
    const foreign = await o.client.put(`${o.voucher}/voucherdesigner/`, { logo_image: theirs.body.filelink });
    expect(foreign.status).toBe(422);
    expect(foreign.body.schema_errors).toEqual({ logo_image: ['Upload the logo for vouchers first'] });
    const own = await o.client.put(`${o.voucher}/voucherdesigner/`, { logo_image: up.body.filelink });
    expect(own.body.logo_image).toBe(up.body.filelink);
    expect((await o.client.put(`${o.voucher}/voucherdesigner/`, { logo_image: '' })).body.logo_image).toBe('');
  });
});

describe('printing a batch', () => {
  it('draws every voucher on cards, several per A4 page, each with its code and a QR code that carries it', async () => {
    const o = await ownerWithSite(server);
    const logo = await o.client.post(`${o.voucher}/voucherdesigner/logo`, upload(PNG));
    await o.client.put(`${o.voucher}/voucherdesigner/`, { logo_image: logo.body.filelink, show_batch: true });
    const { batch, codes } = await createBatch(server, o.client, o.voucher, {
      count: 23,
      batch_id: '4321',
      num_devices: 2,
      speed_dl: 2048,
      data_limit: 1500,
    });
    const res = await pdfOf(o.client, `${o.voucher}/batches/${batch.id}/pdf`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="vouchers-batch-4321.pdf"');
    expect(res.body.subarray(0, 5).toString()).toBe('%PDF-');

    const pdf = readPdf(res.body);
    // 10 cards per page by default: 23 vouchers take 3 pages.
    expect(pdf.pages).toHaveLength(3);
    expect(pdf.pages[0]!.dict).toContain('/MediaBox [0 0 595.28 841.89]');
    const texts = pdfTexts(pdf.content);
    // Each card's code, in print order.
    expect(texts.filter((t) => /^\w{4}-\w{4}-\w{4}$/.test(t))).toEqual(codes.map(formatVoucherCode));
    // What every card says about the batch is drawn once, in the card template.
    const card = texts.join('\n');
    for (const part of [
      'Wi-Fi voucher',
      'Duration: 1 day',
      'Devices: 2',
      'Speed: 2 Mbps down, unlimited up',
      'Data: 1.5 GB',
      'Site: Main Street',
      'Batch 4321',
    ])
      expect(card, part).toContain(part);
    expect(texts.filter((t) => t === 'Wi-Fi voucher')).toHaveLength(1);
    // The logo is in the card template, drawn once (with its transparency as a soft mask).
    expect(pdf.images.filter((i) => i.dict.includes('/SMask'))).toHaveLength(1);
    expect(pdf.images.filter((i) => i.dict.includes('/BitsPerComponent 8'))).toHaveLength(2);

    // One image of QR codes per page, each card showing its own tile: the QR code of its address.
    const strips = pdf.images.filter((i) => i.dict.includes('/BitsPerComponent 1'));
    expect(strips).toHaveLength(3);
    const tiles = strips.flatMap((strip) => qrTiles(strip));
    expect(tiles).toHaveLength(23);
    tiles.forEach((tile, i) => expect(tile).toEqual(expectedModules(voucherQrUrl(DEFAULT_VOUCHER_QR_BASE_URL, codes[i]!))));
    // Each card paints its square light (the quiet zone) and clips the strip to the symbol's square inside
    // it; the negative height keeps the image upright.
    const box = String.raw`([\d.]+) ([\d.]+) ([\d.]+) ([\d.]+) re`;
    const placed = [
      ...pdf.content.matchAll(
        new RegExp(String.raw`q ${box} W n 1 g ${box} f ${box} W n [\d.]+ 0 0 -[\d.]+ [\d.]+ [\d.]+ cm /QR Do Q`, 'g'),
      ),
    ];
    for (const m of placed) {
      const [x, y, size] = m.slice(1, 4).map(Number) as [number, number, number];
      const [ix, iy, inner] = m.slice(9, 12).map(Number) as [number, number, number];
      // The symbol's square in the middle of the card's, four of its modules from each edge.
      const quiet = (4 * inner) / tiles[0]!.length;
      expect([ix, iy, inner + 2 * quiet]).toEqual([
        expect.closeTo(x + quiet, 1),
        expect.closeTo(y + quiet, 1),
        expect.closeTo(size, 1),
      ]);
    }
    expect(placed).toHaveLength(23);
  });

  it('prints on US Letter, as many per page as the design says, only what it says', async () => {
    const o = await ownerWithSite(server);
    await o.client.put(`${o.voucher}/voucherdesigner/`, {
      cards_per_page: 4,
      show_qr: false,
      show_limits: false,
      qr_base_url: 'http://neverssl.com/',
    });
    const { batch, codes } = await createBatch(server, o.client, o.voucher, { count: 5 });
    const pdf = readPdf((await pdfOf(o.client, `${o.voucher}/batches/${batch.id}/pdf?paper=letter`)).body);
    expect(pdf.pages).toHaveLength(2);
    expect(pdf.pages[0]!.dict).toContain('/MediaBox [0 0 612 792]');
    expect(pdf.images).toHaveLength(0);
    const texts = pdfTexts(pdf.content);
    expect(texts).toContain(formatVoucherCode(codes[4]!));
    expect(texts.join('\n')).not.toContain('Speed:');

    await o.client.put(`${o.voucher}/voucherdesigner/`, { show_qr: true, show_code: false });
    const qrOnly = readPdf((await pdfOf(o.client, `${o.voucher}/batches/${batch.id}/pdf`)).body);
    expect(pdfTexts(qrOnly.content)).not.toContain(formatVoucherCode(codes[0]!));
    expect(qrTiles(qrOnly.images[0]!)[0]).toEqual(expectedModules(`http://neverssl.com/?wifivoucher=${codes[0]}`));
    expect((await pdfOf(o.client, `${o.voucher}/batches/${batch.id}/pdf?paper=a3`)).status).toBe(422);
  });

  it('prints a multi-site batch with its sites, in the design’s language', async () => {
    const o = await ownerWithSite(server);
    const second = await (
      await import('../../../test/harness.ts')
    ).createSite(o.client, { name: 'Harbour', auth_methods: ['multisitevoucher'] });
    await o.client.put(`${o.multi}/multisite_voucherdesigner/`, { language: 'es-ES', heading_text: 'Bono Wi-Fi' });
    const { batch } = await createBatch(server, o.client, o.multi, {
      count: 1,
      site_ids: [second.id],
      duration_value: 2,
      duration_type: 'hours',
    });
    const pdf = readPdf((await pdfOf(o.client, `${o.multi}/batches/${batch.id}/pdf`)).body);
    const card = pdfTexts(pdf.content).join('\n');
    for (const part of ['Bono Wi-Fi', 'Duración: 2 horas', 'Ubicaciones: Harbour, Main Street', 'Datos: ilimitado'])
      expect(card, part).toContain(part);
  });
});
