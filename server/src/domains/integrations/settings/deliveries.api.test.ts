import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { guests, integrationContacts, integrationDeliveries, integrations, sites } from '../../../db/schema/index.ts';
import { createSite, registerAccount, startServer, type TestServer } from '../../../../test/harness.ts';
import { WebhookReceiver } from '../../../../test/fakes/integrations/webhook-receiver.ts';

let server: TestServer;
let receiver: WebhookReceiver;
beforeAll(async () => {
  receiver = await new WebhookReceiver().start();
  // No job workers: the deliveries stay as the test left them.
  server = await startServer({ ROLES: 'api,portal' });
});
afterAll(async () => {
  await server?.close();
  await receiver?.close();
});

const db = () => server.handle.db;
const DAY = 86_400_000;

/** A site with the webhook integration turned on. */
async function turnedOn() {
  const owner = await registerAccount(server);
  const site = await createSite(owner.client, { name: 'Harbour Café' });
  const api = `/s/${site.id}/api/v1/integrations`;
  expect((await owner.client.put(`${api}/webhook`, { settings: receiver.settings, enabled: true })).status).toBe(200);
  const [row] = await db()
    .select()
    .from(integrations)
    .where(and(eq(integrations.siteId, site.id), eq(integrations.kind, 'webhook')));
  const [siteRow] = await db().select().from(sites).where(eq(sites.id, site.id));
  return { client: owner.client, siteId: site.id as number, accountId: siteRow!.accountId, api, integrationId: row!.id };
}

let guestCounter = 0;
async function guest(
  site: { siteId: number; accountId: number },
  over: Partial<typeof guests.$inferInsert> = {},
): Promise<number> {
  const n = guestCounter++;
  const [row] = await db()
    .insert(guests)
    .values({
      accountId: site.accountId,
      siteId: site.siteId,
      identity: `email:guest${n}@example.com`,
      email: `guest${n}@example.com`,
      marketingConsent: true,
      firstMethod: 'email',
      lastMethod: 'email',
      visits: 1,
      ...over,
    })
    .returning();
  return row!.id;
}

async function delivery(
  site: { siteId: number; integrationId: number },
  over: Partial<typeof integrationDeliveries.$inferInsert> = {},
) {
  const [row] = await db()
    .insert(integrationDeliveries)
    .values({
      integrationId: site.integrationId,
      siteId: site.siteId,
      guestLabel: 'ana@example.com',
      action: 'upsert',
      status: 'delivered',
      attempts: 1,
      ...over,
    })
    .returning();
  return row!;
}

const deliveryRow = async (id: number) =>
  (await db().select().from(integrationDeliveries).where(eq(integrationDeliveries.id, id)))[0]!;

describe('the delivery log', () => {
  it('answers the last 30 days, newest first, a page at a time, by status; the list counts them', async () => {
    const site = await turnedOn();
    const now = Date.now();
    const old = await delivery(site, { createdAt: new Date(now - 31 * DAY), guestLabel: 'old@example.com' });
    const a = await delivery(site, { createdAt: new Date(now - 3 * DAY), guestLabel: 'a@example.com' });
    const b = await delivery(site, {
      createdAt: new Date(now - 2 * DAY),
      status: 'parked',
      httpStatus: 400,
      answer: 'Invalid email',
    });
    const c = await delivery(site, { createdAt: new Date(now - DAY), guestLabel: 'c@example.com' });
    const all = await site.client.get(`${site.api}/webhook/deliveries`);
    expect(all.status).toBe(200);
    expect(all.body.items.map((d: { id: number }) => d.id)).toEqual([c.id, b.id, a.id]);
    expect(all.body.items.map((d: { id: number }) => d.id)).not.toContain(old.id);
    expect(all.body.metadata).toEqual({ page: 1, per_page: 25, total: 3 });
    expect(all.body.items[1]).toMatchObject({ status: 'parked', http_status: 400, answer: 'Invalid email', action: 'upsert' });
    const page2 = await site.client.get(`${site.api}/webhook/deliveries?page=2&per_page=2`);
    expect(page2.body.items.map((d: { id: number }) => d.id)).toEqual([a.id]);
    const parked = await site.client.get(`${site.api}/webhook/deliveries?status=parked`);
    expect(parked.body.items.map((d: { id: number }) => d.id)).toEqual([b.id]);
    const list = await site.client.get(site.api);
    expect(list.body.find((i: { kind: string }) => i.kind === 'webhook')).toMatchObject({ delivered_30d: 2, parked_30d: 1 });
  });

  it('is empty for an integration never saved', async () => {
    const site = await turnedOn();
    const res = await site.client.get(`${site.api}/klaviyo/deliveries`);
    expect(res.body).toEqual({ items: [], metadata: { page: 1, per_page: 25, total: 0 } });
  });

  it('stays when the integration is removed, and what still waited is skipped', async () => {
    const site = await turnedOn();
    const done = await delivery(site);
    const waiting = await delivery(site, { status: 'queued', attempts: 0 });
    expect((await site.client.del(`${site.api}/webhook`)).status).toBe(200);
    const log = await site.client.get(`${site.api}/webhook/deliveries`);
    expect(log.body.items.map((d: { id: number }) => d.id).sort()).toEqual([done.id, waiting.id].sort());
    expect((await deliveryRow(waiting.id)).status).toBe('skipped');
  });
});

