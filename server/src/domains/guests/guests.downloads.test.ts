import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { guestExports, guests, sites } from '../../db/schema/index.ts';
import { registerAccount, startServer, type TestServer } from '../../../test/harness.ts';
import { signedInClient } from '../../../test/clients.ts';
import type { PortalSite } from '../../../test/portal.ts';
import { EXPORT_CHUNK, EXPORT_CLEANUP_JOB, MAX_ACTIVE_EXPORTS } from './guest-exports.ts';
import { guestSite, insertGuests, parseCsv, portalLogin, waitForDownload } from '../../../test/fixtures/guests.ts';

let server: TestServer;
const fakes: PortalSite[] = [];
beforeAll(async () => {
  server = await startServer({ LOG_LEVEL: process.env.DEBUG_LOG ?? 'silent' });
});
afterAll(async () => {
  await Promise.all(fakes.map((f) => f.unifi.close()));
  await server?.close();
});
const site = async () => {
  const s = await guestSite(server);
  fakes.push(s);
  return s;
};
const db = () => server.handle.db;
const exportsDir = () => path.join(server.config.dataDir, 'exports');
const today = () => new Date().toISOString().slice(0, 10).split('-').reverse().join('-');

/** Asks for a download, waits for it, fetches the file: answers the status, the file's answer and its rows. */
async function download(s: PortalSite, kind: 'guests' | 'sessions', query = '') {
  const start = await s.owner.get(`${s.api}/guest/download/${kind}${query}`);
  expect(start.status, JSON.stringify(start.body)).toBe(200);
  expect(start.body.status_url).toBe(`${s.api}/guest/download/status/${start.body.id}`);
  const seen: number[] = [];
  const status = await waitForDownload(s.owner, start.body.status_url, seen);
  expect(status.status).toBe('ready');
  const file = await s.owner.get(status.download_url);
  return { status, file, rows: parseCsv(file.body as string), seen };
}

