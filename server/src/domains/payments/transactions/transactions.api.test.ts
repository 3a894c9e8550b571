import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Stripe from 'stripe';
import { eq } from 'drizzle-orm';
import { accounts, guestSessions, paymentAccounts, paymentRefunds, paymentTransactions } from '../../../db/schema/index.ts';
import { createSite, registerAccount, startServer, type TestServer } from '../../../../test/harness.ts';
import { randomMac } from '../../../../test/portal.ts';
import { startSmtp } from '../../../../test/smtp.ts';
import { emailsTo, eventually, paidAccount, paymentSite, type PaymentSite } from '../../../../test/payment-ledger.ts';

let server: TestServer;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
const sites: PaymentSite[] = [];
beforeAll(async () => {
  smtp = await startSmtp();
  server = await startServer({ LOG_LEVEL: process.env.DEBUG_LOG ?? 'silent', SMTP_URL: smtp.url });
});
afterAll(async () => {
  await Promise.all(sites.map((s) => s.unifi.close()));
  await server?.close();
  await smtp?.close();
});

const db = () => server.handle.db;
/** A whole 1×1 PNG (an RGB pixel), as an operator's logo. */
const ONE_PIXEL_PNG = Buffer.from(
  '89504e470d0a1a0a0000000d4948445200000001000000010802000000907753de0000000c49444154789c6390eb780a000253018cd2f2adee0000000049454e44ae426082',
  'hex',
);
const newSite = async () => {
  const s = await paymentSite(server);
  sites.push(s);
  return s;
};
const transactionRow = async (id: number) =>
  (await db().select().from(paymentTransactions).where(eq(paymentTransactions.id, id)))[0]!;
const refundsOf = (id: number) => db().select().from(paymentRefunds).where(eq(paymentRefunds.transactionId, id));
const refundRequests = () => server.stripe!.requests.filter((r) => r.path === '/v1/refunds' && r.method === 'POST');

/** Delivers a connected account's event to the Connect endpoint, signed as Stripe signs it. */
async function deliverConnect(event: Stripe.Event) {
  const payload = JSON.stringify(event);
  const header = Stripe.webhooks.generateTestHeaderString({ payload, secret: server.config.stripe.connectWebhookSecret });
  const res = await fetch(`${server.url}/webhooks/stripe/connect`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'stripe-signature': header },
    body: payload,
  });
  return res.status;
}

describe('the transactions list', () => {
  it('lists the site’s transactions newest first with their refunds, searched and bounded by days', async () => {
    const s = await newSite();
    const ana = await paidAccount(server, s, { email: 'ana.tx@example.test' });
    const bob = await paidAccount(server, s, { email: 'bob.tx@example.test' });
    await s.owner.post(`${s.api}/paymenttransactions/${ana.transactionId}/refund`, {
      reason_for_refund: 'connectivity_issues',
      amount: 500,
    });
    const res = await s.owner.get(`${s.api}/paymenttransactions/`);
    expect(res.status).toBe(200);
    expect(res.body.metadata.total).toBe(2);
    expect(res.body.items.map((t: { id: number }) => t.id)).toEqual([bob.transactionId, ana.transactionId]);
    expect(res.body.items[1]).toMatchObject({
      email: 'ana.tx@example.test',
      package_name: 'Day pass',
      amount: 1500,
      fee_amount: ana.fee,
      refunded: 500,
      refunds: [{ amount: 500, reason: 'connectivity_issues', status: 'succeeded' }],
    });
    const search = await s.owner.get(`${s.api}/paymenttransactions/?search=bob.tx`);
    expect(search.body.items.map((t: { id: number }) => t.id)).toEqual([bob.transactionId]);
    const old = await s.owner.get(`${s.api}/paymenttransactions/?fromdate=01/01/2020&todate=02/01/2020`);
    expect(old.body.metadata.total).toBe(0);
  });

  it('answers 404 for another account’s transaction', async () => {
    const s = await newSite();
    const ana = await paidAccount(server, s);
    const other = await registerAccount(server);
    const otherSite = await createSite(other.client);
    expect((await other.client.get(`/s/${otherSite.id}/api/v1/paymenttransactions/${ana.transactionId}`)).status).toBe(404);
    const refund = await other.client.post(`/s/${otherSite.id}/api/v1/paymenttransactions/${ana.transactionId}/refund`, {
      reason_for_refund: 'no_longer_using',
    });
    expect(refund.status).toBe(404);
    expect(refund.body.code).toBe('payments.transactionNotFound');
  });
});

