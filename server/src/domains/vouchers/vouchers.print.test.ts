import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { request } from 'node:http';
import { VOUCHER_CODE_ALPHABET, formatVoucherCode } from '@splashboard/contract';
import { startServer, type TestClient, type TestServer } from '../../../test/harness.ts';
import { pdfText } from '../../../test/pdf-text.ts';
import { createBatch, ownerWithSite, readPdf } from '../../../test/fixtures/vouchers.ts';

// Big batches and their PDFs: sizes stay in the thousands here, the bench prints 100,000.
let server: TestServer;
const logLines: string[] = [];
beforeAll(async () => {
  // Billing off: printing does not touch it, and a busy machine is spared the Stripe fake's plan set-up.
  server = await startServer(
    { LOG_LEVEL: 'info', STRIPE_SECRET_KEY: '' },
    { logStream: { write: (line) => void logLines.push(line) } },
  );
}, 180_000);
afterAll(() => server?.close());

const cookieOf = (client: TestClient) => [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');

async function pdfOf(client: TestClient, path: string) {
  const res = await fetch(server.url + path, { headers: { cookie: cookieOf(client) } });
  return { status: res.status, body: Buffer.from(await res.arrayBuffer()) };
}

/** The log lines (JSON) with this message. */
const logged = (msg: RegExp) =>
  logLines.map((line) => JSON.parse(line) as Record<string, unknown>).filter((l) => msg.test(String(l.msg)));

describe('printing a big batch', () => {
  it('stores 3,000 unique codes and prints every one of them, in order, on 300 pages', async () => {
    const o = await ownerWithSite(server);
    const { batch, codes } = await createBatch(server, o.client, o.voucher, { count: 3000 });
    expect(batch).toMatchObject({ count: 3000, unused: 3000 });
    expect(codes).toHaveLength(3000);
    expect(new Set(codes).size).toBe(3000);
    for (const code of codes) expect([...code].every((c) => VOUCHER_CODE_ALPHABET.includes(c))).toBe(true);

    const res = await pdfOf(o.client, `${o.voucher}/batches/${batch.id}/pdf?paper=a4`);
    expect(res.status).toBe(200);
    expect(readPdf(res.body).pages).toHaveLength(300);
    // Two cards side by side read as one line, their codes run together: codes are found without word boundaries.
    const printed = (await pdfText(res.body)).match(/[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}/g) ?? [];
    expect(printed[0]).toBe(formatVoucherCode(codes[0]!));
    expect(printed.at(-1)).toBe(formatVoucherCode(codes.at(-1)!));
    expect(printed).toEqual(codes.map(formatVoucherCode));
  }, 120_000);

  it('stops drawing and reading codes when the client goes away mid-PDF, and serves on', async () => {
    const o = await ownerWithSite(server);
    const { batch } = await createBatch(server, o.client, o.voucher, { count: 6000 });
    const stopped = /^voucher PDF stopped before its end/;
    expect(logged(stopped)).toHaveLength(0);

    // The first bytes arrive, then the client hangs up.
    const firstBytes = await new Promise<number>((resolve, reject) => {
      const req = request(
        `${server.url}${o.voucher}/batches/${batch.id}/pdf`,
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

    await expect.poll(() => logged(stopped).length, { timeout: 20_000 }).toBe(1);
    const [line] = logged(stopped);
    expect(line).toMatchObject({ batch: batch.id });
    // Codes are read 2,000 at a time as pages are drawn: the reading stopped before the batch's end.
    expect(line!.codes_read).toBeLessThan(6000);
    expect(line!.pages).toBeLessThan(600);

    // The server serves on: the whole PDF of the batch, which is not logged as stopped.
    const whole = await pdfOf(o.client, `${o.voucher}/batches/${batch.id}/pdf`);
    expect(whole.status).toBe(200);
    expect(readPdf(whole.body).pages).toHaveLength(600);
    expect(logged(stopped)).toHaveLength(1);
  }, 120_000);
});
