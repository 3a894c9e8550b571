import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, like } from 'drizzle-orm';
import { engine, startServer, type TestServer } from '../../../test/harness.ts';
import { arriveFromUnifi, fetchPage, randomMac, textOf, unifiPortalSite, type PortalSite } from '../../../test/portal.ts';
import { createBatch } from '../../../test/fixtures/vouchers.ts';
import {
  accounts,
  guestSessions,
  outboxEmails,
  planDeviceCounts,
  planDeviceUsage,
  planLimitAlerts,
  sites,
  voucherActivationCounts,
  vouchers,
} from '../../db/schema/index.ts';
import { billingPeriodOf } from '../../platform/subscription-status.ts';
import { periodKey } from '../vouchers/voucher-plan.ts';

// Plan limits on a billing-on server (a secret key; nothing here calls Stripe), through the portal as
// guests meet them and through the dashboard's API as the owner reads them.

let server: TestServer;
const fakes: PortalSite[] = [];
beforeAll(async () => {
  server = await startServer({ STRIPE_SECRET_KEY: 'sk_test_limits' });
});
afterAll(async () => {
  await Promise.all(fakes.map((f) => f.unifi.close()));
  await server?.close();
});
const db = () => server.handle.db;

/** A collect account with a UniFi site offering these logins; its owner's email and account id. */
async function collectSite(methods: string[]) {
  const s = await unifiPortalSite(server, methods);
  fakes.push(s);
  const [site] = await db().select().from(sites).where(eq(sites.id, s.siteId));
  const accountId = site!.accountId;
  await db().update(accounts).set({ planType: 'collect' }).where(eq(accounts.id, accountId));
  const email = (await s.owner.get('/a/api/v1/profile/')).body.email as string;
  return { ...s, accountId, email };
}

const periodStartOf = async (accountId: number) =>
  billingPeriodOf((await db().select().from(accounts).where(eq(accounts.id, accountId)))[0]!).start;

/** What the billing area shows on the subscription answer. */
const usageOf = (accountId: number) => server.built.ctx.planLimits.usage.usageOf(accountId);

/** The owner's plan limit emails (not the sign-up's). */
const alertEmails = (address: string) =>
  db()
    .select()
    .from(outboxEmails)
    .where(and(eq(outboxEmails.to, address), like(outboxEmails.subject, 'Test Account:%')))
    .orderBy(outboxEmails.id);

/** The owner's plan limit emails once the job queue has sent `count` of them (it runs a moment after the login). */
async function emailsTo(address: string, count: number) {
  for (let i = 0; i < 100; i++) {
    const rows = await alertEmails(address);
    if (rows.length >= count) return rows;
    await new Promise((r) => setTimeout(r, 100));
  }
  return alertEmails(address);
}

/** As a renewal moves it: the next billing period starts where the last one ended. */
async function renew(accountId: number) {
  const [account] = await db().select().from(accounts).where(eq(accounts.id, accountId));
  const { end } = billingPeriodOf(account!);
  const start = end < new Date() ? end : new Date();
  await db()
    .update(accounts)
    .set({
      subscriptionStatus: 'active',
      currentPeriodStart: start,
      currentPeriodEnd: new Date(start.getTime() + 30 * 86_400_000),
    })
    .where(eq(accounts.id, accountId));
}

