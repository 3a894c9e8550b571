import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { registerAccount, startServer, type TestServer } from '../../test/harness.ts';
import { oneTimeTokens, rateLimits, sessions, users } from '../db/schema/index.ts';
import { createAccountsRepo } from './accounts.repo.ts';
import { createJobQueue } from './jobs.ts';
import { createMaintenance } from './maintenance.ts';
import { createRateLimitsRepo } from './rate-limits.repo.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server?.close());

describe('maintenance', () => {
  it('removes expired sessions, old tokens and finished rate-limit windows, and keeps live ones', async () => {
    const { client, email } = await registerAccount(server);
    const [user] = await server.handle.db.select().from(users).where(eq(users.email, email));
    const db = server.handle.db;
    await db
      .insert(sessions)
      .values({ id: 'expired-session', userId: user!.id, csrfToken: 'x', expiresAt: new Date(Date.now() - 1000) });
    await db.insert(oneTimeTokens).values([
      { id: 'old-token', kind: 'email_verify', email, expiresAt: new Date(Date.now() - 2 * 86400_000) },
      { id: 'live-token', kind: 'email_verify', email, expiresAt: new Date(Date.now() + 86400_000) },
    ]);
    await db.insert(rateLimits).values({ key: 'old-window', windowStart: new Date(Date.now() - 2 * 86400_000), count: 3 });

    const maintenance = createMaintenance({
      accounts: createAccountsRepo(db),
      rateLimits: createRateLimitsRepo(db),
      jobs: createJobQueue(server.handle, undefined, server.built.app.log),
    });
    const removed = await maintenance.cleanupExpired();
    expect(removed.sessions).toBeGreaterThanOrEqual(1);
    expect(removed.tokens).toBeGreaterThanOrEqual(1);
    expect(removed.rateLimits).toBeGreaterThanOrEqual(1);
    expect(await db.select().from(sessions).where(eq(sessions.id, 'expired-session'))).toHaveLength(0);
    expect(await db.select().from(oneTimeTokens).where(eq(oneTimeTokens.id, 'live-token'))).toHaveLength(1);
    expect((await client.get('/a/api/v1/profile/')).status).toBe(200);
  });
});
