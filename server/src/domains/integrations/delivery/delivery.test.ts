import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { campaignRecipients, guests, integrationDeliveries, integrations } from '../../../db/schema/index.ts';
import { startServer, type TestServer } from '../../../../test/harness.ts';
import { fetchPage } from '../../../../test/portal.ts';
import { createCampaign } from '../../../../test/campaigns.ts';
import { SOON, deliveryKit, sleep } from '../../../../test/integration-delivery.ts';
import { createTrackingTokens } from '../../campaigns/delivery/tracking-tokens.ts';
import { sweepJob } from '../jobs.ts';
import { BACKOFF_SECONDS } from './backoff.ts';
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
const { db, consentSite, webhookOf, logsIn, deliveriesOf, contactsOf, guestOf, accepted, hold } = deliveryKit(
  () => server,
  closers,
);

describe('a consenting login', () => {
  it('reaches the webhook within seconds as guest.login with the mapped fields, and the log says delivered', async () => {
    const s = await consentSite();
    const { receiver, integration } = await webhookOf(s);
    const before = Date.now();
    await logsIn(s, 'ana@example.com', true);

    await expect.poll(() => receiver.events.length, SOON).toBe(1);
    expect(Date.now() - before).toBeLessThan(8000);
    const [event] = receiver.events;
    expect(event).toMatchObject({
      type: 'guest.login',
      data: {
        event: 'guest.login',
        site: { id: s.siteId, name: 'Main Street' },
        guest: {
          email: 'ana@example.com',
          first_name: 'Ana',
          visits: 1,
          login_method: 'email',
          marketing_consent: true,
          fields: { email: 'ana@example.com', first_name: 'Ana', drink: 'Tea', venue: 'Main Street', visits: 1 },
        },
      },
    });
    expect(receiver.rejected).toEqual([]);

    await expect.poll(async () => (await deliveriesOf(integration.id))[0]?.status, SOON).toBe('delivered');
    const [row] = await deliveriesOf(integration.id);
    expect(row).toMatchObject({ action: 'login', guestLabel: 'ana@example.com', attempts: 1, httpStatus: 200 });
    expect(event!.id).toBe(`dlv_${row!.id}`);
    const guest = await guestOf(s.siteId, 'ana@example.com');
    expect(await contactsOf(integration.id)).toMatchObject([{ guestId: guest.id, state: 'synced', email: 'ana@example.com' }]);
    expect((await contactsOf(integration.id))[0]!.syncedSeenAt.getTime()).toBe(guest.lastSeenAt.getTime());
  });

  it('without the consent box ticked, sends nothing, ever', async () => {
    const s = await consentSite();
    const { receiver, integration } = await webhookOf(s);
    await logsIn(s, 'no-consent@example.com', false);
    const guest = await guestOf(s.siteId, 'no-consent@example.com');
    expect(guest.marketingConsent).toBe(false);
    // The collector has looked past the guest's login...
    await expect
      .poll(
        async () => (await db().select().from(integrations).where(eq(integrations.id, integration.id)))[0]!.collectFrom.getTime(),
        SOON,
      )
      .toBeGreaterThanOrEqual(guest.lastSeenAt.getTime());
    // ...and a drain more finds nothing either.
    await createIntegrationDrain(server.built.ctx)(integration.id);
    await sleep(1000);
    expect(receiver.requests).toEqual([]);
    expect(await deliveriesOf(integration.id)).toEqual([]);
  });

  it('logged in twice before a drain is delivered once; a later login is delivered again, updated', async () => {
    const s = await consentSite();
    const { receiver, integration } = await webhookOf(s);
    // A drain holds the integration meanwhile.
    await hold(integration.id, true);
    await logsIn(s, 'twice@example.com', true);
    await logsIn(s, 'twice@example.com', true, { custom_text_2: 'Coffee' });
    await sleep(600);
    expect(receiver.requests).toEqual([]);
    await hold(integration.id, false);

    await expect.poll(async () => (await deliveriesOf(integration.id)).map((d) => d.status), SOON).toEqual(['delivered']);
    expect(receiver.events).toHaveLength(1);
    expect(receiver.events[0]!.data.guest!.fields).toMatchObject({ drink: 'Coffee', visits: 2 });

    await logsIn(s, 'twice@example.com', true, { custom_text_2: 'Juice' });
    await expect
      .poll(async () => (await deliveriesOf(integration.id)).map((d) => d.status), SOON)
      .toEqual(['delivered', 'delivered']);
    expect(receiver.events).toHaveLength(2);
    expect(receiver.events[1]!.data.guest!.fields).toMatchObject({ drink: 'Juice', visits: 3 });
    expect(accepted(receiver)).toHaveLength(2);
  });
});

