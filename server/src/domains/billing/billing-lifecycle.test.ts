import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { stripeEvents } from '../../db/schema/index.ts';
import { registerAccount, startServer, type TestClient, type TestServer } from '../../../test/harness.ts';
import { accountOf, addCard, expiredAccount, stripeOf } from '../../../test/billing.ts';

/**
 * A subscription's life on Stripe's clock: trials ending, renewals, failed renewals and cancellations reach the
 * account only through Stripe's signed webhooks. The tests share one Stripe whose clock only goes forward, so
 * they run in order: the trial first, then accounts whose trial has run out (charged at once).
 */
let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server?.close());

const A = '/a/api/v1';
const payments = (customer: string) => server.stripe!.paymentsOf(customer).map((p) => `${p.status} ${p.amount}`);
/** Moves Stripe's clock an hour past a moment (its renewals and webhooks run on the way). */
async function advancePast(when: Date) {
  await server.stripe!.advanceTime(Math.ceil(when.getTime() / 1000 - server.stripe!.now()) + 3600);
}
const eventRows = async (id: string) =>
  (await server.handle.db.select({ n: count() }).from(stripeEvents).where(eq(stripeEvents.id, id)))[0]!.n;

async function subscribed(plan = 'collect_monthly') {
  const owner = await expiredAccount(server);
  await addCard(server, owner.client);
  const res = await owner.client.post(`${A}/subscription/buynow`, { plan_id: plan });
  expect(res.status).toBe(200);
  return owner;
}

describe('a subscription bought during the trial', () => {
  it('keeps the trial; when it ends Stripe charges, and the account is active with the paid invoice', async () => {
    const { client, email } = await registerAccount(server);
    const trialEnd = (await accountOf(server, email)).trialEnd!;
    await addCard(server, client);
    const preview = await client.get(`${A}/subscription/buynow?plan_id=engage_monthly`);
    expect(preview.body).toMatchObject({ amount_due_now: 0, next_charge: { amount: 79, date: trialEnd.toISOString() } });
    const bought = await client.post(`${A}/subscription/buynow`, { plan_id: 'engage_monthly' });
    expect(bought.status).toBe(200);
    expect(bought.body).toMatchObject({ status: 'trialing', plan_id: 'engage_monthly' });
    expect(Date.parse(bought.body.trial_end) / 1000).toBe(Math.floor(trialEnd.getTime() / 1000));
    expect(bought.body.next_charge).toMatchObject({ amount: 79, currency: 'USD' });
    const customer = (await accountOf(server, email)).stripeCustomerId!;
    expect(payments(customer)).toEqual([]);

    await advancePast(trialEnd);
    const sub = (await client.get(`${A}/subscription/`)).body;
    expect(sub).toMatchObject({ status: 'active', plan_id: 'engage_monthly', cancel_at_period_end: false });
    expect(Date.parse(sub.current_period_start) / 1000).toBe(Math.floor(trialEnd.getTime() / 1000));
    expect(payments(customer)).toEqual(['succeeded 7900']);
    const invoices = (await client.get(`${A}/invoices/`)).body.items;
    const paid = invoices.filter((i: { amount: number }) => i.amount > 0);
    expect(paid).toHaveLength(1);
    expect(paid[0]).toMatchObject({ status: 'paid', amount: 79, currency: 'USD' });
    const pdf = await fetch(paid[0].invoice_pdf);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toContain('application/pdf');
    expect((await pdf.arrayBuffer()).byteLength).toBeGreaterThan(100);
  });
});

