import { eq } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { secretKeyFingerprint } from '../db/schema/index.ts';

/** secret_key_fingerprint: the fingerprint of the key this database's secrets are sealed with. The only module that queries it. */
export function createSecretKeyRepo(db: Database) {
  return {
    /** Stores the fingerprint when there is none yet, and answers the one stored (the first process's). */
    async claim(fingerprint: string): Promise<string> {
      await db.insert(secretKeyFingerprint).values({ id: 1, fingerprint }).onConflictDoNothing();
      const [row] = await db.select().from(secretKeyFingerprint).where(eq(secretKeyFingerprint.id, 1));
      return row!.fingerprint;
    },
  };
}
