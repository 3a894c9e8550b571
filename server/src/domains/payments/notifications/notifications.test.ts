import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createHmac } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { paymentAccounts, paymentTransactions } from '../../../db/schema/index.ts';
import { startServer, type TestServer } from '../../../../test/harness.ts';
import { emailsTo, eventually, paidAccount, paymentSite, type PaymentSite } from '../../../../test/payment-ledger.ts';
import { EXPIRY_REMINDER_JOB, notifyPurchase } from './notify.ts';
import { RECURRING_CHARGE_JOB } from '../transactions/recurring-charge.ts';

let server: TestServer;
let receiver: Server;
let receiverUrl = '';
const received: { headers: Record<string, string | string[] | undefined>; body: string }[] = [];
const sites: PaymentSite[] = [];

beforeAll(async () => {
  server = await startServer({ LOG_LEVEL: process.env.DEBUG_LOG ?? 'silent' });
  receiver = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      received.push({ headers: req.headers, body });
      res.end('ok');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks/wifi`;
});
afterAll(async () => {
  await Promise.all(sites.map((s) => s.unifi.close()));
  await server?.close();
  await new Promise<void>((resolve) => receiver.close(() => resolve()));
});

const db = () => server.handle.db;
const jobs = () => server.built.ctx.jobs;
const newSite = async (opts: Parameters<typeof paymentSite>[1] = {}) => {
  const s = await paymentSite(server, opts);
  sites.push(s);
  return s;
};
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));
const renewalsOf = (paymentAccountId: number) =>
  db()
    .select()
    .from(paymentTransactions)
    .where(and(eq(paymentTransactions.paymentAccountId, paymentAccountId), eq(paymentTransactions.kind, 'renewal')));
const accountRow = async (id: number) => (await db().select().from(paymentAccounts).where(eq(paymentAccounts.id, id)))[0]!;

describe('notifications of a purchase and a refund', () => {
  it('emails notify_email, POSTs signed JSON to notify_webhook and emails the guest, once per purchase', async () => {
    const s = await newSite();
    const saved = await s.owner.put(`${s.api}/paymentloginconfig/`, {
      notify_email: ['owner.notify@example.test'],
      webhook_accnt_notify: true,
      notify_webhook: receiverUrl,
      email_accnt_notify: true,
    });
    expect(saved.status).toBe(200);
    const ana = await paidAccount(server, s, { email: 'ana.notify@example.test' });
    await notifyPurchase(jobs(), ana.transactionId);
    await notifyPurchase(jobs(), ana.transactionId);

    const owner = await eventually(async () => (await emailsTo(server, 'owner.notify@example.test'))[0]);
    expect(owner.subject).toMatch(/^New Wi-Fi purchase at .*: \$15\.00$/);
    expect(owner.text).toContain('Guest: Ana López ana.notify@example.test');
    const guest = await eventually(async () => (await emailsTo(server, 'ana.notify@example.test'))[0]);
    expect(guest.text).toContain('Username: ana.notify@example.test');
    const hook = await eventually(async () => received.find((r) => r.body.includes(`"id":${ana.transactionId},`)));
    const payload = JSON.parse(hook.body);
    expect(payload).toMatchObject({
      type: 'payment.succeeded',
      site: { id: s.siteId },
      account: { id: ana.id, email: 'ana.notify@example.test' },
      transaction: { id: ana.transactionId, amount: 1500, currency: 'USD', status: 'succeeded' },
    });
    const { secret } = (await s.owner.get(`${s.api}/paymentloginconfig/webhook-secret`)).body;
    const [, t, v1] = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(String(hook.headers['x-splashboard-signature']))!;
    expect(createHmac('sha256', secret).update(`${t}.${hook.body}`).digest('hex')).toBe(v1);
    expect(Math.abs(Number(t) - Date.now() / 1000)).toBeLessThan(60);

    await pause(1500);
    expect(await emailsTo(server, 'owner.notify@example.test')).toHaveLength(1);
    expect(await emailsTo(server, 'ana.notify@example.test')).toHaveLength(1);
    expect(
      received.filter((r) => r.body.includes(`"id":${ana.transactionId},`) && r.body.includes('payment.succeeded')),
    ).toHaveLength(1);

    await s.owner.post(`${s.api}/paymenttransactions/${ana.transactionId}/refund`, {
      reason_for_refund: 'no_longer_using',
      amount: 500,
    });
    const refundMail = await eventually(async () =>
      (await emailsTo(server, 'owner.notify@example.test')).find((m) => m.subject.startsWith('Wi-Fi refund')),
    );
    expect(refundMail.subject).toMatch(/: \$5\.00$/);
    expect(refundMail.text).toContain('Reason: No longer using');
    const refundHook = await eventually(async () => received.find((r) => r.body.includes('"type":"payment.refunded"')));
    expect(JSON.parse(refundHook.body)).toMatchObject({
      refund: { amount: 500, reason: 'no_longer_using' },
      transaction: { refunded: 500 },
    });
  });

  it('the webhook secret is for those who may change the payment settings', async () => {
    const s = await newSite();
    const other = await newSite();
    expect((await other.owner.get(`${s.api}/paymentloginconfig/webhook-secret`)).status).toBe(404);
    const mine = (await s.owner.get(`${s.api}/paymentloginconfig/webhook-secret`)).body.secret;
    const theirs = (await other.owner.get(`${other.api}/paymentloginconfig/webhook-secret`)).body.secret;
    expect(mine).toMatch(/^whsec_[0-9a-f]{48}$/);
    expect(mine).not.toBe(theirs);
  });
});

describe('expiry reminders', () => {
  it('reminds a guest whose package ends within a day, once for that end', async () => {
    const s = await newSite();
    const soon = await paidAccount(server, s, {
      email: 'ana.soon@example.test',
      expiresAt: new Date(Date.now() + 12 * 3_600_000),
    });
    await paidAccount(server, s, { email: 'bob.later@example.test', expiresAt: new Date(Date.now() + 3 * 86_400_000) });
    await jobs().enqueue(EXPIRY_REMINDER_JOB, {});
    const mail = await eventually(async () => (await emailsTo(server, 'ana.soon@example.test'))[0]);
    expect(mail.subject).toMatch(/^Your Wi-Fi package at .* ends tomorrow$/);
    expect(mail.text).toContain('Your package Day pass at');
    expect((await accountRow(soon.id)).expiryRemindedFor).not.toBeNull();

    await jobs().enqueue(EXPIRY_REMINDER_JOB, {});
    await pause(1500);
    expect(await emailsTo(server, 'ana.soon@example.test')).toHaveLength(1);
    expect(await emailsTo(server, 'bob.later@example.test')).toHaveLength(0);
  });
});

describe('recurring charges', () => {
  it('charges a due account off-session on its saved card, extends it one duration, once a day', async () => {
    const s = await newSite({ recurring: true });
    const expiresAt = new Date(Date.now() + 3_600_000);
    const ana = await paidAccount(server, s, { recurring: true, expiresAt, nextPaymentOn: new Date(Date.now() - 60_000) });
    const before = await accountRow(ana.id);
    await jobs().enqueue(RECURRING_CHARGE_JOB, {});
    const [renewal] = await eventually(async () => {
      const rows = await renewalsOf(ana.id);
      return rows.length ? rows : null;
    });
    expect(renewal).toMatchObject({ status: 'succeeded', amount: 1500, feeAmount: ana.fee, currency: 'USD' });
    const intent = server.stripe!.paymentIntentsOf(s.stripeAccount).find((p) => p.id === renewal!.stripePaymentIntentId)!;
    expect(intent).toMatchObject({
      status: 'succeeded',
      amount: 1500,
      customer: before.stripeCustomerId,
      payment_method: before.stripePaymentMethodId,
    });
    expect(ana.fee).toBeGreaterThan(0);
    expect(intent.application_fee_amount).toBe(ana.fee);
    const request = server.stripe!.requests.find((r) => r.path === '/v1/payment_intents' && r.params.off_session !== undefined)!;
    expect(request).toMatchObject({ account: s.stripeAccount, params: { off_session: 'true', confirm: 'true' } });
    expect(request.idempotencyKey).toMatch(new RegExp(`^payment-renewal-${ana.id}-\\d{4}-\\d{2}-\\d{2}$`));

    const after = await accountRow(ana.id);
    expect(after.expiresAt!.getTime()).toBe(expiresAt.getTime() + 86_400_000);
    expect(after.nextPaymentOn!.getTime()).toBe(before.nextPaymentOn!.getTime() + 86_400_000);
    expect(after.recurring).toBe(true);

    // Due again (the date moved back by hand): the day's try was made, so no second charge today.
    await db()
      .update(paymentAccounts)
      .set({ nextPaymentOn: new Date(Date.now() - 1000) })
      .where(eq(paymentAccounts.id, ana.id));
    await jobs().enqueue(RECURRING_CHARGE_JOB, {});
    await pause(1500);
    expect(await renewalsOf(ana.id)).toHaveLength(1);
  });

  it('records a refused renewal as failed, keeps recurring on and emails the guest', async () => {
    const s = await newSite({ recurring: true });
    const ana = await paidAccount(server, s, {
      email: 'ana.declined@example.test',
      card: 'pm_card_chargeCustomerFail',
      recurring: true,
      nextPaymentOn: new Date(Date.now() - 60_000),
    });
    const before = await accountRow(ana.id);
    await jobs().enqueue(RECURRING_CHARGE_JOB, {});
    const [renewal] = await eventually(async () => {
      const rows = await renewalsOf(ana.id);
      return rows.length ? rows : null;
    });
    expect(renewal).toMatchObject({ status: 'failed', paidAt: null });
    expect(renewal!.failureMessage).toMatch(/declined/i);
    const after = await accountRow(ana.id);
    expect(after).toMatchObject({ recurring: true });
    expect(after.expiresAt!.getTime()).toBe(before.expiresAt!.getTime());
    const mail = await eventually(async () => (await emailsTo(server, 'ana.declined@example.test'))[0]);
    expect(mail.subject).toMatch(/^Your Wi-Fi renewal at .* did not go through$/);
    const listed = await s.owner.get(`${s.api}/paymenttransactions/?search=ana.declined`);
    expect(listed.body.items.map((t: { kind: string; status: string }) => `${t.kind}:${t.status}`)).toEqual([
      'renewal:failed',
      'purchase:succeeded',
    ]);
  });
});