describe('when the vendor fails', () => {
  it('waits for the Retry-After of a 429 before trying again, then delivers', async () => {
    const s = await consentSite();
    const { receiver, integration } = await webhookOf(s);
    receiver.rateLimitNext(1, 2);
    await logsIn(s, 'slow@example.com', true);

    await expect.poll(async () => (await deliveriesOf(integration.id))[0]?.status, SOON).toBe('retrying');
    const [waiting] = await deliveriesOf(integration.id);
    expect(waiting).toMatchObject({ attempts: 1, httpStatus: 429 });
    const waitMs = waiting!.nextAttemptAt.getTime() - waiting!.updatedAt.getTime();
    expect(waitMs).toBeGreaterThanOrEqual(1900);
    expect(waitMs).toBeLessThan(3000);
    const [paused] = await db().select().from(integrations).where(eq(integrations.id, integration.id));
    expect(paused!.pausedUntil!.getTime()).toBeGreaterThanOrEqual(waiting!.nextAttemptAt.getTime() - 50);

    await expect.poll(async () => (await deliveriesOf(integration.id))[0]?.status, SOON).toBe('delivered');
    const [done] = await deliveriesOf(integration.id);
    expect(done).toMatchObject({ attempts: 2, httpStatus: 200 });
    expect(done!.updatedAt.getTime()).toBeGreaterThanOrEqual(waiting!.nextAttemptAt.getTime());
    expect(receiver.requests).toHaveLength(2);
    expect(receiver.events).toHaveLength(1);
  });

  it('retries a 503 with backoff and parks it after 8 attempts with the reason, never sending it twice', async () => {
    const s = await consentSite();
    const { receiver, integration } = await webhookOf(s);
    receiver.failRandomly(1, Date.now() + 10 * 60_000);
    await logsIn(s, 'down@example.com', true);

    for (let attempt = 1; attempt < 8; attempt++) {
      await expect
        .poll(async () => (await deliveriesOf(integration.id))[0], SOON)
        .toMatchObject({ status: 'retrying', attempts: attempt, httpStatus: 503, answer: 'busy' });
      const [row] = await deliveriesOf(integration.id);
      const waitSeconds = (row!.nextAttemptAt.getTime() - row!.updatedAt.getTime()) / 1000;
      expect(waitSeconds).toBeCloseTo(BACKOFF_SECONDS[attempt - 1]!, 0);
      expect(receiver.requests).toHaveLength(attempt);
      // The clock moved on: the retry is due now.
      await db()
        .update(integrationDeliveries)
        .set({ nextAttemptAt: sql`now() - interval '1 second'` })
        .where(eq(integrationDeliveries.id, row!.id));
    }
    await expect
      .poll(async () => (await deliveriesOf(integration.id))[0], SOON)
      .toMatchObject({ status: 'parked', attempts: 8, httpStatus: 503, answer: 'gave up after 8 attempts: busy' });
    receiver.failRandomly(0, 0);
    await sleep(1000);
    expect(receiver.requests).toHaveLength(8);
    expect(receiver.events).toEqual([]);
    expect(await deliveriesOf(integration.id)).toHaveLength(1);
    expect(await contactsOf(integration.id)).toMatchObject([{ state: 'parked' }]);
  }, 60_000);
});

