import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, ne } from 'drizzle-orm';
import { campaignRecipients, campaignUnsubscribes, guests, outboxEmails } from '../../../db/schema/index.ts';
import { startServer, type TestServer } from '../../../../test/harness.ts';
import { startSmtp } from '../../../../test/smtp.ts';
import { arriveFromUnifi, fetchPage, textOf, unifiPortalSite, type PortalSite } from '../../../../test/portal.ts';
import { DAY, createCampaign, decodedRaw, runTriggersAt } from '../../../../test/campaigns.ts';

let server: TestServer;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
const fakes: PortalSite[] = [];
beforeAll(async () => {
  smtp = await startSmtp();
  server = await startServer({ SMTP_URL: smtp.url });
});
afterAll(async () => {
  await Promise.all(fakes.map((f) => f.unifi.close()));
  await server?.close();
  await smtp?.close();
});
const db = () => server.handle.db;
const recipientsOf = (campaignId: number) =>
  db().select().from(campaignRecipients).where(eq(campaignRecipients.campaignId, campaignId));

/** A site whose guests log in by email with their first name and the marketing consent box. */
async function consentSite() {
  const s = await unifiPortalSite(server, ['email']);
  fakes.push(s);
  await s.owner.put(`${s.api}/emailconfig/loginfields`, {
    login_fields: [
      { field_type: 'email', mandatory: true },
      { field_type: 'firstname', mandatory: true },
      { field_type: 'consent' },
    ],
  });
  return s;
}
async function guestLogsIn(s: PortalSite, email: string, firstname: string) {
  const { guest } = await arriveFromUnifi(server, s);
  const ok = await guest.post('email', { email, firstname, consent: 'on' });
  expect(ok.status).toBe(200);
}

describe('a connect campaign, from the portal login to the unsubscribe', () => {
  it('emails the guest on the third day, with their fields and one-click unsubscribe, and never again after it', async () => {
    const s = await consentSite();
    const loginAt = Date.now();
    await guestLogsIn(s, 'Lucia@Example.com', 'Lucía');
    const campaign = await createCampaign(s.owner, s.siteId);

    await runTriggersAt(server, new Date(loginAt + 2 * DAY));
    expect(await recipientsOf(campaign.id)).toHaveLength(0);

    await runTriggersAt(server, new Date(loginAt + 3 * DAY));
    const mail = await smtp.waitFor('lucia@example.com');
    const raw = decodedRaw(mail.raw);
    expect(raw).toContain('Hi Lucía');
    expect(raw).toContain('Visits: 1');
    const unsubscribeUrl = /List-Unsubscribe: <(\S+)>/.exec(raw)![1]!;
    expect(unsubscribeUrl).toMatch(/\/m\/u\/[0-9a-z]+\.[\w-]+$/);
    expect(raw).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    await expect.poll(async () => (await recipientsOf(campaign.id))[0]?.status).toBe('sent');
    const [sent] = await recipientsOf(campaign.id);
    // The recipient's own Message-ID, the same if it is ever sent again.
    const messageId = `<${unsubscribeUrl.split('/m/u/')[1]}@${new URL(unsubscribeUrl).hostname}>`;
    expect(sent!.messageId).toBe(messageId);
    expect(raw).toContain(`Message-ID: ${messageId}`);
    expect(sent!.attempts).toBe(1);

    // The guest opens the email and follows its link: tracked, and sent on to where the email pointed.
    const path = (url: string) => new URL(url).pathname + new URL(url).search;
    const pixel = /<img src="([^"]+\/m\/o\/[^"]+)"/.exec(raw)![1]!;
    expect((await fetchPage(server, path(pixel))).status).toBe(200);
    const click = /<a href="([^"]+\/m\/c\/[^"]+)"/.exec(raw)![1]!.replace(/&amp;/g, '&');
    const followed = await fetchPage(server, path(click));
    expect(followed.status).toBe(302);
    expect(followed.location).toBe('https://shop.example.com/offer?x=1&y=2');
    const forged = await fetchPage(server, path(click).replace(/u=[^&]+/, `u=${encodeURIComponent('https://evil.example')}`));
    expect(forged.status).toBe(404);

    // The unsubscribe page works without script (a form), in the guest's language.
    const page = await fetchPage(server, path(unsubscribeUrl), { lang: 'es-ES' });
    expect(page.status).toBe(200);
    expect(page.html).toContain('<form method="post">');
    expect(page.html).not.toContain('<script');
    expect(textOf(page.html)).toContain('¿Dejar de recibir correos de');

    // RFC 8058 one-click, as a mail client posts it.
    const oneClick = await fetch(unsubscribeUrl.replace(/^http:\/\/[^/]+/, server.url), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.status).toBe(200);
    const [after] = await recipientsOf(campaign.id);
    expect(after).toMatchObject({ status: 'sent' });
    expect(after!.openedAt).not.toBeNull();
    expect(after!.clickedAt).not.toBeNull();
    expect(after!.unsubscribedAt).not.toBeNull();
    expect(await db().select().from(campaignUnsubscribes).where(eq(campaignUnsubscribes.siteId, s.siteId))).toMatchObject([
      { email: 'lucia@example.com', source: 'one_click', recipientId: after!.id },
    ]);
    const [guest] = await db().select().from(guests).where(eq(guests.siteId, s.siteId));
    expect(guest!.marketingConsent).toBe(false);
    const shown = await s.owner.get(`${s.api}/campaigns/email/${campaign.id}`);
    expect(shown.body.figures).toEqual({ sent: 1, failed: 0, opened: 1, clicked: 1, unsubscribed: 1 });

    // The guest consents again at another login: the unsubscribe still keeps every campaign of the site away.
    await guestLogsIn(s, 'lucia@example.com', 'Lucía');
    const second = await createCampaign(s.owner, s.siteId, { name: 'Second' });
    await runTriggersAt(server, new Date(Date.now() + 3 * DAY));
    expect(await recipientsOf(second.id)).toHaveLength(0);
  });

  it('refuses a made-up token on every guest route', async () => {
    expect((await fetchPage(server, '/m/u/1.forgedsignatureAAAAAAA')).status).toBe(404);
    expect((await fetchPage(server, '/m/c/1.forgedsignatureAAAAAAA?u=https%3A%2F%2Fevil.example&s=x')).status).toBe(404);
    expect((await fetchPage(server, '/m/confirm/forged-token-that-is-long-enough')).status).toBe(404);
  });
});

