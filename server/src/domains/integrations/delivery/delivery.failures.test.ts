import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { integrationDeliveries, integrations } from '../../../db/schema/index.ts';
import { startServer, type TestServer } from '../../../../test/harness.ts';
import { SOON, deliveryKit, sleep } from '../../../../test/integration-delivery.ts';
import { sealSecrets } from '../connection.ts';
import { pruneJob, sweepJob } from '../jobs.ts';
import { createIntegrationDrain } from './delivery-part.ts';

let server: TestServer;
const closers: (() => Promise<void>)[] = [];
beforeAll(async () => {
  server = await startServer({ INTEGRATIONS_POLL_MS: '200', LOG_LEVEL: process.env.DEBUG_LOG ?? 'silent' });
});
afterAll(async () => {
  await Promise.all(closers.map((close) => close()));
  await server?.close();
});
const { db, consentSite, webhookOf, logsIn, deliveriesOf, contactsOf, guestOf, integrationRow } = deliveryKit(
  () => server,
  closers,
);
const pause = (id: number, paused: boolean) =>
  db()
    .update(integrations)
    .set({ pausedUntil: paused ? sql`now() + interval '1 hour'` : null })
    .where(eq(integrations.id, id));

describe('a vendor that refuses the call', () => {
  it('with a refused key: nothing is parked, the integration is failing and waits 5 minutes, then delivers once fixed', async () => {
    const s = await consentSite();
    const { receiver, integration } = await webhookOf(s, { secret: 'whsec_not-the-right-one' });
    await logsIn(s, 'keyed@example.com', true);

    await expect.poll(async () => (await integrationRow(integration.id)).status, SOON).toBe('failing');
    const failing = await integrationRow(integration.id);
    expect(failing.lastError).toBe('bad signature');
    const pausedFor = (failing.pausedUntil!.getTime() - Date.now()) / 1000;
    expect(pausedFor).toBeGreaterThan(280);
    expect(pausedFor).toBeLessThanOrEqual(300);
    const [waiting] = await deliveriesOf(integration.id);
    expect(waiting).toMatchObject({ status: 'queued', attempts: 0, httpStatus: 401 });
    await sleep(800);
    expect(receiver.rejected).toHaveLength(1);

    // The operator enters the right secret; the five minutes are over.
    await db()
      .update(integrations)
      .set({
        secretsEnc: sealSecrets(server.built.ctx.secrets, { settings: { private_key: receiver.secret }, oauth: null }),
        pausedUntil: null,
      })
      .where(eq(integrations.id, integration.id));
    await expect.poll(async () => (await deliveriesOf(integration.id))[0]?.status, SOON).toBe('delivered');
    expect((await deliveriesOf(integration.id))[0]).toMatchObject({ attempts: 1, httpStatus: 200 });
    await expect.poll(() => integrationRow(integration.id), SOON).toMatchObject({ status: 'active', lastError: null });
    expect(receiver.events.map((e) => e.data.guest?.email)).toEqual(['keyed@example.com']);
  });

  it('at an address that does not exist (404): parked at once with the answer, and not collected again', async () => {
    const s = await consentSite();
    const { receiver, integration } = await webhookOf(s, { path: '/hooks/nowhere' });
    await logsIn(s, 'lost@example.com', true);

    await expect
      .poll(async () => (await deliveriesOf(integration.id))[0], SOON)
      .toMatchObject({ status: 'parked', attempts: 1, httpStatus: 404, answer: 'Not Found' });
    await expect.poll(() => integrationRow(integration.id), SOON).toMatchObject({ status: 'failing', lastError: 'Not Found' });
    expect(await contactsOf(integration.id)).toMatchObject([{ state: 'parked' }]);

    await server.built.ctx.jobs.enqueue(sweepJob, {});
    await sleep(1500);
    expect(await deliveriesOf(integration.id)).toHaveLength(1);
    expect(receiver.requests).toHaveLength(1);
  });
});

