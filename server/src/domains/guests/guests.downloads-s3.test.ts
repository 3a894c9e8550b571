import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { buildApp, type BuiltApp } from '../../app.ts';
import type { Config } from '../../config.ts';
import { guestExports, guests } from '../../db/schema/index.ts';
import { startServer, TestClient, type TestServer } from '../../../test/harness.ts';
import { startS3Fake, type S3Fake } from '../../../test/fakes/s3.ts';
import type { PortalSite } from '../../../test/portal.ts';
import { EXPORT_CHUNK, EXPORT_CLEANUP_JOB } from './guest-exports.ts';
import { guestSite, insertGuests, parseCsv, portalLogin, waitForDownload } from '../../../test/fixtures/guests.ts';

// The downloads with S3-compatible storage configured: written by one node's worker into the bucket,
// served by any node from it (server/test/fakes/s3.ts checks every request's signature).

let s3: S3Fake;
let server: TestServer;
const fakes: PortalSite[] = [];
const nodes: { built: BuiltApp; dataDir: string }[] = [];
beforeAll(async () => {
  s3 = await startS3Fake();
  server = await startServer({ ...s3.env(), LOG_LEVEL: process.env.DEBUG_LOG ?? 'silent' });
});
afterAll(async () => {
  for (const node of nodes) {
    await node.built.close();
    rmSync(node.dataDir, { recursive: true, force: true });
  }
  await Promise.all(fakes.map((f) => f.unifi.close()));
  await server?.close();
  await s3?.close();
});

const site = async () => {
  const s = await guestSite(server);
  fakes.push(s);
  return s;
};
const db = () => server.handle.db;
const keyOf = (siteId: number, id: string) => `exports/sites/${siteId}/${id}.csv`;
const filesIn = (dir: string) => (existsSync(dir) ? readdirSync(dir) : []);

/**
 * Another HTTP node on the same database, as a second machine would run it: its own data folder, port,
 * bucket client and no worker (it never writes a download, only serves them).
 */
async function startHttpNode(over: Partial<Config> = {}, log?: string[]) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'sb-node-'));
  const built = await buildApp(
    { ...server.config, dataDir, roles: new Set(['api', 'portal']), ...over },
    { handle: server.handle, logStream: log && { write: (line) => void log.push(line) } },
  );
  nodes.push({ built, dataDir });
  await built.app.listen({ port: 0, host: '127.0.0.1' });
  const address = built.app.server.address();
  const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  return { url, dataDir, built };
}

/** The same signed-in user on another node (sign-in sessions are in the database). */
function sameUserOn(url: string, client: TestClient) {
  const other = new TestClient(url);
  for (const [k, v] of client.cookies) other.cookies.set(k, v);
  return other;
}

/** Asks node A for a download, waits for its worker to write it: answers the ready status. */
async function prepare(s: PortalSite, kind: 'guests' | 'sessions') {
  const start = await s.owner.get(`${s.api}/guest/download/${kind}`);
  expect(start.status, JSON.stringify(start.body)).toBe(200);
  const status = await waitForDownload(s.owner, start.body.status_url);
  expect(status.status).toBe('ready');
  return status;
}

const bytesOf = async (res: Response) => Buffer.from(await res.arrayBuffer());
const fetchAs = (client: TestClient, url: string) =>
  fetch(client.baseUrl + url, { headers: { cookie: [...client.cookies].map((c) => c.join('=')).join('; ') } });

