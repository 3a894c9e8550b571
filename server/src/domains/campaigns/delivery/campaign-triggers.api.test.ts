import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { campaignOptIns, campaignRecipients, guestSessions, guests, sites } from '../../../db/schema/index.ts';
import { createSite, registerAccount, startServer, type TestServer } from '../../../../test/harness.ts';
import { startSmtp } from '../../../../test/smtp.ts';
import { createCampaign, runTriggersAt } from '../../../../test/campaigns.ts';

let server: TestServer;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
beforeAll(async () => {
  smtp = await startSmtp();
  server = await startServer({ SMTP_URL: smtp.url });
});
afterAll(async () => {
  await server?.close();
  await smtp?.close();
});
const db = () => server.handle.db;

async function siteIn(timezone: string) {
  const { client } = await registerAccount(server);
  const site = await createSite(client);
  await db().update(sites).set({ timezone }).where(eq(sites.id, site.id));
  const [row] = await db().select().from(sites).where(eq(sites.id, site.id));
  return { ...row!, owner: client };
}
async function guestOf(site: { id: number; accountId: number }, email: string, over: Partial<typeof guests.$inferInsert> = {}) {
  const [g] = await db()
    .insert(guests)
    .values({
      accountId: site.accountId,
      siteId: site.id,
      identity: `email:${email}`,
      email,
      firstName: email.split('@')[0],
      marketingConsent: true,
      firstMethod: 'email',
      lastMethod: 'email',
      ...over,
    })
    .returning();
  return g!;
}
/** The emails a campaign queued, with their period keys. */
const picked = async (campaignId: number) =>
  (await db().select().from(campaignRecipients).where(eq(campaignRecipients.campaignId, campaignId)))
    .map((r) => `${r.email}#${r.periodKey}`)
    .sort();
const emailsOf = async (campaignId: number) => (await picked(campaignId)).map((p) => p.split('#')[0]);

describe('birthday trigger', () => {
  it('fires from 09:00 of the birthday in the site time zone, on a daylight-saving change day too', async () => {
    const auckland = await siteIn('Pacific/Auckland');
    const losAngeles = await siteIn('America/Los_Angeles');
    await guestOf(auckland, 'kiri@example.com', { birthday: '1990-03-15' });
    await guestOf(auckland, 'nobirthday@example.com');
    await guestOf(auckland, 'noconsent@example.com', { birthday: '1990-03-15', marketingConsent: false });
    await guestOf(losAngeles, 'dolores@example.com', { birthday: '1985-03-14' });
    const nz = await createCampaign(auckland.owner, auckland.id, { trigger_type: 'birthday' });
    const la = await createCampaign(losAngeles.owner, losAngeles.id, { trigger_type: 'birthday' });

    // Los Angeles moved to PDT (-7) that night: 15:30 UTC is 08:30 there (09:30 had it stayed on PST).
    await runTriggersAt(server, new Date('2027-03-14T15:30:00Z'));
    expect(await emailsOf(la.id)).toEqual([]);
    await runTriggersAt(server, new Date('2027-03-14T16:30:00Z'));
    expect(await emailsOf(la.id)).toEqual(['dolores@example.com']);
    expect(await emailsOf(nz.id)).toEqual([]);
    // 19:30 UTC on 14 March 2027 is 08:30 on the 15th in Auckland (NZDT, +13): not yet.
    await runTriggersAt(server, new Date('2027-03-14T19:30:00Z'));
    expect(await emailsOf(nz.id)).toEqual([]);
    await runTriggersAt(server, new Date('2027-03-14T20:30:00Z'));
    expect(await emailsOf(nz.id)).toEqual(['kiri@example.com']);
    // The next day in Los Angeles is not her birthday, nor in Auckland.
    await runTriggersAt(server, new Date('2027-03-15T20:30:00Z'));
    expect(await emailsOf(la.id)).toEqual(['dolores@example.com']);
    expect(await emailsOf(nz.id)).toEqual(['kiri@example.com']);
  });

  it('celebrates 29 February on 28 February in other years, once per period', async () => {
    const site = await siteIn('America/Los_Angeles');
    await guestOf(site, 'leap@example.com', { birthday: '2000-02-29' });
    const campaign = await createCampaign(site.owner, site.id, {
      trigger_type: 'birthday',
      sending_frequency: 'once_per_period',
      sending_period_days: 300,
    });
    await runTriggersAt(server, new Date('2028-02-28T18:00:00Z'));
    expect(await emailsOf(campaign.id)).toEqual([]);
    await runTriggersAt(server, new Date('2028-02-29T18:00:00Z'));
    await runTriggersAt(server, new Date('2028-02-29T19:00:00Z'));
    expect(await emailsOf(campaign.id)).toEqual(['leap@example.com']);
    await runTriggersAt(server, new Date('2029-02-28T18:00:00Z'));
    expect(await emailsOf(campaign.id)).toEqual(['leap@example.com', 'leap@example.com']);
  });
});

