import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { guestSessions, paymentAccountDevices, paymentAccounts } from '../../../db/schema/index.ts';
import { createSite, registerAccount, startServer, type TestServer } from '../../../../test/harness.ts';
import { signedInClient } from '../../../../test/clients.ts';
import { randomMac } from '../../../../test/portal.ts';
import { emailsTo, paidAccount, paymentSite, type PaymentSite } from '../../../../test/payment-ledger.ts';
import { verifyPassword } from '../../../platform/passwords.ts';
import { startFakeSmsGateway } from '../../../../test/fakes/sms-gateway.ts';

let server: TestServer;
const sites: PaymentSite[] = [];
beforeAll(async () => {
  server = await startServer({ LOG_LEVEL: process.env.DEBUG_LOG ?? 'silent' });
});
afterAll(async () => {
  await Promise.all(sites.map((s) => s.unifi.close()));
  await server?.close();
});

const db = () => server.handle.db;
const newSite = async (opts: Parameters<typeof paymentSite>[1] = {}) => {
  const s = await paymentSite(server, opts);
  sites.push(s);
  return s;
};
const rowOf = async (id: number) => (await db().select().from(paymentAccounts).where(eq(paymentAccounts.id, id)))[0]!;
const today = () => {
  const d = new Date();
  return `${String(d.getUTCDate()).padStart(2, '0')}/${String(d.getUTCMonth() + 1).padStart(2, '0')}/${d.getUTCFullYear()}`;
};

describe('listing and reading payment accounts', () => {
  it('lists a site’s accounts with their package, devices and what they paid, searched and bounded by days', async () => {
    const s = await newSite();
    const ana = await paidAccount(server, s, { email: 'ana.lists@example.test', phone: '+34600111222' });
    await paidAccount(server, s, { email: 'bob.lists@example.test' });

    const all = await s.owner.get(`${s.api}/paymentaccount/`);
    expect(all.status).toBe(200);
    expect(all.body.metadata).toEqual({ page: 1, per_page: 25, total: 2 });
    expect(all.body.can_write).toBe(true);
    const item = all.body.items.find((i: { id: number }) => i.id === ana.id);
    expect(item).toMatchObject({
      email: 'ana.lists@example.test',
      first_name: 'Ana',
      phone: '+34600111222',
      package_id: s.packageId,
      package_name: 'Day pass',
      status: 'active',
      recurring: false,
      has_card: true,
      devices_count: 1,
      total_paid: 1500,
      currency: 'USD',
    });

    const byPhone = await s.owner.get(`${s.api}/paymentaccount/?search=600111`);
    expect(byPhone.body.items.map((i: { email: string }) => i.email)).toEqual(['ana.lists@example.test']);
    const byName = await s.owner.get(`${s.api}/paymentaccount/?search=${encodeURIComponent('Ana Ló')}`);
    expect(byName.body.metadata.total).toBe(2);
    const todayOnly = await s.owner.get(`${s.api}/paymentaccount/?fromdate=${today()}&todate=${today()}`);
    expect(todayOnly.body.metadata.total).toBe(2);
    const old = await s.owner.get(`${s.api}/paymentaccount/?fromdate=01/01/2020&todate=31/01/2020`);
    expect(old.body.metadata.total).toBe(0);
    const badDate = await s.owner.get(`${s.api}/paymentaccount/?fromdate=2020-01-01`);
    expect(badDate.status).toBe(422);
  });

  it('shows an account’s devices (online while a session is open) and its transactions', async () => {
    const s = await newSite();
    const ana = await paidAccount(server, s);
    const before = await s.owner.get(`${s.api}/paymentaccount/${ana.id}`);
    expect(before.status).toBe(200);
    expect(before.body.devices).toEqual([
      expect.objectContaining({ mac: ana.mac.toUpperCase(), source: 'login', online: false }),
    ]);
    expect(before.body.transactions).toEqual([
      expect.objectContaining({ id: ana.transactionId, kind: 'purchase', status: 'succeeded', amount: 1500, refunds: [] }),
    ]);

    const connected = await s.owner.post(`${s.api}/paymentaccount/${ana.id}/connect`, { guestmac: randomMac() });
    expect(connected.body).toMatchObject({ access: 'granted_now', device: { online: true, source: 'operator' } });
    const after = await s.owner.get(`${s.api}/paymentaccount/${ana.id}`);
    expect(after.body.devices.map((d: { online: boolean }) => d.online)).toEqual([false, true]);
  });

  it('answers 404 for another account’s payment account or site, and 403 to a client', async () => {
    const s = await newSite();
    const ana = await paidAccount(server, s);
    const other = await registerAccount(server);
    const otherSite = await createSite(other.client);
    expect((await other.client.get(`${s.api}/paymentaccount/${ana.id}`)).status).toBe(404);
    expect((await other.client.get(`/s/${otherSite.id}/api/v1/paymentaccount/${ana.id}`)).status).toBe(404);
    expect((await s.owner.get(`${s.api}/paymentaccount/999999`)).body.code).toBe('payments.accountNotFound');
    const { client } = await signedInClient(server, s.accountId, [{ siteId: s.siteId, area: 'landing_page', level: 'read' }]);
    expect((await client.get(`${s.api}/paymentaccount/`)).status).toBe(403);
    expect((await client.post(`${s.api}/paymentaccount/${ana.id}/stoprecurring/${s.packageId}`, {})).status).toBe(403);
  });
});