describe('refunds', () => {
  it('refunds part on the site’s Stripe (fee given back, reason mapped, idempotency key), then the rest', async () => {
    const s = await newSite();
    const ana = await paidAccount(server, s);
    const res = await s.owner.post(`${s.api}/paymenttransactions/${ana.transactionId}/refund`, {
      reason_for_refund: 'duplicate_transactions',
      comments: 'Charged twice',
      amount: 600,
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 200, message: 'Refund filed', transaction: { refunded: 600 } });
    const [request] = refundRequests().filter((r) => r.params.payment_intent === ana.paymentIntentId);
    expect(request).toMatchObject({
      account: s.stripeAccount,
      params: { amount: '600', reason: 'duplicate', refund_application_fee: 'true' },
    });
    const [row] = await refundsOf(ana.transactionId);
    expect(row).toMatchObject({ amount: 600, reason: 'duplicate_transactions', comments: 'Charged twice', status: 'succeeded' });
    expect(request!.params.metadata).toMatchObject({ refund_id: String(row!.id) });
    expect(request!.idempotencyKey).toBe(`payment-refund-${row!.id}`);
    const stripeRefund = await s.stripe.refunds.retrieve(row!.stripeRefundId!, {}, { stripeAccount: s.stripeAccount });
    expect(stripeRefund).toMatchObject({ amount: 600, payment_intent: ana.paymentIntentId });

    const rest = await s.owner.post(`${s.api}/paymenttransactions/${ana.transactionId}/refund`, {
      reason_for_refund: 'no_longer_using',
    });
    expect(rest.body.transaction.refunded).toBe(1500);
    expect(
      refundRequests()
        .filter((r) => r.params.payment_intent === ana.paymentIntentId)
        .map((r) => r.params.reason),
    ).toEqual(['duplicate', 'requested_by_customer']);
    const done = await s.owner.post(`${s.api}/paymenttransactions/${ana.transactionId}/refund`, {
      reason_for_refund: 'no_longer_using',
    });
    expect(done.body.code).toBe('payments.alreadyRefunded');
  });

  it('refuses more than is left, and a transaction that was not paid, changing nothing', async () => {
    const s = await newSite();
    const ana = await paidAccount(server, s);
    const before = refundRequests().length;
    const tooMuch = await s.owner.post(`${s.api}/paymenttransactions/${ana.transactionId}/refund`, {
      reason_for_refund: 'no_longer_using',
      amount: 1501,
    });
    expect(tooMuch.status).toBe(422);
    expect(tooMuch.body).toMatchObject({
      code: 'payments.refundTooLarge',
      message: 'You can refund at most $15.00 of this transaction',
    });
    expect(refundRequests().length).toBe(before);
    expect(await refundsOf(ana.transactionId)).toEqual([]);
    expect((await transactionRow(ana.transactionId)).refunded).toBe(0);

    await db().update(paymentTransactions).set({ status: 'pending' }).where(eq(paymentTransactions.id, ana.transactionId));
    const pending = await s.owner.post(`${s.api}/paymenttransactions/${ana.transactionId}/refund`, {
      reason_for_refund: 'no_longer_using',
    });
    expect(pending.body.code).toBe('payments.refundNotPaid');
  });

  it('says why Stripe refused, and keeps nothing of the refund', async () => {
    const s = await newSite();
    const ana = await paidAccount(server, s);
    // Refunded in Stripe's dashboard already: Stripe refuses ours.
    const dashboard = await s.stripe.refunds.create({ payment_intent: ana.paymentIntentId }, { stripeAccount: s.stripeAccount });
    const res = await s.owner.post(`${s.api}/paymenttransactions/${ana.transactionId}/refund`, {
      reason_for_refund: 'no_longer_using',
    });
    expect(res.status).toBe(422);
    // The dashboard refund's event races our call: not yet heard, Stripe refuses ours and says why; heard first,
    // the ledger knows the payment is refunded and Stripe is not asked. Either way nothing of ours is kept.
    if (res.body.code === 'payments.alreadyRefunded') expect(res.body.message).toBe('This transaction is already fully refunded');
    else {
      expect(res.body.code).toBe('payments.refundFailed');
      expect(res.body.message).toMatch(/^The payment provider refused the refund: Charge .* has already been refunded/);
    }
    // Only the dashboard's refund may be known (from its event, where the test's Stripe delivers Connect events).
    const rows = await refundsOf(ana.transactionId);
    expect(rows.filter((r) => r.stripeRefundId !== dashboard.id)).toEqual([]);
    expect((await transactionRow(ana.transactionId)).refunded).toBe(rows.reduce((sum, r) => sum + r.amount, 0));
  });

  it('with disconnect_devices ends the devices’ sessions at the controller and the account now', async () => {
    const s = await newSite();
    const ana = await paidAccount(server, s);
    const extra = randomMac();
    expect((await s.owner.post(`${s.api}/paymentaccount/${ana.id}/connect`, { guestmac: extra })).body.access).toBe(
      'granted_now',
    );
    const res = await s.owner.post(`${s.api}/paymenttransactions/${ana.transactionId}/refund`, {
      reason_for_refund: 'connectivity_issues',
      disconnect_devices: true,
    });
    expect(res.body.message).toBe('Refund filed');
    expect(
      s.unifi.commands
        .filter((c) => c.body.cmd === 'unauthorize-guest')
        .map((c) => c.body.mac)
        .sort(),
    ).toEqual([ana.mac, extra].sort());
    const sessions = await db().select().from(guestSessions).where(eq(guestSessions.mac, extra));
    expect(sessions.every((x) => x.endedAt !== null)).toBe(true);
    const [account] = await db().select().from(paymentAccounts).where(eq(paymentAccounts.id, ana.id));
    expect(account!.expiresAt!.getTime()).toBeLessThanOrEqual(Date.now());
    const details = await s.owner.get(`${s.api}/paymentaccount/${ana.id}`);
    expect(details.body.status).toBe('expired');
  });

  it('records a refund made in Stripe’s dashboard from its event, once however often it arrives', async () => {
    const s = await newSite();
    const ana = await paidAccount(server, s);
    const refund = await s.stripe.refunds.create(
      { payment_intent: ana.paymentIntentId, amount: 400 },
      { stripeAccount: s.stripeAccount },
    );
    await server.stripe!.settled();
    const event = server.stripe!.events.find(
      (e) => e.type === 'refund.created' && (e.data.object as Stripe.Refund).id === refund.id,
    )!;
    expect(event.account).toBe(s.stripeAccount);
    expect(await deliverConnect(event)).toBe(200);
    expect(await deliverConnect(event)).toBe(200);
    const rows = await refundsOf(ana.transactionId);
    expect(rows).toEqual([expect.objectContaining({ amount: 400, stripeRefundId: refund.id, status: 'succeeded' })]);
    expect((await transactionRow(ana.transactionId)).refunded).toBe(400);

    // charge.refunded reads the intent's refunds: the same refund is not counted twice.
    const charged = server.stripe!.events.find(
      (e) => e.type === 'charge.refunded' && (e.data.object as Stripe.Charge).payment_intent === ana.paymentIntentId,
    )!;
    expect(await deliverConnect(charged)).toBe(200);
    expect(await refundsOf(ana.transactionId)).toHaveLength(1);
    const listed = await s.owner.get(`${s.api}/paymenttransactions/${ana.transactionId}`);
    expect(listed.body).toMatchObject({ refunded: 400, refunds: [{ amount: 400, comments: 'Refunded in Stripe' }] });
  });
});