describe('cancelling', () => {
  let owner: { client: TestClient; email: string };

  it('ends the subscription at the end of the period, with the reason kept', async () => {
    owner = await subscribed();
    const { client, email } = owner;
    const res = await client.post(`${A}/subscription/cancel`, { reason: 'price too high', comments: 'Too dear for one café' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'active', cancel_at_period_end: true, next_charge: null });
    const account = await accountOf(server, email);
    expect(account).toMatchObject({ cancelReason: 'price too high', cancelComments: 'Too dear for one café' });
    const sub = await stripeOf(server).subscriptions.retrieve(account.stripeSubscriptionId!);
    expect(sub.cancel_at_period_end).toBe(true);
    expect(sub.cancellation_details).toMatchObject({ feedback: 'too_expensive', comment: 'Too dear for one café' });
    const again = await client.post(`${A}/subscription/cancel`, { reason: 'other' });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('billing.notCancellable');

    await advancePast(account.currentPeriodEnd!);
    expect((await client.get(`${A}/subscription/`)).body.status).toBe('cancelled');
    expect((await client.get(`${A}/profile/`)).body.sub_active).toBe(false);
    expect(payments(account.stripeCustomerId!)).toEqual(['succeeded 2900']);
  });

  it('is undone by reactivating: a new subscription charged now', async () => {
    const { client, email } = owner;
    const before = await accountOf(server, email);
    const preview = await client.get(`${A}/subscription/reactivate`);
    expect(preview.status).toBe(200);
    expect(preview.body).toMatchObject({ plan_id: 'collect_monthly', amount_due_now: 29 });
    const res = await client.post(`${A}/subscription/reactivate`, {});
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'active', plan_id: 'collect_monthly', cancel_at_period_end: false });
    const after = await accountOf(server, email);
    expect(after.stripeSubscriptionId).not.toBe(before.stripeSubscriptionId);
    expect(payments(after.stripeCustomerId!)).toEqual(['succeeded 2900', 'succeeded 2900']);
    expect((await client.post(`${A}/subscription/reactivate`, {})).body.code).toBe('billing.notReactivatable');
  });

  it('before the period ends is withdrawn by reactivating, with no charge', async () => {
    const { client, email } = await subscribed('engage_yearly');
    await client.post(`${A}/subscription/cancel`, { reason: 'not used anymore' });
    const preview = await client.get(`${A}/subscription/reactivate`);
    expect(preview.body).toMatchObject({ plan_id: 'engage_yearly', amount_due_now: 0, next_charge: { amount: 790 } });
    const res = await client.post(`${A}/subscription/reactivate`, {});
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'active', cancel_at_period_end: false, next_charge: { amount: 790 } });
    const account = await accountOf(server, email);
    expect((await stripeOf(server).subscriptions.retrieve(account.stripeSubscriptionId!)).cancel_at_period_end).toBe(false);
    expect(payments(account.stripeCustomerId!)).toEqual(['succeeded 79000']);
  });
});

describe('a renewal that fails', () => {
  let owner: { client: TestClient; email: string };

  it('makes the account past due and asks the owner for a card, through the webhook alone', async () => {
    owner = await subscribed();
    const { client, email } = owner;
    await addCard(server, client, 'pm_card_chargeCustomerFail');
    const account = await accountOf(server, email);
    await advancePast(account.currentPeriodEnd!);
    expect((await client.get(`${A}/profile/`)).body.card_updated_required).toBe(true);
    expect((await client.get(`${A}/subscription/`)).body.status).toBe('past_due');
    expect(payments(account.stripeCustomerId!)).toEqual(['succeeded 2900', 'failed 2900']);
  });

  it('is paid with the new card, and the account is active again', async () => {
    const { client, email } = owner;
    const saved = await addCard(server, client);
    expect(saved.card_details).toMatchObject({ last4: '4242' });
    expect((await client.get(`${A}/profile/`)).body.card_updated_required).toBe(false);
    expect((await client.get(`${A}/subscription/`)).body.status).toBe('active');
    const account = await accountOf(server, email);
    expect(account.stripeStatus).toBe('active');
    expect(payments(account.stripeCustomerId!)).toEqual(['succeeded 2900', 'failed 2900', 'succeeded 2900']);
  });

  it('is not replayed by a redelivered event, nor undone by an old one arriving late', async () => {
    const account = await accountOf(server, owner.email);
    const events = server.stripe!.events.filter(
      (e) => (e.data.object as { customer?: string }).customer === account.stripeCustomerId,
    );
    const failed = events.find((e) => e.type === 'invoice.payment_failed')!;
    expect(await eventRows(failed.id)).toBe(1);
    expect(await server.stripe!.redeliver(failed.id)).toBe(200);
    expect(await eventRows(failed.id)).toBe(1);
    expect((await accountOf(server, owner.email)).cardUpdatedRequired).toBe(false);

    // The update that made it past due, delivered again as if it were new and late.
    const pastDue = events.find(
      (e) => e.type === 'customer.subscription.updated' && (e.data.object as { status: string }).status === 'past_due',
    )!;
    const late = { ...pastDue, id: `${pastDue.id}_late` };
    expect(await server.stripe!.deliver(late)).toBe(200);
    expect(await eventRows(late.id)).toBe(1);
    const after = await accountOf(server, owner.email);
    expect(after).toMatchObject({ subscriptionStatus: 'active', stripeStatus: 'active', cardUpdatedRequired: false });
  });
});