describe(`vouchers activated per billing period (${engine})`, () => {
  it('refuses the 501st activation on collect with the page, says reached in the lists, and starts again with the next period', async () => {
    const s = await collectSite(['voucher']);
    const { codes, ids } = await createBatch(server, s.owner, `${s.api}/voucher`, { count: 3 });
    const period = await periodStartOf(s.accountId);
    await db()
      .insert(voucherActivationCounts)
      .values({ accountId: s.accountId, month: periodKey(period), activated: 499 });

    const first = await (await arriveFromUnifi(server, s)).guest.post('voucher', { voucher: codes[0]! });
    expect(first.status).toBe(200);
    expect(textOf(first.html)).toContain('You are connected');
    const second = await (await arriveFromUnifi(server, s)).guest.post('voucher', { voucher: codes[1]! });
    expect(second.status).toBe(403);
    expect(textOf(second.html)).toContain(
      'This Wi-Fi cannot start any more vouchers for now: its plan’s limit for this billing period is reached. Please ask the staff.',
    );
    const inSpanish = await (await arriveFromUnifi(server, s, { lang: 'es-ES' })).guest.post('voucher', { voucher: codes[1]! });
    expect(textOf(inSpanish.html)).toContain('se ha alcanzado el límite de su plan para este periodo de facturación');
    expect((await db().select().from(vouchers).where(eq(vouchers.id, ids[1]!)))[0]!.activatedAt).toBeNull();

    const usage = (await s.owner.get(`${s.api}/voucher/unused`)).body.metadata.usage;
    expect(usage).toMatchObject({
      plan_type: 'collect',
      period: period.toISOString(),
      activated: 500,
      limit: 500,
      remaining: 0,
      limit_reached: true,
    });
    expect(usage.message).toBe(
      'Your plan allows 500 vouchers activated per billing period and in this one they are all used: guests cannot start new vouchers until the next period or until the plan is upgraded.',
    );
    expect((await usageOf(s.accountId))!.vouchers_activated).toEqual({ used: 500, limit: 500, percent: 100, reached: true });
    // The 500th reached 100 %: the owner is told once.
    const [alert] = await emailsTo(s.email, 1);
    expect(alert!.subject).toBe("Test Account: your plan's limit of vouchers activated is reached");
    expect(alert!.text).toContain('500 of the 500 vouchers activated your plan allows in this billing period are used.');
    expect(alert!.text).toContain('/app/account/subscription');

    await renew(s.accountId);
    const next = await (await arriveFromUnifi(server, s)).guest.post('voucher', { voucher: codes[1]! });
    expect(next.status).toBe(200);
    const renewed = (await s.owner.get(`${s.api}/voucher/unused`)).body.metadata.usage;
    expect(renewed).toMatchObject({ activated: 1, limit: 500, remaining: 499, limit_reached: false, message: '' });
    expect(renewed.period).not.toBe(period.toISOString());
    expect((await usageOf(s.accountId))!.vouchers_activated).toEqual({ used: 1, limit: 500, percent: 0, reached: false });
  });
});