describe('sending frequency', () => {
  it('sends only once, or at most once per period, however often the trigger matches', async () => {
    const site = await siteIn('UTC');
    const guest = await guestOf(site, 'ines@example.com', { lastSeenAt: new Date('2027-01-10T12:00:00Z') });
    const once = await createCampaign(site.owner, site.id, { trigger_type: 'inactive' });
    const weekly = await createCampaign(site.owner, site.id, {
      trigger_type: 'inactive',
      sending_frequency: 'once_per_period',
      sending_period_days: 7,
    });
    await runTriggersAt(server, new Date('2027-01-12T12:00:00Z'));
    expect(await picked(weekly.id)).toEqual([]);
    await runTriggersAt(server, new Date('2027-01-13T12:00:00Z'));
    await runTriggersAt(server, new Date('2027-01-13T12:15:00Z'));
    // Days since 1970-01-01 of 13 January 2027: 20831; in periods of 7: 2975.
    expect(await picked(once.id)).toEqual(['ines@example.com#']);
    expect(await picked(weekly.id)).toEqual(['ines@example.com#2975']);

    await db()
      .update(guests)
      .set({ lastSeenAt: new Date('2027-01-20T12:00:00Z') })
      .where(eq(guests.id, guest.id));
    await runTriggersAt(server, new Date('2027-01-23T12:00:00Z'));
    expect(await picked(once.id)).toEqual(['ines@example.com#']);
    expect(await picked(weekly.id)).toEqual(['ines@example.com#2975', 'ines@example.com#2977']);
  });
});

describe('disconnect trigger', () => {
  it('fires N days after a session ended, on the site’s local day', async () => {
    const site = await siteIn('Europe/Madrid');
    const guest = await guestOf(site, 'jon@example.com');
    // Ended at 00:30 local on 2 February (23:30 UTC on the 1st): two days later is 4 February in Madrid, where
    // UTC days would say the 3rd.
    await db()
      .insert(guestSessions)
      .values({
        accountId: site.accountId,
        siteId: site.id,
        guestId: guest.id,
        method: 'email',
        family: 'unifi',
        startedAt: new Date('2027-02-01T21:00:00Z'),
        expiresAt: new Date('2027-02-02T21:00:00Z'),
        endedAt: new Date('2027-02-01T23:30:00Z'),
        minutes: 1440,
        grantStatus: 'confirmed',
      });
    const campaign = await createCampaign(site.owner, site.id, { trigger_type: 'disconnect', trigger_param: 2 });
    await runTriggersAt(server, new Date('2027-02-03T12:00:00Z'));
    expect(await emailsOf(campaign.id)).toEqual([]);
    await runTriggersAt(server, new Date('2027-02-04T09:00:00Z'));
    expect(await emailsOf(campaign.id)).toEqual(['jon@example.com']);
  });
});

describe('opt-in types', () => {
  it('Verified Double reaches only guests who confirmed and whose email is verified', async () => {
    const site = await siteIn('UTC');
    expect((await site.owner.put(`/s/${site.id}/api/v1/campaigns/settings`, { opt_in_type: 'verified_double' })).status).toBe(
      200,
    );
    const seen = { lastSeenAt: new Date('2027-03-01T12:00:00Z') };
    const confirmedOnly = await guestOf(site, 'kai@example.com', seen);
    const both = await guestOf(site, 'lea@example.com', { ...seen, emailVerifiedAt: new Date('2027-03-01T12:00:00Z') });
    await guestOf(site, 'max@example.com', { ...seen, emailVerifiedAt: new Date('2027-03-01T12:00:00Z') });
    for (const g of [confirmedOnly, both])
      await db()
        .insert(campaignOptIns)
        .values({ guestId: g.id, siteId: site.id, email: g.email!, tokenHash: `hash-${g.id}`, confirmedAt: new Date() });
    const campaign = await createCampaign(site.owner, site.id, { trigger_type: 'inactive', trigger_param: 3 });
    await runTriggersAt(server, new Date('2027-03-04T12:00:00Z'));
    // max verified the email but never confirmed: the run asks them to confirm instead.
    expect(await emailsOf(campaign.id)).toEqual(['lea@example.com']);
  });
});
