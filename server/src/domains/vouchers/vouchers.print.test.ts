import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { request } from 'node:http';
import { formatVoucherCode } from '@splashboard/contract';
import { startServer, type TestClient, type TestServer } from '../../../test/harness.ts';
import { pdfPagesText } from '../../../test/pdf-text.ts';
import { createBatch, ownerWithSite, pdfTexts, readPdf } from '../../../test/fixtures/vouchers.ts';

// A big batch through the API: its PDF streams page by page; the bench prints 100,000 and measures memory.
const COUNT = 20_000;
const PAGES = COUNT / 10;
let server: TestServer;
const logLines: string[] = [];
beforeAll(async () => {
  // Billing off: printing does not touch it, and a busy machine is spared the Stripe fake's set-up.
  server = await startServer(
    { LOG_LEVEL: 'info', STRIPE_SECRET_KEY: '' },
    { logStream: { write: (line) => void logLines.push(line) }, console: { write: () => undefined } },
  );
}, 180_000);
afterAll(() => server?.close());

const cookieOf = (client: TestClient) => [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
const stopped = () =>
  logLines
    .map((line) => JSON.parse(line) as Record<string, unknown>)
    .filter((l) => String(l.msg).startsWith('voucher PDF stopped before its end'));

describe(`printing a batch of ${COUNT.toLocaleString('en')}`, () => {
  let o: Awaited<ReturnType<typeof ownerWithSite>>;
  let made: Awaited<ReturnType<typeof createBatch>>;
  beforeAll(async () => {
    o = await ownerWithSite(server);
    made = await createBatch(server, o.client, o.voucher, { count: COUNT });
  }, 180_000);

  it('stores every code once and streams a PDF of one card per code, in the order they were made', async () => {
    const { batch, codes } = made;
    expect(batch).toMatchObject({ count: COUNT, unused: COUNT });
    expect(new Set(codes).size).toBe(COUNT);

    const res = await fetch(`${server.url}${o.voucher}/batches/${batch.id}/pdf?paper=a4`, {
      headers: { cookie: cookieOf(o.client) },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    const body = Buffer.from(await res.arrayBuffer());

    // A reader opens it: the right page count, the first card's code on the first page, the last's on the last.
    const read = await pdfPagesText(body, [1, PAGES]);
    expect(read.numPages).toBe(PAGES);
    expect(read.texts[0]).toContain(formatVoucherCode(codes[0]!));
    expect(read.texts[1]).toContain(formatVoucherCode(codes.at(-1)!));
    // And every card's code, in order, one per card.
    const pdf = readPdf(body);
    expect(pdf.pages).toHaveLength(PAGES);
    expect(pdfTexts(pdf.content).filter((t) => /^\w{4}-\w{4}-\w{4}$/.test(t))).toEqual(codes.map(formatVoucherCode));
    expect(stopped()).toHaveLength(0);
  }, 180_000);

  it('stops drawing and reading codes when the client goes away mid-PDF, and serves on', async () => {
    const firstBytes = await new Promise<number>((resolve, reject) => {
      const req = request(
        `${server.url}${o.voucher}/batches/${made.batch.id}/pdf`,
        { headers: { cookie: cookieOf(o.client) } },
        (res) => {
          res.once('data', (chunk: Buffer) => {
            req.destroy();
            resolve(chunk.length);
          });
        },
      );
      req.on('error', (err) => (req.destroyed ? undefined : reject(err)));
      req.end();
    });
    expect(firstBytes).toBeGreaterThan(0);

    await expect.poll(() => stopped().length, { timeout: 30_000 }).toBe(1);
    // Codes are read a window of ids at a time as pages are drawn: the reading stopped before the batch's end.
    expect(stopped()[0]).toMatchObject({ batch: made.batch.id });
    expect(stopped()[0]!.codes_read).toBeLessThan(COUNT);
    expect(stopped()[0]!.pages).toBeLessThan(PAGES);
    expect((await o.client.get(`${o.voucher}/batches/${made.batch.id}`)).status).toBe(200);
  }, 120_000);
});