describe(`active guest devices per billing period (${engine})`, () => {
  it('counts each device once across the account’s sites, refuses a new one past the limit, and emails the owner at 80 % and 100 %', async () => {
    const s = await collectSite(['clickthrough']);
    const known = randomMac();
    expect((await (await arriveFromUnifi(server, s, { mac: known })).guest.post('clickthrough', {})).status).toBe(200);
    // The same device again is not counted again.
    expect((await (await arriveFromUnifi(server, s, { mac: known })).guest.post('clickthrough', {})).status).toBe(200);
    expect((await usageOf(s.accountId))!.active_guest_devices).toEqual({ used: 1, limit: 5000, percent: 0, reached: false });

    const period = await periodStartOf(s.accountId);
    const counter = and(eq(planDeviceCounts.accountId, s.accountId), eq(planDeviceCounts.periodStart, period));
    // As if 3,998 more devices had logged in: the next new one is the 4,000th, 80 % of 5,000.
    await db().update(planDeviceCounts).set({ used: 3999 }).where(counter);
    expect((await (await arriveFromUnifi(server, s)).guest.post('clickthrough', {})).status).toBe(200);
    const [at80] = await emailsTo(s.email, 1);
    expect(at80!.subject).toBe("Test Account: 80% of your plan's active guest devices are used");
    expect(at80!.text).toContain('4,000 of the 5,000 active guest devices your plan allows in this billing period are used.');

    await db().update(planDeviceCounts).set({ used: 4999 }).where(counter);
    const last = randomMac();
    const lastIn = await (await arriveFromUnifi(server, s, { mac: last })).guest.post('clickthrough', {});
    expect(lastIn.status).toBe(200);
    expect((await usageOf(s.accountId))!.active_guest_devices).toEqual({ used: 5000, limit: 5000, percent: 100, reached: true });

    const over = await arriveFromUnifi(server, s);
    const refused = await over.guest.post('clickthrough', {});
    expect(refused.status).toBe(403);
    expect(textOf(refused.html)).toContain('Wi-Fi is full for now');
    expect(textOf(refused.html)).toContain(
      'This Wi-Fi cannot let any more new devices in for now: its plan’s limit of devices for this billing period is reached. Please ask the staff.',
    );
    expect(await db().select().from(guestSessions).where(eq(guestSessions.mac, over.guest.mac))).toEqual([]);
    expect(s.unifi.commands.map((c) => c.body.mac)).not.toContain(over.guest.mac);

    // Devices already counted in the period always get in.
    expect((await (await arriveFromUnifi(server, s, { mac: known })).guest.post('clickthrough', {})).status).toBe(200);
    expect((await (await arriveFromUnifi(server, s, { mac: last })).guest.post('clickthrough', {})).status).toBe(200);
    const counted = await db().select().from(planDeviceUsage).where(eq(planDeviceUsage.accountId, s.accountId));
    expect(counted.map((d) => d.mac).sort()).toHaveLength(3);
    expect(counted.map((d) => d.mac)).not.toContain(over.guest.mac);

    const emails = await emailsTo(s.email, 2);
    expect(emails.map((e) => e.subject)).toEqual([
      "Test Account: 80% of your plan's active guest devices are used",
      "Test Account: your plan's limit of active guest devices is reached",
    ]);
    expect(emails[1]!.text).toContain('New guest devices cannot log in to your Wi-Fi until then');
    // Once per period and threshold, whatever comes next.
    await (await arriveFromUnifi(server, s)).guest.post('clickthrough', {});
    await new Promise((r) => setTimeout(r, 1500));
    expect(await alertEmails(s.email)).toHaveLength(2);
    const alerts = await db().select().from(planLimitAlerts).where(eq(planLimitAlerts.accountId, s.accountId));
    expect(alerts.map((a) => `${a.kind}:${a.threshold}`).sort()).toEqual(['active_guest_devices:100', 'active_guest_devices:80']);

    // The "open as a guest" test of the dashboard counts nothing, even at the limit.
    const started = await s.owner.post(`${s.api}/setup/portal-test`);
    expect(started.status).toBe(200);
    const entry = await fetchPage(server, started.body.url);
    const done = await fetchPage(server, new URL('clickthrough', new URL(entry.location!, server.url)).pathname, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: '',
    });
    expect(textOf(done.html)).toContain('Test finished: nobody was let in');
    expect(await db().select().from(planDeviceUsage).where(eq(planDeviceUsage.accountId, s.accountId))).toHaveLength(3);

    // A new billing period counts from nothing.
    await renew(s.accountId);
    expect((await (await arriveFromUnifi(server, s)).guest.post('clickthrough', {})).status).toBe(200);
    expect((await usageOf(s.accountId))!.active_guest_devices).toEqual({ used: 1, limit: 5000, percent: 0, reached: false });
  });

  it('writes to a Spanish owner in Spanish, and tells a Spanish guest in Spanish', async () => {
    const s = await collectSite(['clickthrough']);
    expect((await s.owner.post('/a/api/v1/profile/', { language: 'es-ES' })).status).toBe(200);
    await db()
      .insert(planDeviceCounts)
      .values({ accountId: s.accountId, periodStart: await periodStartOf(s.accountId), used: 4999 });
    expect((await (await arriveFromUnifi(server, s)).guest.post('clickthrough', {})).status).toBe(200);
    const refused = await (await arriveFromUnifi(server, s, { lang: 'es-ES' })).guest.post('clickthrough', {});
    expect(refused.status).toBe(403);
    expect(textOf(refused.html)).toContain('El Wi-Fi está completo por ahora');
    expect(textOf(refused.html)).toContain('Este Wi-Fi no puede dejar entrar más dispositivos nuevos por ahora');

    // 80 % was passed over by the primed count: one email, about the limit reached.
    const emails = await emailsTo(s.email, 1);
    await new Promise((r) => setTimeout(r, 1500));
    expect(await alertEmails(s.email)).toHaveLength(1);
    expect(emails[0]!.subject).toBe('Test Account: se ha alcanzado el límite de dispositivos de invitados activos de tu plan');
    expect(emails[0]!.text).toContain(
      'Se han usado 5000 de los 5000 dispositivos de invitados activos que permite tu plan en este periodo de facturación.',
    );
    expect(emails[0]!.text).toContain('Mejorar tu plan');
  });
});