describe('delivery', () => {
  it('retries a temporary SMTP failure and ends sent', async () => {
    const s = await consentSite();
    const loginAt = Date.now();
    await guestLogsIn(s, 'retry@example.com', 'Rita');
    const campaign = await createCampaign(s.owner, s.siteId);
    // The account's own emails (its sign-up) leave first, so that the refusal falls on the campaign's.
    await expect
      .poll(async () => db().select().from(outboxEmails).where(ne(outboxEmails.status, 'sent')), { timeout: 20_000 })
      .toEqual([]);
    smtp.state.failNext = 1;
    await runTriggersAt(server, new Date(loginAt + 3 * DAY));
    await smtp.waitFor('retry@example.com', 40_000);
    await expect
      .poll(async () => (await recipientsOf(campaign.id))[0], { timeout: 10_000 })
      .toMatchObject({ status: 'sent', attempts: 2 });
  }, 60_000);
});

describe('double opt-in', () => {
  it('sends the confirmation first, and the campaign only once the guest confirmed', async () => {
    const s = await consentSite();
    expect((await s.owner.put(`${s.api}/campaigns/settings`, { opt_in_type: 'double' })).body).toEqual({ opt_in_type: 'double' });
    expect((await s.owner.get(`${s.api}/campaigns/settings`)).body).toEqual({ opt_in_type: 'double' });
    const loginAt = Date.now();
    await guestLogsIn(s, 'dora@example.com', 'Dora');
    const campaign = await createCampaign(s.owner, s.siteId);

    await runTriggersAt(server, new Date(loginAt + 3 * DAY));
    const confirmation = decodedRaw((await smtp.waitFor('dora@example.com')).raw);
    expect(confirmation).toContain('Please confirm that you want to receive emails from');
    expect(await recipientsOf(campaign.id)).toHaveLength(0);

    const link = /https?:\/\/\S+\/m\/confirm\/[\w-]+/.exec(confirmation)![0];
    const confirmed = await fetchPage(server, new URL(link).pathname);
    expect(confirmed.status).toBe(200);
    expect(textOf(confirmed.html)).toContain('your subscription is confirmed');

    await runTriggersAt(server, new Date(loginAt + 3 * DAY + 60_000));
    await smtp.waitFor('dora@example.com', 15_000, 'Hi Dora');
    expect(await recipientsOf(campaign.id)).toHaveLength(1);
  });
});

// Last: it spends this address's allowance of the guest routes for a minute.
describe('guest routes', () => {
  it('are rate-limited per address, so tokens cannot be walked', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 121; i++)
      statuses.push((await fetchPage(server, `/m/o/${i.toString(36)}.guessAAAAAAAAAAAAAAAAA`)).status);
    expect(statuses.slice(0, 100).every((s) => s === 200)).toBe(true);
    const limited = await fetchPage(server, '/m/u/1.guessAAAAAAAAAAAAAAAAA');
    expect(limited.status).toBe(429);
    expect(Number(limited.retryAfter)).toBeGreaterThan(0);
  }, 120_000);
});