describe('a guest who changes their mind before the delivery', () => {
  it('withdrew consent: the waiting login is skipped and never sent', async () => {
    const s = await consentSite();
    const { receiver, integration } = await webhookOf(s);
    await pause(integration.id, true);
    await logsIn(s, 'maybe@example.com', true);
    // A drain collects the login but may not call the vendor yet.
    await createIntegrationDrain(server.built.ctx)(integration.id);
    expect((await deliveriesOf(integration.id)).map((d) => [d.action, d.status])).toEqual([['login', 'queued']]);

    await logsIn(s, 'maybe@example.com', false);
    await pause(integration.id, false);
    await expect
      .poll(async () => (await deliveriesOf(integration.id)).map((d) => [d.status, d.answer]), SOON)
      .toEqual([['skipped', 'consent withdrawn']]);
    await sleep(800);
    expect(receiver.requests).toEqual([]);
    expect(await contactsOf(integration.id)).toEqual([]);
  });

  it('was erased: the waiting login is dropped, only the erasure is sent', async () => {
    const s = await consentSite();
    const { receiver, integration } = await webhookOf(s);
    await pause(integration.id, true);
    await logsIn(s, 'gone@example.com', true);
    await createIntegrationDrain(server.built.ctx)(integration.id);
    expect((await deliveriesOf(integration.id)).map((d) => d.status)).toEqual(['queued']);
    const guest = await guestOf(s.siteId, 'gone@example.com');

    expect((await s.owner.del(`${s.api}/guest/${guest.id}`)).status).toBe(200);
    const queued = await deliveriesOf(integration.id);
    expect(queued).toMatchObject([
      {
        action: 'erase',
        status: 'queued',
        guestLabel: 'g•••@example.com',
        contact: { email: 'gone@example.com', phone: null, vendorId: null },
      },
    ]);

    await pause(integration.id, false);
    await expect.poll(async () => (await deliveriesOf(integration.id))[0]?.status, SOON).toBe('delivered');
    expect(receiver.events.map((e) => e.type)).toEqual(['guest.erased']);
    expect((await deliveriesOf(integration.id))[0]!.contact).toBeNull();
  });

  it('a guest deleted with nothing at the vendors queues nothing', async () => {
    const s = await consentSite();
    const { receiver, integration } = await webhookOf(s);
    await logsIn(s, 'quiet@example.com', false);
    const guest = await guestOf(s.siteId, 'quiet@example.com');
    expect((await s.owner.del(`${s.api}/guest/${guest.id}`)).status).toBe(200);
    await sleep(800);
    expect(await deliveriesOf(integration.id)).toEqual([]);
    expect(receiver.requests).toEqual([]);
  });
});

describe('a guest who logs in again while their delivery waits', () => {
  it('is delivered once, as of the latest login, and not collected again', async () => {
    const s = await consentSite();
    const { receiver, integration } = await webhookOf(s);
    const drain = createIntegrationDrain(server.built.ctx);
    await pause(integration.id, true);
    await logsIn(s, 'again@example.com', true);
    await drain(integration.id);
    await logsIn(s, 'again@example.com', true, { custom_text_2: 'Cava' });
    await drain(integration.id);
    const guest = await guestOf(s.siteId, 'again@example.com');
    const [waiting, ...more] = await deliveriesOf(integration.id);
    expect(more).toEqual([]);
    expect(waiting).toMatchObject({ status: 'queued', action: 'login' });
    expect(waiting!.seenAt!.getTime()).toBe(guest.lastSeenAt.getTime());

    await pause(integration.id, false);
    await expect.poll(async () => (await deliveriesOf(integration.id))[0]?.status, SOON).toBe('delivered');
    expect(receiver.events).toHaveLength(1);
    expect(receiver.events[0]!.data.guest!.fields).toMatchObject({ drink: 'Cava', visits: 2 });
    const [contact] = await contactsOf(integration.id);
    expect(contact!.syncedSeenAt.getTime()).toBe(guest.lastSeenAt.getTime());
    await server.built.ctx.jobs.enqueue(sweepJob, {});
    await sleep(1500);
    expect(await deliveriesOf(integration.id)).toHaveLength(1);
    expect(receiver.requests).toHaveLength(1);
  });
});

describe('the log', () => {
  it('keeps 30 days of finished deliveries and every waiting one', async () => {
    const s = await consentSite();
    const { integration } = await webhookOf(s);
    // Held, so that the waiting row below stays as it is.
    await pause(integration.id, true);
    const row = (status: string, daysAgo: number, label: string) => ({
      integrationId: integration.id,
      siteId: s.siteId,
      guestLabel: label,
      action: 'login',
      status,
      createdAt: new Date(Date.now() - daysAgo * 86_400_000),
    });
    await db()
      .insert(integrationDeliveries)
      .values([
        row('delivered', 31, 'old-delivered@example.com'),
        row('parked', 31, 'old-parked@example.com'),
        row('queued', 31, 'old-waiting@example.com'),
        row('delivered', 29, 'recent@example.com'),
      ]);
    await server.built.ctx.jobs.enqueue(pruneJob, {});
    await expect
      .poll(async () => (await deliveriesOf(integration.id)).map((d) => d.guestLabel), SOON)
      .toEqual(['old-waiting@example.com', 'recent@example.com']);
  });
});