describe('changing a payment account', () => {
  it('edits the guest’s details, refusing an email another account of the site has', async () => {
    const s = await newSite();
    const ana = await paidAccount(server, s, { email: 'ana.edit@example.test' });
    await paidAccount(server, s, { email: 'taken@example.test' });
    const res = await s.owner.put(`${s.api}/paymentaccount/${ana.id}`, { first_name: 'Anna', phone: '+34600999888' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ first_name: 'Anna', last_name: 'López', phone: '+34600999888' });
    const taken = await s.owner.put(`${s.api}/paymentaccount/${ana.id}`, { email: 'Taken@example.test' });
    expect(taken.status).toBe(422);
    expect(taken.body.schema_errors.email).toEqual(['Another payment account of this site has this email address']);
    expect((await rowOf(ana.id)).email).toBe('ana.edit@example.test');
  });

  it('sets a new password, stored as an argon2 hash', async () => {
    const s = await newSite();
    const ana = await paidAccount(server, s);
    const res = await s.owner.post(`${s.api}/paymentaccount/${ana.id}/password`, { password: 'new-pass-99' });
    expect(res.body).toEqual({ status: 200, message: 'Password changed' });
    const hash = (await rowOf(ana.id)).passwordHash;
    expect(hash).toMatch(/^\$argon2id\$/);
    expect(await verifyPassword(hash, 'new-pass-99')).toBe(true);
    const short = await s.owner.post(`${s.api}/paymentaccount/${ana.id}/password`, { password: 'short' });
    expect(short.status).toBe(422);
  });

  it('connects devices within the package’s count through the controller, and disconnects them there', async () => {
    const s = await newSite();
    const ana = await paidAccount(server, s);
    const bob = await paidAccount(server, s);
    const second = randomMac();
    const res = await s.owner.post(`${s.api}/paymentaccount/${ana.id}/connect`, { guestmac: second });
    expect(res.status).toBe(200);
    expect(res.body.access).toBe('granted_now');
    const grant = s.unifi.commands.find((c) => c.body.mac === second && c.body.cmd === 'authorize-guest');
    expect(grant?.body).toMatchObject({ up: 1024, down: 4096 });
    expect(Number(grant?.body.minutes)).toBeGreaterThan(1430);

    const full = await s.owner.post(`${s.api}/paymentaccount/${ana.id}/connect`, { guestmac: randomMac() });
    expect(full.status).toBe(422);
    expect(full.body.code).toBe('payments.deviceLimit');
    const others = await s.owner.post(`${s.api}/paymentaccount/${ana.id}/connect`, { guestmac: bob.mac });
    expect(others.body.code).toBe('payments.macOtherAccount');
    const taken = await s.owner.post(`${s.api}/paymentaccount/${bob.id}/connect`, { guestmac: second });
    expect(taken.body.code).toBe('payments.macOtherAccount');

    const gone = await s.owner.post(`${s.api}/paymentaccount/${ana.id}/disconnect/${second.toUpperCase()}`, {});
    expect(gone.body).toMatchObject({ status: 200, message: 'Disconnected', revoked: true });
    expect(s.unifi.commands.filter((c) => c.body.mac === second).map((c) => c.body.cmd)).toEqual([
      'authorize-guest',
      'unauthorize-guest',
    ]);
    const open = await db().select().from(guestSessions).where(eq(guestSessions.mac, second));
    expect(open.every((x) => x.endedAt !== null)).toBe(true);
    const devices = await db().select().from(paymentAccountDevices).where(eq(paymentAccountDevices.paymentAccountId, ana.id));
    expect(devices.map((d) => d.mac)).toEqual([ana.mac]);
    const again = await s.owner.post(`${s.api}/paymentaccount/${ana.id}/disconnect/${second}`, {});
    expect(again.status).toBe(404);
  });

  it('does not connect a device to an account whose package ended', async () => {
    const s = await newSite();
    const ana = await paidAccount(server, s, { expiresAt: new Date(Date.now() - 60_000) });
    const res = await s.owner.post(`${s.api}/paymentaccount/${ana.id}/connect`, { guestmac: randomMac() });
    expect(res.status).toBe(422);
    expect(res.body.code).toBe('payments.accountExpired');
    expect(s.unifi.commands).toEqual([]);
  });
});

