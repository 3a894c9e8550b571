import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyBaseLogger } from 'fastify';
import { engine, freshDatabase } from '../../test/harness.ts';
import type { DatabaseHandle } from '../db/client.ts';
import { LISTENER_APPLICATION_NAME } from './pg-notices.ts';
import { siteChangesOf, type SiteChanges } from './site-changes.ts';

let db: Awaited<ReturnType<typeof freshDatabase>>;
beforeAll(async () => {
  db = await freshDatabase();
});
afterAll(() => db?.drop());

/** A log that keeps its warnings, to see what a lost connection said. */
function recordingLog() {
  const warnings: string[] = [];
  const log = {
    warn: (_obj: unknown, msg?: string) => void warnings.push(msg ?? String(_obj)),
    info: () => undefined,
    error: () => undefined,
    debug: () => undefined,
  };
  return { warnings, log: log as unknown as FastifyBaseLogger };
}

/** What one process's caches hear: each site change, and each "drop everything". */
function listen(changes: SiteChanges) {
  const heard = { sites: [] as number[], everything: 0 };
  changes.subscribe(
    (siteId) => heard.sites.push(siteId),
    () => heard.everything++,
  );
  return heard;
}

async function until(check: () => boolean, ms = 10_000) {
  const started = Date.now();
  while (!check()) {
    if (Date.now() - started > ms) throw new Error(`not within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 20));
  }
  return Date.now() - started;
}

describe('site changes', () => {
  it('reach the caches of the process that made them at once', async () => {
    const changes = siteChangesOf(db.handle, db.url, recordingLog().log);
    const heard = listen(changes);
    await changes.start();
    changes.publish(41);
    expect(heard.sites).toEqual([41]);
    await changes.stop();
  });

  if (engine === 'pglite')
    it('stay in the one process on the embedded database (nothing to listen to)', async () => {
      const changes = siteChangesOf(db.handle, undefined, recordingLog().log);
      const heard = listen(changes);
      await changes.start();
      changes.publish(5);
      expect(heard).toEqual({ sites: [5], everything: 0 });
      await changes.stop();
    });

  if (engine === 'postgres')
    it("reach another process's caches through PostgreSQL, once, and again after its listening connection was cut", async () => {
      const a = siteChangesOf(db.handle, db.url, recordingLog().log);
      const bLog = recordingLog();
      const b = siteChangesOf(db.handle, db.url, bLog.log);
      const heardA = listen(a);
      const heardB = listen(b);
      await a.start();
      await b.start();
      // Each connection tells its caches that what they hold may be stale (they hold nothing yet).
      expect([heardA.everything, heardB.everything]).toEqual([1, 1]);

      a.publish(101);
      const ms = await until(() => heardB.sites.includes(101));
      expect(ms).toBeLessThan(1000);
      b.publish(202);
      await until(() => heardA.sites.includes(202));
      // A process does not hear its own notice a second time.
      await new Promise((r) => setTimeout(r, 200));
      expect(heardA.sites).toEqual([101, 202]);
      expect(heardB.sites).toEqual([101, 202]);

      // The listening connection of every process is cut (a restarted database, a network failure).
      await cutListeners(db.handle);
      await until(() => heardB.everything >= 2 && heardA.everything >= 2);
      expect(bLog.warnings.join('\n')).toMatch(/connection that hears other processes’ changes was lost/);
      a.publish(303);
      await until(() => heardB.sites.includes(303));

      await a.stop();
      await b.stop();
    });
});

async function cutListeners(handle: DatabaseHandle) {
  const { rows } = await handle.executeSql(
    'select pg_terminate_backend(pid) as cut from pg_stat_activity where application_name = $1 and datname = current_database()',
    [LISTENER_APPLICATION_NAME],
  );
  expect(rows.length).toBe(2);
}