describe(`the last place of the devices limit (${engine})`, () => {
  it('goes to exactly one of 20 new devices logging in at the same moment', async () => {
    const s = await collectSite(['clickthrough']);
    await db()
      .insert(planDeviceCounts)
      .values({ accountId: s.accountId, periodStart: await periodStartOf(s.accountId), used: 4999 });
    const guests = await Promise.all(Array.from({ length: 20 }, () => arriveFromUnifi(server, s)));
    const pages = await Promise.all(guests.map(({ guest }) => guest.post('clickthrough', {})));
    const statuses = pages.map((p) => p.status);
    expect(statuses.filter((x) => x === 200)).toHaveLength(1);
    expect(statuses.filter((x) => x === 403)).toHaveLength(19);
    const winner = guests[statuses.indexOf(200)]!.guest.mac;
    const counted = await db().select().from(planDeviceUsage).where(eq(planDeviceUsage.accountId, s.accountId));
    expect(counted.map((d) => d.mac)).toEqual([winner]);
    expect(s.unifi.commands.map((c) => c.body.mac)).toEqual([winner]);
    expect((await usageOf(s.accountId))!.active_guest_devices.used).toBe(5000);
  });
});

describe(`a device connected from the dashboard (${engine})`, () => {
  it('counts against the devices limit, and past it is not let in, with the reason', async () => {
    const s = await collectSite(['guestuser']);
    const { body: account } = await s.owner.post(`${s.api}/guestuser/create`, {
      username: 'room-12',
      password: 'room-12-pass',
      num_devices: 3,
      duration_val: 90,
      duration_type: 'minutes',
    });
    const connect = (guestmac: string) => s.owner.post(`${s.api}/guestuser/${account.id}/connect`, { guestmac });
    expect((await connect('02:ab:00:00:00:01')).body.access).toBe('granted_now');
    expect((await usageOf(s.accountId))!.active_guest_devices.used).toBe(1);

    const period = await periodStartOf(s.accountId);
    await db()
      .update(planDeviceCounts)
      .set({ used: 5000 })
      .where(and(eq(planDeviceCounts.accountId, s.accountId), eq(planDeviceCounts.periodStart, period)));
    const refused = await connect('02:ab:00:00:00:02');
    expect(refused.status).toBe(200);
    expect(refused.body.access).toBe('grant_failed');
    expect(refused.body.detail).toMatch(
      /^Your plan allows 5000 active guest devices per billing period and all are used: new guests cannot log in until \d{4}-\d\d-\d\d\. Upgrade your plan to let them in now\.$/,
    );
    expect(s.unifi.commands.map((c) => c.body.mac)).toEqual(['02:ab:00:00:00:01']);
    // The device counted before still gets in.
    expect((await connect('02:ab:00:00:00:01')).body.access).toBe('granted_now');
  });
});
