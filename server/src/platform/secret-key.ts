import path from 'node:path';
import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import { safeEqual } from './crypto.ts';
import { createSecretKeyRepo } from './secret-key.repo.ts';

/** What the fingerprint is derived for: a fixed label, so the stored value says nothing about the key. */
const FINGERPRINT_PURPOSE = 'secret-key-fingerprint';

/**
 * Refuses to go on when this process's secret key is not the one the database's secrets are sealed
 * with (the first process to start stored its fingerprint): a second node with a key of its own would
 * seal secrets that the others cannot open, and could not open theirs.
 */
export async function assertSecretKeyMatches(db: Database, config: Config, deriveKey: (purpose: string) => string) {
  const mine = deriveKey(FINGERPRINT_PURPOSE);
  const stored = await createSecretKeyRepo(db).claim(mine);
  if (safeEqual(stored, mine)) return;
  const source = config.secretKeyHex ? 'SECRET_KEY' : `the key generated into ${path.join(config.dataDir, 'secret.key')}`;
  throw new Error(
    `The secret key (${source}) is not the one this database's secrets are sealed with: another process started on it ` +
      'with another key. Set SECRET_KEY to the same 64 hex characters on every process that shares the database.',
  );
}