describe('guest downloads', () => {
  it('writes a CSV of the guests: a header, one row each with custom answers, and no cell a spreadsheet would run', async () => {
    const s = await site();
    await portalLogin(server, s, {
      email: 'ana@example.com',
      firstname: 'Ana',
      lastname: 'García',
      phone: '+34 600 111 222',
      room: '204',
      marketing: true,
    });
    await portalLogin(server, s, {
      email: 'mal@example.com',
      firstname: '=HYPERLINK("http://x.test","click")',
      lastname: '@SUM(1+1)',
      room: '-5',
    });
    await portalLogin(server, s, { email: 'cy@example.com' });

    const { status, file, rows } = await download(s, 'guests');
    expect(status).toMatchObject({ kind: 'guests', status: 'ready', progress: 100, rows: 3, error: null });
    expect(status.file_name).toMatch(/^guests-main-street-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(file.headers.get('content-disposition')).toBe(`attachment; filename="${status.file_name}"`);
    // Spreadsheets read UTF-8 only after a byte order mark (fetch's text() hides it: read the bytes).
    const raw = await fetch(server.url + status.download_url, {
      headers: { cookie: [...s.owner.cookies].map((c) => c.join('=')).join('; ') },
    });
    expect([...new Uint8Array(await raw.arrayBuffer()).slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);

    const [header, ...body] = rows;
    expect(header).toEqual([
      'Guest ID', 'First name', 'Last name', 'Email', 'Phone', 'Gender', 'Birthday', 'Country', 'Postcode', 'Room',
      'Marketing consent', 'Email verified', 'Visits', 'First seen (UTC)', 'Last seen (UTC)', 'First login method', 'Last login method',
    ]); // prettier-ignore
    expect(body.map((r) => r[3])).toEqual(['cy@example.com', 'mal@example.com', 'ana@example.com']);
    const ana = body[2]!;
    expect(ana.slice(1, 5)).toEqual(['Ana', 'García', 'ana@example.com', "'+34600111222"]);
    expect(ana[header!.indexOf('Room')]).toBe('204');
    expect(ana[header!.indexOf('Marketing consent')]).toBe('Yes');
    expect(ana[header!.indexOf('Visits')]).toBe('1');
    expect(ana[header!.indexOf('Last seen (UTC)')]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    const mal = body[1]!;
    expect(mal.slice(1, 3)).toEqual([`'=HYPERLINK("http://x.test","click")`, "'@SUM(1+1)"]);
    expect(mal[header!.indexOf('Room')]).toBe("'-5");
  });

  it('applies the search and the days (DD-MM-YYYY), and refuses other date forms', async () => {
    const s = await site();
    await portalLogin(server, s, { email: 'ana@example.com', firstname: 'Ana' });
    await portalLogin(server, s, { email: 'ben@example.com', firstname: 'Ben' });
    expect((await download(s, 'guests', '?search=ana')).rows.slice(1).map((r) => r[3])).toEqual(['ana@example.com']);
    expect((await download(s, 'guests', `?fromdate=${today()}&todate=${today()}`)).rows).toHaveLength(3);
    const old = await download(s, 'guests', '?fromdate=01-01-2020&todate=02-01-2020');
    expect(old.status.rows).toBe(0);
    expect(old.rows).toHaveLength(1);
    const slashes = await s.owner.get(`${s.api}/guest/download/guests?fromdate=01/01/2020`);
    expect(slashes.status).toBe(422);
    expect(slashes.body.schema_errors.fromdate).toEqual(['Enter a date as DD-MM-YYYY']);
  });

  it('writes a CSV of the sessions with their guest, device, method and controller', async () => {
    const s = await site();
    const first = await portalLogin(server, s, { email: 'ana@example.com', firstname: 'Ana' });
    const second = await portalLogin(server, s, { email: 'ana@example.com' });
    const bens = await portalLogin(server, s, { email: 'ben@example.com', firstname: 'Ben' });
    const { rows, status } = await download(s, 'sessions');
    expect(status.file_name).toMatch(/^sessions-main-street-/);
    const [header, ...body] = rows;
    expect(header!.slice(0, 9)).toEqual([
      'Session ID',
      'Guest ID',
      'First name',
      'Last name',
      'Email',
      'Phone',
      'Device MAC',
      'Login method',
      'Controller',
    ]);
    expect(body.map((r) => [r[4], r[6], r[7], r[8]])).toEqual([
      ['ben@example.com', bens, 'email', 'unifi'],
      ['ana@example.com', second, 'email', 'unifi'],
      ['ana@example.com', first, 'email', 'unifi'],
    ]);
    expect((await download(s, 'sessions', '?search=ana')).rows).toHaveLength(3);
    expect((await download(s, 'sessions', `?todate=${today()}`)).rows).toHaveLength(4);
  });

  it('writes every row of a download larger than one chunk, even when all share one time, with progress along the way', async () => {
    const s = await site();
    const n = EXPORT_CHUNK * 2 + 500;
    await insertGuests(server, s.siteId, n, { sameTime: true });
    const { rows, status, seen } = await download(s, 'guests');
    expect(status.rows).toBe(n);
    expect(rows).toHaveLength(n + 1);
    const ids = rows.slice(1).map((r) => Number(r[0]));
    expect(new Set(ids).size).toBe(n);
    const stored = await db().select({ id: guests.id }).from(guests).where(eq(guests.siteId, s.siteId));
    expect(ids.sort((a, b) => a - b)).toEqual(stored.map((g) => g.id).sort((a, b) => a - b));
    expect(seen).toEqual([...seen].sort((a, b) => a - b));
    expect(seen.at(-1)).toBe(100);
  });

  it('answers the download in preparation again for the same filters, and limits how many are prepared at once', async () => {
    const s = await site();
    const [owner] = await db().select({ accountId: sites.accountId }).from(sites).where(eq(sites.id, s.siteId));
    // Downloads in preparation, as if their jobs had not run yet.
    await db()
      .insert(guestExports)
      .values(
        Array.from({ length: MAX_ACTIVE_EXPORTS }, (_, n) => ({
          id: `00000000-0000-4000-8000-00000000000${n}`,
          accountId: owner!.accountId,
          siteId: s.siteId,
          kind: 'guests',
          filters: { search: `term${n}`, from: null, to: null },
        })),
      );
    const again = await s.owner.get(`${s.api}/guest/download/guests?search=term2`);
    expect(again.body.id).toBe('00000000-0000-4000-8000-000000000002');
    expect((await s.owner.get(`${s.api}/guest/download/guests?search=term3`)).status).toBe(429);
    const more = await s.owner.get(`${s.api}/guest/download/sessions`);
    expect(more.status).toBe(429);
    expect(more.headers.get('retry-after')).toBe('15');
    expect(more.body.message).toBe('Downloads are already being prepared for this location: wait for them to finish');
  });

  it('removes downloads and their files after a day', async () => {
    const s = await site();
    await portalLogin(server, s, { email: 'old@example.com' });
    const { status } = await download(s, 'guests');
    const file = path.join(exportsDir(), `${status.id}.csv`);
    expect(existsSync(file)).toBe(true);
    await db()
      .update(guestExports)
      .set({ createdAt: new Date(Date.now() - 25 * 3600_000) })
      .where(eq(guestExports.id, status.id));
    await server.built.ctx.jobs.enqueue(EXPORT_CLEANUP_JOB, {});
    for (let i = 0; i < 100 && existsSync(file); i++) await new Promise((r) => setTimeout(r, 100));
    expect(existsSync(file)).toBe(false);
    expect((await s.owner.get(`${s.api}/guest/download/status/${status.id}`)).status).toBe(404);
    expect((await s.owner.get(status.download_url)).status).toBe(404);
  });
});

describe('who may download', () => {
  it('serves the file only to users with access to the guests of that site', async () => {
    const s = await site();
    const other = await site();
    await portalLogin(server, s, { email: 'ana@example.com' });
    const { status } = await download(s, 'guests');
    const statusUrl = `${s.api}/guest/download/status/${status.id}`;

    const anonymous = server.client();
    expect((await anonymous.get(status.download_url)).status).toBe(401);
    const stranger = (await registerAccount(server)).client;
    expect((await stranger.get(status.download_url)).status).toBe(404);
    expect((await stranger.get(statusUrl)).status).toBe(404);
    expect((await stranger.get(`${s.api}/guest/download/guests`)).status).toBe(404);
    // The same account's other site does not hold this download.
    expect((await other.owner.get(`${other.api}/guest/download/file/${status.id}`)).status).toBe(404);

    const [row] = await db().select().from(guestExports).where(eq(guestExports.id, status.id));
    const readOnly = await signedInClient(server, row!.accountId, [{ siteId: s.siteId, area: 'guest_data', level: 'read' }]);
    expect((await readOnly.client.get(statusUrl)).status).toBe(200);
    const fetched = await readOnly.client.get(status.download_url);
    expect(fetched.status).toBe(200);
    expect(parseCsv(fetched.body)).toHaveLength(2);
    const sessions = await readOnly.client.get(`${s.api}/guest/download/sessions`);
    expect(sessions.status).toBe(200);
    // Written before the next test takes the exports folder away (its job would make it again).
    expect((await waitForDownload(readOnly.client, sessions.body.status_url)).status).toBe('ready');

    const noAccess = await signedInClient(server, row!.accountId, [
      { siteId: s.siteId, area: 'guest_data', level: 'none' },
      { siteId: s.siteId, area: 'landing_page', level: 'write' },
    ]);
    expect((await noAccess.client.get(status.download_url)).status).toBe(403);
    expect((await noAccess.client.get(statusUrl)).status).toBe(403);
    expect((await noAccess.client.get(`${s.api}/guest/download/guests`)).status).toBe(403);
  });
});

describe('a download that cannot be written', () => {
  // Three attempts spaced by the job queue's backoff: a minute or more when the machine is busy.
  it('is retried by the job queue, then reported failed', { timeout: 150_000 }, async () => {
    const s = await site();
    await portalLogin(server, s, { email: 'ana@example.com' });
    rmSync(exportsDir(), { recursive: true, force: true });
    // A file where the folder should be: every attempt fails to write.
    writeFileSync(exportsDir(), 'not a folder');
    try {
      const start = await s.owner.get(`${s.api}/guest/download/guests`);
      const status = await waitForDownload(s.owner, start.body.status_url, [], 140_000);
      expect(status).toMatchObject({ status: 'failed', download_url: null, error: 'Preparing the download failed' });
      const [row] = await db().select().from(guestExports).where(eq(guestExports.id, start.body.id));
      expect(row!.attempt).toBe(3);
    } finally {
      rmSync(exportsDir(), { force: true });
      mkdirSync(exportsDir(), { recursive: true });
    }
  });
});