describe('erasure and withdrawn consent', () => {
  it('a guest deleted through the guests API reaches the webhook as guest.erased, and the log is masked', async () => {
    const s = await consentSite();
    const { receiver, integration } = await webhookOf(s);
    await logsIn(s, 'erase-me@example.com', true);
    await expect.poll(async () => (await deliveriesOf(integration.id))[0]?.status, SOON).toBe('delivered');
    const guest = await guestOf(s.siteId, 'erase-me@example.com');

    expect((await s.owner.del(`${s.api}/guest/${guest.id}`)).status).toBe(200);
    await expect.poll(() => receiver.erased('erase-me@example.com'), SOON).toBe(true);
    const erased = receiver.events.find((e) => e.type === 'guest.erased')!;
    expect(erased.data).toMatchObject({ event: 'guest.erased', guest: { id: guest.id, email: 'erase-me@example.com' } });

    await expect
      .poll(async () => (await deliveriesOf(integration.id)).map((d) => [d.action, d.status]), SOON)
      .toEqual([
        ['login', 'delivered'],
        ['erase', 'delivered'],
      ]);
    const rows = await deliveriesOf(integration.id);
    expect(rows.map((d) => d.guestLabel)).toEqual(['e•••@example.com', 'e•••@example.com']);
    expect(rows[1]!.contact).toBeNull();
    expect(await contactsOf(integration.id)).toEqual([]);
    expect(JSON.stringify(rows)).not.toContain('erase-me@');
  });

  it('an integration turned off still erases: the guest deleted here goes there, and nobody new is sent', async () => {
    const s = await consentSite();
    const { receiver, integration } = await webhookOf(s);
    await logsIn(s, 'was-sent@example.com', true);
    await expect.poll(async () => (await deliveriesOf(integration.id))[0]?.status, SOON).toBe('delivered');
    expect((await s.owner.put(`${s.api}/integrations/webhook`, { enabled: false })).status).toBe(200);
    await logsIn(s, 'after-off@example.com', true);

    const guest = await guestOf(s.siteId, 'was-sent@example.com');
    expect((await s.owner.del(`${s.api}/guest/${guest.id}`)).status).toBe(200);
    await expect.poll(() => receiver.erased('was-sent@example.com'), SOON).toBe(true);
    // The receiver has the erasure before its answer is stored as delivered: wait for the row too.
    await expect
      .poll(async () => (await deliveriesOf(integration.id)).map((d) => [d.action, d.status]), SOON)
      .toEqual([
        ['login', 'delivered'],
        ['erase', 'delivered'],
      ]);
    expect(receiver.contact('after-off@example.com')).toBeUndefined();
  });

  it('a campaign unsubscribe reaches it as guest.unsubscribed; so does a synced guest logging in with the box unticked', async () => {
    const s = await consentSite();
    const { receiver, integration } = await webhookOf(s);
    await logsIn(s, 'leaver@example.com', true);
    await logsIn(s, 'changer@example.com', true);
    await expect.poll(async () => (await contactsOf(integration.id)).length, SOON).toBe(2);
    const leaver = await guestOf(s.siteId, 'leaver@example.com');

    // The guest follows the unsubscribe link of a campaign email.
    const campaign = await createCampaign(s.owner, s.siteId);
    const [recipient] = await db()
      .insert(campaignRecipients)
      .values({
        accountId: leaver.accountId,
        siteId: s.siteId,
        campaignId: campaign.id,
        guestId: leaver.id,
        email: 'leaver@example.com',
        status: 'sent',
      })
      .returning();
    const token = createTrackingTokens(server.built.ctx.deriveKey).tokenOf(recipient!.id);
    const page = await fetchPage(server, `/m/u/${token}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(page.status).toBe(200);
    await expect.poll(() => receiver.unsubscribed('leaver@example.com'), SOON).toBe(true);
    expect(receiver.events.find((e) => e.type === 'guest.unsubscribed')!.data).toMatchObject({
      guest: { id: leaver.id, email: 'leaver@example.com', marketing_consent: false },
    });

    // The other guest comes back and leaves the box unticked.
    await logsIn(s, 'changer@example.com', false);
    await expect.poll(() => receiver.unsubscribed('changer@example.com'), SOON).toBe(true);

    await expect
      .poll(async () => (await contactsOf(integration.id)).map((c) => [c.email, c.state]).sort(), SOON)
      .toEqual([
        ['changer@example.com', 'unsubscribed'],
        ['leaver@example.com', 'unsubscribed'],
      ]);
    const rows = await deliveriesOf(integration.id);
    expect(rows.filter((d) => d.action === 'unsubscribe').map((d) => [d.guestLabel, d.status])).toEqual([
      ['leaver@example.com', 'delivered'],
      ['changer@example.com', 'delivered'],
    ]);
    // Nothing more for either: unsubscribed once each.
    await sleep(800);
    expect(receiver.events.filter((e) => e.type === 'guest.unsubscribed')).toHaveLength(2);
    expect(accepted(receiver)).toHaveLength(4);
  });
});

describe('collecting without losing or duplicating', () => {
  it('collects a login committed late (seen before where the collector had reached) at the next sweep', async () => {
    const s = await consentSite();
    const { receiver, integration } = await webhookOf(s);
    await logsIn(s, 'early@example.com', true);
    await expect.poll(() => receiver.events.length, SOON).toBe(1);
    const [reached] = await db().select().from(integrations).where(eq(integrations.id, integration.id));
    const early = await guestOf(s.siteId, 'early@example.com');
    expect(reached!.collectFrom.getTime()).toBe(early.lastSeenAt.getTime());

    // A login whose transaction committed after the collector looked: seen a minute before collect_from.
    await db()
      .insert(guests)
      .values({
        accountId: early.accountId,
        siteId: s.siteId,
        identity: 'email:late@example.com',
        email: 'late@example.com',
        firstName: 'Lola',
        marketingConsent: true,
        firstMethod: 'email',
        lastMethod: 'email',
        visits: 1,
        lastSeenAt: new Date(reached!.collectFrom.getTime() - 60_000),
      });
    await server.built.ctx.jobs.enqueue(sweepJob, {});
    await expect
      .poll(() => receiver.events.map((e) => e.data.guest?.email), SOON)
      .toEqual(['early@example.com', 'late@example.com']);
    await expect
      .poll(async () => (await deliveriesOf(integration.id)).map((d) => [d.guestLabel, d.status]), SOON)
      .toEqual([
        ['early@example.com', 'delivered'],
        ['late@example.com', 'delivered'],
      ]);
  });

  it('two drains at once never send a guest twice', async () => {
    const s = await consentSite();
    const { receiver, integration } = await webhookOf(s);
    await hold(integration.id, true);
    const emails = ['p1@example.com', 'p2@example.com', 'p3@example.com', 'p4@example.com', 'p5@example.com'];
    for (const email of emails) await logsIn(s, email, true);
    await hold(integration.id, false);

    const drain = createIntegrationDrain(server.built.ctx);
    await Promise.all([drain(integration.id), drain(integration.id), drain(integration.id)]);
    await expect
      .poll(async () => (await deliveriesOf(integration.id)).map((d) => d.status), SOON)
      .toEqual(emails.map(() => 'delivered'));
    await sleep(800);
    expect(accepted(receiver)).toHaveLength(5);
    expect(new Set(accepted(receiver).map((q) => q.json!.id)).size).toBe(5);
    expect((await deliveriesOf(integration.id)).map((d) => d.attempts)).toEqual([1, 1, 1, 1, 1]);
  });
});