describe('guest downloads with S3-compatible storage', () => {
  it('puts the CSV in the bucket under exports/, nothing on the local disk, and any node serves it from there', async () => {
    const s = await site();
    const n = EXPORT_CHUNK * 2 + 300;
    await insertGuests(server, s.siteId, n);
    const status = await prepare(s, 'guests');
    expect(status.rows).toBe(n);

    const object = s3.objects.get(keyOf(s.siteId, status.id));
    expect(object?.contentType).toBe('text/csv; charset=utf-8');
    expect(filesIn(path.join(server.config.dataDir, 'exports'))).toEqual([]);
    expect(filesIn(path.join(server.config.dataDir, 'export-parts'))).toEqual([]);

    const fromA = await fetchAs(s.owner, status.download_url);
    expect(fromA.status).toBe(200);
    expect(fromA.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(fromA.headers.get('content-disposition')).toBe(`attachment; filename="${status.file_name}"`);
    const served = await bytesOf(fromA);
    expect(served.equals(object!.body)).toBe(true);
    const [header, ...body] = parseCsv(served.toString('utf8'));
    expect(header!.slice(0, 4)).toEqual(['Guest ID', 'First name', 'Last name', 'Email']);
    const stored = await db().select({ id: guests.id, email: guests.email }).from(guests).where(eq(guests.siteId, s.siteId));
    expect(body.map((r) => `${r[0]} ${r[3]}`).sort()).toEqual(stored.map((g) => `${g.id} ${g.email}`).sort());

    // Node B never ran the export: it reads the file from the bucket.
    const nodeB = await startHttpNode();
    const onB = sameUserOn(nodeB.url, s.owner);
    const fromB = await fetchAs(onB, status.download_url);
    expect(fromB.status).toBe(200);
    expect((await bytesOf(fromB)).equals(served)).toBe(true);
    expect(filesIn(path.join(nodeB.dataDir, 'exports'))).toEqual([]);
    // Its access is checked there as well.
    expect((await fetch(nodeB.url + status.download_url)).status).toBe(401);

    // The bucket's downloads are never served as uploads, which need no sign-in.
    for (const url of [server.url, nodeB.url])
      expect((await fetch(`${url}/uploads/${keyOf(s.siteId, status.id)}`)).status).toBe(404);
  });

  it('does the same for the sessions', async () => {
    const s = await site();
    const first = await portalLogin(server, s, { email: 'ana@example.com', firstname: 'Ana' });
    const second = await portalLogin(server, s, { email: 'ben@example.com', firstname: 'Ben' });
    const status = await prepare(s, 'sessions');
    expect(s3.objects.has(keyOf(s.siteId, status.id))).toBe(true);
    const nodeB = await startHttpNode();
    const file = await sameUserOn(nodeB.url, s.owner).get(status.download_url);
    expect(file.status).toBe(200);
    expect(
      parseCsv(file.body as string)
        .slice(1)
        .map((r) => [r[4], r[6]]),
    ).toEqual([
      ['ben@example.com', second],
      ['ana@example.com', first],
    ]);
  });

  it("removes a download's object after a day, and what is left under exports/ or as a part for a day", async () => {
    const s = await site();
    await portalLogin(server, s, { email: 'old@example.com' });
    const old = await prepare(s, 'guests');
    const fresh = await prepare(s, 'sessions');
    await db()
      .update(guestExports)
      .set({ createdAt: new Date(Date.now() - 25 * 3600_000) })
      .where(eq(guestExports.id, old.id));
    // An object no download names (a run that ended as its site was deleted), one old and one new.
    const stray = (key: string, hoursAgo: number) =>
      s3.objects.set(key, {
        body: Buffer.from('a,b\r\n'),
        contentType: 'text/csv',
        etag: 'e',
        lastModified: new Date(Date.now() - hoursAgo * 3600_000),
      });
    stray('exports/sites/999999/00000000-0000-4000-8000-000000000001.csv', 25);
    stray('exports/sites/999999/00000000-0000-4000-8000-000000000002.csv', 1);
    // A dead run's part file on the worker's disk.
    const parts = path.join(server.config.dataDir, 'export-parts');
    mkdirSync(parts, { recursive: true });
    const part = path.join(parts, '00000000-0000-4000-8000-000000000003.1.part');
    writeFileSync(part, 'half a file');
    utimesSync(part, new Date(Date.now() - 25 * 3600_000), new Date(Date.now() - 25 * 3600_000));

    await server.built.ctx.jobs.enqueue(EXPORT_CLEANUP_JOB, {});
    // The job removes the old downloads' objects, then sweeps the parts, then the bucket: the old stray goes last.
    await expect
      .poll(() => s3.objects.has('exports/sites/999999/00000000-0000-4000-8000-000000000001.csv'), { timeout: 10_000 })
      .toBe(false);
    expect(s3.objects.has(keyOf(s.siteId, old.id))).toBe(false);
    expect(s3.objects.has(keyOf(s.siteId, fresh.id))).toBe(true);
    expect(s3.objects.has('exports/sites/999999/00000000-0000-4000-8000-000000000002.csv')).toBe(true);
    expect(existsSync(part)).toBe(false);
    expect((await s.owner.get(old.download_url)).status).toBe(404);
    expect((await s.owner.get(fresh.download_url)).status).toBe(200);
    expect(s3.refused).toEqual([]);
  });

  it("removes a deleted site's downloads from the bucket with the site", async () => {
    const s = await site();
    const kept = await site();
    await portalLogin(server, s, { email: 'ana@example.com' });
    await portalLogin(server, kept, { email: 'ben@example.com' });
    const gone = await prepare(s, 'guests');
    const stays = await prepare(kept, 'guests');
    expect(s3.objects.has(keyOf(s.siteId, gone.id))).toBe(true);
    expect((await s.owner.del(`/s/api/v1/site/${s.siteId}`)).status).toBe(200);
    expect([...s3.objects.keys()].filter((k) => k.startsWith(`exports/sites/${s.siteId}/`))).toEqual([]);
    expect(s3.objects.has(keyOf(kept.siteId, stays.id))).toBe(true);
  });
});

describe('a download the bucket does not give', () => {
  it('answers 503 with a message and logs why when the bucket refuses the read, and 404 when the object is gone', async () => {
    const s = await site();
    await portalLogin(server, s, { email: 'ana@example.com' });
    const status = await prepare(s, 'guests');

    // A node whose S3 key is not the bucket's (a key rotated on one machine only): every read is refused.
    const log: string[] = [];
    const wrongKey = await startHttpNode(
      { logLevel: 'warn', s3: { ...server.config.s3!, secretAccessKey: 'not-the-secret-of-this-bucket' } },
      log,
    );
    const answer = await sameUserOn(wrongKey.url, s.owner).get(status.download_url);
    expect(answer.status).toBe(503);
    expect(answer.headers.get('retry-after')).toBe('60');
    expect(answer.body).toEqual({
      status: 503,
      message: 'The download could not be read from storage: try again in a few minutes',
      schema_errors: {},
      code: 'guests.downloadUnreadable',
    });
    expect(s3.refused.at(-1)).toEqual({
      code: 'SignatureDoesNotMatch',
      method: 'GET',
      path: `/${s3.bucket}/${keyOf(s.siteId, status.id)}`,
    });
    const logged = log.map((line) => JSON.parse(line)).find((l) => l.msg === "reading a guest download's file failed");
    expect(logged).toMatchObject({ level: 50, exportId: status.id, siteId: s.siteId, err: { name: 'SignatureDoesNotMatch' } });
    s3.refused.length = 0;

    s3.objects.delete(keyOf(s.siteId, status.id));
    const missing = await s.owner.get(status.download_url);
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe('This download is not ready or has expired');
  });
});
