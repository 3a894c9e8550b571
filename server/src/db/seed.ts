import { eq } from 'drizzle-orm';
import { TRIAL_DAYS } from '@splashboard/contract';
import type { Database } from './client.ts';
import { accounts, sites, users } from './schema/index.ts';

const DEMO_SITES = [
  {
    name: 'Downtown Café',
    routerType: 'unifi',
    authMethods: ['clickthrough', 'email'],
    timezone: 'America/New_York',
    currency: 'USD',
    defaultCountryCode: 'US',
  },
  {
    name: 'Harbor Hotel',
    routerType: 'opennds',
    authMethods: ['email', 'phone', 'voucher'],
    timezone: 'Europe/Madrid',
    currency: 'EUR',
    defaultCountryCode: 'ES',
  },
  {
    name: 'City Stadium',
    routerType: 'mikrotik',
    authMethods: ['clickthrough', 'voucher', 'guestuser'],
    timezone: 'Europe/London',
    currency: 'GBP',
    defaultCountryCode: 'GB',
  },
];

/**
 * The demo account: created once, left alone after that. Answers whether it was created now. The password
 * is hashed by the caller's function (the platform's), only when the account is created.
 */
export async function seedDemo(
  db: Database,
  demo: { email: string; password: string },
  hashPassword: (password: string) => Promise<string>,
): Promise<boolean> {
  // No demo account where DEMO_EMAIL is set empty (a production deployment).
  if (!demo.email) return false;
  const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.email, demo.email));
  if (existing) return false;
  const passwordHash = await hashPassword(demo.password);
  try {
    await createDemoAccount(db, demo.email, passwordHash);
  } catch (err) {
    // Another node starting at the same moment made it first (the email is unique).
    const { code, cause } = err as { code?: string; cause?: { code?: string } };
    if (code === '23505' || cause?.code === '23505') return false;
    throw err;
  }
  return true;
}

async function createDemoAccount(db: Database, email: string, passwordHash: string) {
  await db.transaction(async (tx) => {
    const [account] = await tx
      .insert(accounts)
      .values({
        name: 'Demo Hospitality Group',
        deploymentType: 'hotel',
        planType: 'engage',
        subscriptionStatus: 'trialing',
        trialEnd: new Date(Date.now() + TRIAL_DAYS * 86400_000),
      })
      .returning({ id: accounts.id });
    await tx.insert(users).values({
      accountId: account!.id,
      email,
      name: 'Demo Admin',
      passwordHash,
      role: 'admin',
      emailVerified: true,
    });
    await tx.insert(sites).values(DEMO_SITES.map((s) => ({ ...s, accountId: account!.id })));
  });
}

/**
 * Whether the demo login printed at start-up still works: the demo user may have changed its password
 * (Account, or a password reset) or its email since it was seeded.
 */
export async function demoLoginState(
  db: Database,
  demo: { email: string; password: string },
  verifyPassword: (hash: string, password: string) => Promise<boolean>,
): Promise<'works' | 'password_changed' | 'gone'> {
  const [user] = await db.select({ hash: users.passwordHash }).from(users).where(eq(users.email, demo.email));
  if (!user) return 'gone';
  return (await verifyPassword(user.hash, demo.password)) ? 'works' : 'password_changed';
}