describe('changing a transaction and its invoice', () => {
  it('changes devices and the end (future only) of the transaction and its payment account', async () => {
    const s = await newSite();
    const ana = await paidAccount(server, s);
    const past = await s.owner.put(`${s.api}/paymenttransactions/${ana.transactionId}`, {
      endtime: new Date(Date.now() - 60_000).toISOString(),
    });
    expect(past.status).toBe(422);
    expect(past.body.schema_errors.endtime).toEqual(['The end time must be in the future']);
    const endtime = new Date(Date.now() + 3 * 86_400_000).toISOString();
    const res = await s.owner.put(`${s.api}/paymenttransactions/${ana.transactionId}`, { num_devices: 3, endtime });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ num_devices: 3, endtime, terms: { num_devices: 3 } });
    const account = await s.owner.get(`${s.api}/paymentaccount/${ana.id}`);
    expect(account.body).toMatchObject({ expires_at: endtime, terms: { num_devices: 3 } });
  });

  it('emails the guest an invoice with its PDF', async () => {
    const s = await newSite();
    const ana = await paidAccount(server, s, { email: 'ana.invoice@example.test' });
    await s.owner.post(`${s.api}/paymenttransactions/${ana.transactionId}/refund`, {
      reason_for_refund: 'no_longer_using',
      amount: 300,
    });
    const res = await s.owner.post(`${s.api}/paymenttransactions/${ana.transactionId}/resend/invoice`, {});
    expect(res.body).toEqual({ status: 200, message: 'Invoice sent to ana.invoice@example.test' });
    const mail = await eventually(async () => (await emailsTo(server, 'ana.invoice@example.test'))[0]);
    expect(mail.subject).toMatch(/^Your invoice \d+-\d{6} for Wi-Fi at /);
    expect(mail.attachments).toHaveLength(1);
    const [pdf] = mail.attachments;
    expect(pdf).toMatchObject({ contentType: 'application/pdf', filename: expect.stringMatching(/^invoice-\d+-\d{6}\.pdf$/) });
    expect(Buffer.from(pdf!.contentBase64, 'base64').subarray(0, 5).toString()).toBe('%PDF-');
    // Delivered over SMTP with the PDF attached.
    const sent = await smtp.waitFor('ana.invoice@example.test');
    expect(sent.raw).toMatch(/Content-Type: application\/pdf; name=invoice-\d+-\d{6}\.pdf/);
    expect(sent.raw).toContain('Content-Disposition: attachment');
  });

  it('draws the logo of the invoice branding on the invoice', async () => {
    const s = await newSite();
    // Invoice branding is the provider plan's (payment_branding).
    await db().update(accounts).set({ planType: 'provider' }).where(eq(accounts.id, s.accountId));
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(ONE_PIXEL_PNG)], { type: 'image/png' }), 'logo.png');
    const logo = await s.owner.post('/a/api/v1/branding/image', form);
    expect(logo.status).toBe(200);
    const branding = await s.owner.put('/a/api/v1/branding/invoice', {
      company_name: 'Harbour Café Ltd',
      logo_image: logo.body.filelink,
    });
    expect(branding.status).toBe(200);
    const ana = await paidAccount(server, s, { email: 'ana.logo@example.test' });
    const sent = await s.owner.post(`${s.api}/paymenttransactions/${ana.transactionId}/resend/invoice`, {});
    expect(sent.body).toEqual({ status: 200, message: 'Invoice sent to ana.logo@example.test' });
    const mail = await eventually(async () => (await emailsTo(server, 'ana.logo@example.test'))[0]);
    const pdf = Buffer.from(mail.attachments[0]!.contentBase64, 'base64').toString('latin1');
    expect(pdf).toMatch(/\/Subtype \/Image/);
  });
});
