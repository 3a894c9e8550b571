import { afterEach, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { freshDatabase } from '../../test/harness.ts';
import { hashPassword } from '../platform/passwords.ts';
import { accounts, users } from './schema/index.ts';
import { seedDemo } from './seed.ts';

let drop: (() => Promise<void>) | undefined;
afterEach(async () => drop?.());

describe('the demo account seeded at start', () => {
  it('is made once when several nodes start at the same moment', async () => {
    const database = await freshDatabase();
    drop = database.drop;
    const demo = { email: 'demo-race@splashboard.local', password: 'splashboard-demo' };
    const created = await Promise.all([1, 2, 3].map(() => seedDemo(database.handle.db, demo, hashPassword)));
    expect(created.filter(Boolean)).toHaveLength(1);
    const rows = await database.handle.db.select({ accountId: users.accountId }).from(users).where(eq(users.email, demo.email));
    expect(rows).toHaveLength(1);
    const [accountCount] = await database.handle.db.select({ n: count() }).from(accounts);
    expect(accountCount!.n).toBe(1);
  });

  it('is not made when DEMO_EMAIL is empty', async () => {
    const database = await freshDatabase();
    drop = database.drop;
    expect(await seedDemo(database.handle.db, { email: '', password: 'splashboard-demo' }, hashPassword)).toBe(false);
    const [accountCount] = await database.handle.db.select({ n: count() }).from(accounts);
    expect(accountCount!.n).toBe(0);
  });
});
