import { eq } from 'drizzle-orm';
import type Stripe from 'stripe';
import { accounts, users } from '../src/db/schema/index.ts';
import { createStripeClient } from '../src/domains/billing/index.ts';
import { hashPassword } from '../src/platform/passwords.ts';
import { registerAccount, uniqueEmail, type TestClient, type TestServer } from './harness.ts';

/** The test server's Stripe, through the official SDK (as Stripe.js and Stripe's dashboard would act on it). */
export const stripeOf = (server: TestServer): Stripe => createStripeClient(server.config.stripe);

/** What Stripe.js does with the Payment Element: confirms the SetupIntent with a card; answers its id (the token). */
export async function confirmSetupIntent(server: TestServer, client: TestClient, paymentMethod = 'pm_card_visa') {
  const intent = await client.get('/a/api/v1/billingcard/setup_intent');
  if (intent.status !== 200) throw new Error(`setup intent: ${intent.status} ${JSON.stringify(intent.body)}`);
  const id = String(intent.body.client_secret).split('_secret_')[0]!;
  await stripeOf(server).setupIntents.confirm(id, { payment_method: paymentMethod });
  return id;
}

/** A card saved as the account's, through the API. */
export async function addCard(server: TestServer, client: TestClient, paymentMethod = 'pm_card_visa') {
  const token = await confirmSetupIntent(server, client, paymentMethod);
  const res = await client.post('/a/api/v1/billingcard/', { token });
  if (res.status !== 200) throw new Error(`card: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

export async function accountOf(server: TestServer, email: string) {
  const [row] = await server.handle.db
    .select({ account: accounts })
    .from(accounts)
    .innerJoin(users, eq(users.accountId, accounts.id))
    .where(eq(users.email, email));
  return row!.account;
}

/** A new account whose trial has run out. */
export async function expiredAccount(server: TestServer, plan = 'engage') {
  const owner = await registerAccount(server, { plan_type: plan });
  const account = await accountOf(server, owner.email);
  await server.handle.db
    .update(accounts)
    .set({ trialEnd: new Date(Date.now() - 60_000) })
    .where(eq(accounts.id, account.id));
  return { ...owner, accountId: account.id };
}

/** Another admin of the account: without billing access, as invited admins are. */
export async function invitedAdmin(server: TestServer, accountId: number) {
  const email = uniqueEmail('admin');
  await server.handle.db.insert(users).values({
    accountId,
    email,
    name: 'Invited Admin',
    passwordHash: await hashPassword('admin-pass-7'),
    role: 'admin',
    billingAccess: false,
    emailVerified: true,
  });
  const client = server.client();
  const res = await client.post('/login', { email, password: 'admin-pass-7' });
  if (res.status !== 200) throw new Error(`admin login failed: ${res.status}`);
  return client;
}