describe('recurring payments', () => {
  it('start (with a saved card and a recurring package), change the next date (future only) and stop', async () => {
    const s = await newSite({ recurring: true });
    const ana = await paidAccount(server, s);
    const start = await s.owner.post(`${s.api}/paymentaccount/${ana.id}/startrecurring/${s.packageId}`, {});
    expect(start.status).toBe(200);
    expect(start.body).toMatchObject({ message: 'Recurring payments started', account: { recurring: true } });
    const row = await rowOf(ana.id);
    expect(row.nextPaymentOn?.toISOString()).toBe(row.expiresAt?.toISOString());

    const past = await s.owner.post(`${s.api}/paymentaccount/${ana.id}/changerecurring/${s.packageId}`, {
      next_payment_on: '2020-01-01',
    });
    expect(past.status).toBe(422);
    expect(past.body.schema_errors.next_payment_on).toEqual(['The next payment date must be in the future']);
    const later = new Date(Date.now() + 5 * 86_400_000).toISOString();
    const changed = await s.owner.post(`${s.api}/paymentaccount/${ana.id}/changerecurring/x`, { next_payment_on: later });
    expect(changed.body.account.next_payment_on).toBe(later);

    const stop = await s.owner.post(`${s.api}/paymentaccount/${ana.id}/stoprecurring/${s.packageId}`, {});
    expect(stop.body).toMatchObject({ message: 'Recurring payments stopped', account: { recurring: false } });
    expect((await rowOf(ana.id)).recurring).toBe(false);
  });

  it('will not start without a saved card, nor on a package that is not recurring', async () => {
    const s = await newSite({ recurring: true });
    const ana = await paidAccount(server, s);
    await db().update(paymentAccounts).set({ stripePaymentMethodId: null }).where(eq(paymentAccounts.id, ana.id));
    const noCard = await s.owner.post(`${s.api}/paymentaccount/${ana.id}/startrecurring/1`, {});
    expect(noCard.status).toBe(422);
    expect(noCard.body.code).toBe('payments.recurringNoCard');

    const once = await newSite({ recurring: false });
    const bob = await paidAccount(server, once);
    const notRecurring = await once.owner.post(`${once.api}/paymentaccount/${bob.id}/startrecurring/1`, {});
    expect(notRecurring.body.code).toBe('payments.recurringNotRecurring');
    expect((await rowOf(bob.id)).recurring).toBe(false);
  });
});

describe('sending an account’s details', () => {
  it('emails them in the guest’s language', async () => {
    const s = await newSite();
    const ana = await paidAccount(server, s, { email: 'ana.sends@example.test', lang: 'es-ES' });
    const res = await s.owner.post(`${s.api}/paymentaccount/${ana.id}/send/email`, {});
    expect(res.body).toMatchObject({ status: 200, message: 'Account details sent' });
    const [mail] = await emailsTo(server, 'ana.sends@example.test');
    expect(mail!.subject).toMatch(/^Tu cuenta de Wi-Fi en /);
    expect(mail!.text).toContain('Usuario: ana.sends@example.test');
    expect(mail!.text).toContain('Paquete: Day pass');
  });

  it('texts them through the site’s SMS gateway, as the payment settings’ accountsmstext says', async () => {
    const gateway = await startFakeSmsGateway();
    try {
      const s = await newSite();
      const saved = await s.owner.put(`${s.api}/smsgateway/`, {
        enabled: true,
        url: `${gateway.origin}/api/send`,
        auth_type: 'none',
      });
      expect(saved.status).toBe(200);
      await s.owner.put(`${s.api}/paymentloginconfig/`, {
        accountsmstext: 'Hi {first_name}: {email}, {package} at {site}. {portal_url}',
      });
      const ana = await paidAccount(server, s, { email: 'ana.sms@example.test', phone: '+34600111444' });
      const res = await s.owner.post(`${s.api}/paymentaccount/${ana.id}/send/sms`, {});
      expect(res.body).toMatchObject({ status: 200, message: 'Account details sent' });
      expect(gateway.received).toHaveLength(1);
      const sent = JSON.stringify(gateway.received[0]);
      expect(sent).toContain('34600111444');
      expect(sent).toContain(`Hi Ana: ana.sms@example.test, Day pass at`);
      expect(sent).toContain(`/guest/${s.portalKey}/account`);
    } finally {
      await gateway.close();
    }
  });

  it('answers why an SMS could not go: no phone, or no gateway', async () => {
    const s = await newSite();
    const noPhone = await paidAccount(server, s);
    const res = await s.owner.post(`${s.api}/paymentaccount/${noPhone.id}/send/sms`, {});
    expect(res.status).toBe(422);
    expect(res.body.code).toBe('payments.noPhone');
    const ana = await paidAccount(server, s, { phone: '+34600111333' });
    const noGateway = await s.owner.post(`${s.api}/paymentaccount/${ana.id}/send/sms`, {});
    expect(noGateway.status).toBe(422);
    expect(noGateway.body.code).toBe('payments.smsFailed');
  });
});