describe('sending a parked delivery again', () => {
  it('queues it from the start and forgets that the guest was parked', async () => {
    const site = await turnedOn();
    const guestId = await guest(site);
    await db()
      .insert(integrationContacts)
      .values({ integrationId: site.integrationId, guestId, state: 'parked', syncedSeenAt: new Date() });
    const parked = await delivery(site, { guestId, status: 'parked', attempts: 6, httpStatus: 400, answer: 'Invalid' });
    const res = await site.client.post(`${site.api}/webhook/deliveries/${parked.id}/resend`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 200, message: '1 deliveries queued again', queued: 1 });
    const row = await deliveryRow(parked.id);
    expect(row).toMatchObject({ status: 'queued', attempts: 0, httpStatus: null, answer: null });
    expect(Math.abs(row.nextAttemptAt.getTime() - Date.now())).toBeLessThan(60_000);
    expect(
      await db().select().from(integrationContacts).where(eq(integrationContacts.integrationId, site.integrationId)),
    ).toEqual([]);
  });

  it('refuses one that is not parked, and one of another integration', async () => {
    const site = await turnedOn();
    const delivered = await delivery(site);
    const notParked = await site.client.post(`${site.api}/webhook/deliveries/${delivered.id}/resend`);
    expect(notParked.status).toBe(422);
    expect(notParked.body).toMatchObject({ code: 'integrations.notParked' });
    const other = await turnedOn();
    const theirs = await delivery(other, { status: 'parked' });
    const res = await site.client.post(`${site.api}/webhook/deliveries/${theirs.id}/resend`);
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ code: 'integrations.deliveryNotFound' });
    expect((await deliveryRow(theirs.id)).status).toBe('parked');
  });

  it('queues every parked one again; a guest already waiting for the same action is not queued twice', async () => {
    const site = await turnedOn();
    const g1 = await guest(site);
    const g2 = await guest(site);
    const p1 = await delivery(site, { guestId: g1, status: 'parked' });
    const p2 = await delivery(site, { guestId: g2, status: 'parked' });
    const p2older = await delivery(site, { guestId: g2, status: 'parked', createdAt: new Date(Date.now() - DAY) });
    const g3 = await guest(site);
    await delivery(site, { guestId: g3, status: 'queued', attempts: 0 });
    const p3 = await delivery(site, { guestId: g3, status: 'parked' });
    const done = await delivery(site, { guestId: g1 });
    const res = await site.client.post(`${site.api}/webhook/deliveries/resend-parked`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 200, message: '4 deliveries queued again', queued: 4 });
    const statuses = await Promise.all([p1, p2, p2older, p3, done].map(async (d) => (await deliveryRow(d.id)).status));
    // p2older was queued as p2; p3's guest already waits.
    expect(statuses).toEqual(['queued', 'queued', 'skipped', 'skipped', 'delivered']);
    const none = await site.client.post(`${site.api}/webhook/deliveries/resend-parked`);
    expect(none.body).toMatchObject({ queued: 0, message: '0 deliveries queued again' });
  });
});

describe('a backfill', () => {
  it('brings in the consenting guests with an email or phone seen since, moving where it collects from back', async () => {
    const site = await turnedOn();
    const now = Date.now();
    await guest(site, { lastSeenAt: new Date(now - 10 * DAY) });
    await guest(site, { lastSeenAt: new Date(now - 40 * DAY) });
    await guest(site, {
      email: null,
      phone: '+34600111222',
      identity: 'phone:+34600111222',
      lastSeenAt: new Date(now - 5 * DAY),
    });
    await guest(site, { marketingConsent: false, lastSeenAt: new Date(now - 5 * DAY) });
    await guest(site, { email: null, identity: 'device:02:00:00:00:00:01', lastSeenAt: new Date(now - 5 * DAY) });
    const synced = await guest(site, { lastSeenAt: new Date(now - 3 * DAY) });
    await db()
      .insert(integrationContacts)
      .values({ integrationId: site.integrationId, guestId: synced, state: 'synced', syncedSeenAt: new Date(now - 3 * DAY) });
    const since = new Date(now - 20 * DAY).toISOString();
    const res = await site.client.post(`${site.api}/webhook/backfill`, { since });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 200, message: '2 guests queued', queued: 2 });
    const [row] = await db().select().from(integrations).where(eq(integrations.id, site.integrationId));
    expect(row!.collectFrom.toISOString()).toBe(since);
    const everyone = await site.client.post(`${site.api}/webhook/backfill`, {});
    expect(everyone.body).toMatchObject({ queued: 3 });
    const [again] = await db().select().from(integrations).where(eq(integrations.id, site.integrationId));
    expect(again!.collectFrom.getTime()).toBe(0);
  });

  it('needs the integration turned on', async () => {
    const site = await turnedOn();
    await site.client.put(`${site.api}/webhook`, { enabled: false });
    const res = await site.client.post(`${site.api}/webhook/backfill`, {});
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ code: 'integrations.notConfigured' });
    const never = await site.client.post(`${site.api}/mailjet/backfill`, {});
    expect(never.status).toBe(422);
  });
});
