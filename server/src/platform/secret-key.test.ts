import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { secretKeyFingerprint } from '../db/schema/index.ts';
import { freshDatabase } from '../../test/harness.ts';

let db: Awaited<ReturnType<typeof freshDatabase>>;
const dirs: string[] = [];
beforeAll(async () => {
  db = await freshDatabase();
});
afterAll(async () => {
  await db?.drop();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** Builds the app as a process on the shared database would start, with its own data folder. */
async function startNode(secretKey: string | undefined) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'sb-key-'));
  dirs.push(dataDir);
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    STRIPE_SECRET_KEY: '',
    ...(db.url ? { DATABASE_URL: db.url } : {}),
    ...(secretKey ? { SECRET_KEY: secretKey } : {}),
  });
  const built = await buildApp(config, { handle: db.handle });
  await built.close();
  return dataDir;
}

describe('the secret key across processes', () => {
  it('is fingerprinted by the first process, and a process with another key refuses to start, naming SECRET_KEY', async () => {
    const key = randomBytes(32).toString('hex');
    await startNode(key);
    const rows = await db.handle.db.select().from(secretKeyFingerprint);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.fingerprint).toMatch(/^[0-9a-f]{64}$/);
    expect(rows[0]!.fingerprint).not.toContain(key);

    const other = randomBytes(32).toString('hex');
    await expect(startNode(other)).rejects.toThrow(
      /The secret key \(SECRET_KEY\) is not the one this database's secrets are sealed with/,
    );
    // A process without SECRET_KEY generates its own key file, which does not match either.
    await expect(startNode(undefined)).rejects.toThrow(
      /secret\.key\) is not the one .* Set SECRET_KEY to the same 64 hex characters/,
    );

    // The same key starts again, and the stored fingerprint is the first one still.
    await startNode(key);
    expect(await db.handle.db.select().from(secretKeyFingerprint)).toEqual(rows);
  });
});
