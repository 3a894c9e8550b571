import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { guestConsents, guestSessions, guests, sites } from '../db/schema/index.ts';
import { startServer, type TestServer } from '../../test/harness.ts';
import { startSmtp } from '../../test/smtp.ts';
import { arriveFromUnifi, randomMac, textOf, unifiPortalSite, type PortalSite } from '../../test/portal.ts';

let server: TestServer;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
const fakes: PortalSite[] = [];
beforeAll(async () => {
  smtp = await startSmtp();
  server = await startServer({
    SMTP_URL: smtp.url,
    PUBLIC_URL: 'http://portal.test',
    LOG_LEVEL: process.env.DEBUG_LOG ?? 'silent',
  });
});
afterAll(async () => {
  await Promise.all(fakes.map((f) => f.unifi.close()));
  await server?.close();
  await smtp?.close();
});
const site = async (methods: string[]) => {
  const s = await unifiPortalSite(server, methods);
  fakes.push(s);
  return s;
};
const db = () => server.handle.db;
const verifyLink = (raw: string) => {
  const m = raw
    .replace(/=\r?\n/g, '')
    .replace(/=3D/g, '=')
    .match(/http:\/\/portal\.test\/guest\/verify\/[\w-]+/);
  if (!m) throw new Error('no link in the email');
  return m[0].replace('http://portal.test', '');
};

describe('start page and terms', () => {
  it('offers each enabled method on the multi-landing start page', async () => {
    const s = await site(['multilanding', 'email', 'clickthrough', 'voucher']);
    const { guest } = await arriveFromUnifi(server, s);
    const start = await guest.get();
    expect(textOf(start.html)).toContain('Welcome! Choose how to connect');
    expect([...start.html.matchAll(/<a class="btn go" href="(\w+)"/g)].map((m) => m[1])).toEqual([
      'email',
      'clickthrough',
      'voucher',
    ]);
    const email = await guest.get('email');
    expect(email.html).toContain('href="./"');
  });

  it('offers paid access beside the other methods on the start page', async () => {
    const s = await site(['payment', 'email']);
    const { guest } = await arriveFromUnifi(server, s);
    const first = await guest.get();
    expect(textOf(first.html)).toContain('Buy Wi-Fi access');
    expect([...first.html.matchAll(/<a class="btn go" href="(\w+)"/g)].map((m) => m[1])).toEqual(['payment', 'email']);
  });

  it("serves the saved design: layout, footer texts and colours, powered-by, consent texts, and the legal pages' content", async () => {
    const s = await site(['email']);
    const fields = [{ field_type: 'email', mandatory: true }, { field_type: 'consent' }];
    expect((await s.owner.put(`${s.api}/emailconfig/loginfields`, { login_fields: fields })).status).toBe(200);
    const saved = await s.owner.put(`${s.api}/splashpage/design`, {
      grid_border_radius: 24,
      logo_align: 'right',
      logo_size: 96,
      bottomtext_color: '#334455',
      partialtos1_text: 'Joining means you accept the',
      partialtos1_color: '#112233',
      tos_text: 'house rules',
      tos_color: '#aa0000',
      partialtos2_text: 'and our',
      privacy_text: 'data notice',
      privacy_color: '#00aa00',
      splash_page_powered_by_text: 'Wi-Fi by Harbour Networks',
      tos_content: 'No streaming after midnight.',
      privacy_content: 'We keep your email for a year.',
      optional_h1: 'Hear from us',
      optional_h2: 'Optional',
      optional_desc: 'One email a month about events.',
      gdpr_heading_text: 'What we collect',
      gdpr_contact_h1: 'Your email',
      gdpr_contact_h2: 'Required',
      gdpr_contact_desc: 'To send you the login link.',
      gdpr_device_id_h1: 'Your device address',
      gdpr_device_id_h2: 'Required too',
      gdpr_device_id_desc: 'To let your device online.',
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const { guest } = await arriveFromUnifi(server, s);
    const page = await guest.get();
    expect(page.html).toContain('border-radius:24px}');
    expect(page.html).toContain('.logo{text-align:right}');
    expect(page.html).toContain('--logo:96px');
    expect(page.html).toContain('.foot{color:#334455}');
    expect(page.html).toContain('.tos1{color:#112233}');
    expect(page.html).toContain('.tosl{color:#aa0000}');
    expect(page.html).toContain('.prl{color:#00aa00}');
    expect(textOf(page.html)).toContain('Joining means you accept the house rules and our data notice');
    expect(textOf(page.html)).toContain('Wi-Fi by Harbour Networks');
    expect(textOf(page.html)).toContain('Hear from us · Optional One email a month about events.');
    expect(textOf(page.html)).toContain(
      'What we collect Your email · Required To send you the login link. Your device address · Required too To let your device online.',
    );
    expect(textOf((await guest.get('terms')).html)).toContain('No streaming after midnight.');
    expect(textOf((await guest.get('privacy')).html)).toContain('We keep your email for a year.');
  });

  it('shows the terms first, records that they were agreed to, then the login', async () => {
    const s = await site(['atos', 'clickthrough']);
    await s.owner.put(`${s.api}/splashpage/design`, { tos_content: 'Be kind to the network.' });
    const { guest } = await arriveFromUnifi(server, s);
    const terms = await guest.get();
    expect(textOf(terms.html)).toContain('Be kind to the network.');
    expect(terms.html).toContain('action="terms"');
    // The login cannot be posted before agreeing.
    expect((await guest.post('clickthrough', {})).status).toBe(303);
    const agreed = await guest.post('terms', {});
    expect(agreed.status).toBe(303);
    const login = await fetch(new URL(agreed.location!, server.url));
    expect(await login.text()).toContain('action="clickthrough"');
    const done = await fetch(new URL('clickthrough', new URL(agreed.location!, server.url)), { method: 'POST' });
    expect(done.status).toBe(200);
    const [g] = await db().select().from(guests).where(eq(guests.siteId, s.siteId));
    const kinds = (await db().select().from(guestConsents).where(eq(guestConsents.guestId, g!.id))).map((c) => c.kind);
    expect(kinds).toContain('terms_screen');
  });

  it('asks for the terms again only as often as the site says', async () => {
    const s = await site(['atos', 'clickthrough']);
    await s.owner.put(`${s.api}/atos/`, { frequency: 'daily' });
    const mac = randomMac();
    const first = await arriveFromUnifi(server, s, { mac });
    const agreed = await first.guest.post('terms', {});
    await fetch(new URL('clickthrough', new URL(agreed.location!, server.url)), { method: 'POST' });
    const back = await arriveFromUnifi(server, s, { mac });
    expect((await back.guest.get()).html).toContain('action="clickthrough"');
  });
});

describe('returning devices', () => {
  it('with a daily relogin policy, lets a device back in without the splash page', async () => {
    const s = await site(['email']);
    await s.owner.put(`${s.api}/emailconfig/`, { relogin_policy: 'daily' });
    const mac = randomMac();
    await (await arriveFromUnifi(server, s, { mac })).guest.post('email', { email: 'fay@example.com' });
    const back = await arriveFromUnifi(server, s, { mac });
    expect(back.first.status).toBe(200);
    expect(textOf(back.first.html)).toContain('You are connected');
    expect(s.unifi.commands).toHaveLength(2);
    const [g] = await db().select().from(guests).where(eq(guests.siteId, s.siteId));
    expect(g!.visits).toBe(2);
    // With the policy 'always', the splash page shows every time.
    await s.owner.put(`${s.api}/emailconfig/`, { relogin_policy: 'always' });
    expect((await arriveFromUnifi(server, s, { mac })).first.status).toBe(303);
  });

  it('does not let a device back in after the policy period', async () => {
    const s = await site(['email']);
    await s.owner.put(`${s.api}/emailconfig/`, { relogin_policy: 'daily' });
    const mac = randomMac();
    await (await arriveFromUnifi(server, s, { mac })).guest.post('email', { email: 'gus@example.com' });
    await db()
      .update(guestSessions)
      .set({ startedAt: new Date(Date.now() - 2 * 86_400_000) })
      .where(eq(guestSessions.siteId, s.siteId));
    expect((await arriveFromUnifi(server, s, { mac })).first.status).toBe(303);
  });
});

describe('email verification', () => {
  it('with a grace period: online briefly, the link makes it a full session', async () => {
    const s = await site(['email']);
    await s.owner.put(`${s.api}/emailconfig/`, {
      enable_verification: true,
      enable_grace_period: true,
      grace_period_duration: 5,
      time_limit: 120,
    });
    const { guest } = await arriveFromUnifi(server, s);
    const page = await guest.post('email', { email: 'hal@example.com' });
    expect(page.status).toBe(200);
    expect(textOf(page.html)).toContain('We sent a link to hal@example.com');
    expect(textOf(page.html)).toContain('You are online for 5 minutes meanwhile');
    expect(s.unifi.commands[0]!.body.minutes).toBe(5);

    const mail = await smtp.waitFor('hal@example.com');
    const confirmed = await fetch(new URL(verifyLink(mail.raw), server.url));
    expect(confirmed.status).toBe(200);
    expect(textOf(await confirmed.text())).toContain('You are connected');
    expect(s.unifi.commands[1]!.body).toMatchObject({ cmd: 'authorize-guest', mac: guest.mac, minutes: 120 });
    const [g] = await db().select().from(guests).where(eq(guests.siteId, s.siteId));
    expect(g!.emailVerifiedAt).not.toBeNull();
    const [session] = await db().select().from(guestSessions).where(eq(guestSessions.siteId, s.siteId));
    expect(session!.minutes).toBe(120);
    // A used link only confirms.
    expect(textOf(await (await fetch(new URL(verifyLink(mail.raw), server.url))).text())).toContain('Email confirmed');

    // Confirmed guests log in directly next time.
    const next = await (await arriveFromUnifi(server, s)).guest.post('email', { email: 'hal@example.com' });
    expect(textOf(next.html)).toContain('You are connected');
  });

  it('gives one grace period per address: an unconfirmed guest must confirm first', async () => {
    const s = await site(['email']);
    await s.owner.put(`${s.api}/emailconfig/`, { enable_verification: true, enable_grace_period: true });
    await (await arriveFromUnifi(server, s)).guest.post('email', { email: 'ida@example.com' });
    const again = await (await arriveFromUnifi(server, s)).guest.post('email', { email: 'ida@example.com' });
    expect(again.status).toBe(403);
    expect(textOf(again.html)).toContain('Please confirm your email address first');
    expect(s.unifi.commands).toHaveLength(1);
  });

  it('without a grace period: no access until the link is opened; the link can be sent again', async () => {
    const s = await site(['email']);
    await s.owner.put(`${s.api}/emailconfig/`, { enable_verification: true, enable_grace_period: false });
    const { guest } = await arriveFromUnifi(server, s);
    const page = await guest.post('email', { email: 'jo@example.com' });
    expect(page.status).toBe(403);
    expect(s.unifi.commands).toHaveLength(0);
    await smtp.waitFor('jo@example.com');
    const g = /name="g" value="([^"]+)"/.exec(page.html)![1]!;
    const resent = await guest.post('email/resend', { g });
    expect(resent.status).toBe(200);
    // Three sends an hour: the fourth asks to wait, and says how long.
    for (let i = 0; i < 2; i++) expect((await guest.post('email/resend', { g })).status).toBe(200);
    const fourth = await guest.post('email/resend', { g });
    expect(fourth.status).toBe(429);
    expect(Number(fourth.retryAfter)).toBeGreaterThan(3500);
    await new Promise((r) => setTimeout(r, 300));
    const mails = smtp.received.filter((m) => m.to.includes('jo@example.com'));
    await smtp.waitFor('jo@example.com');
    expect(mails.length).toBeGreaterThanOrEqual(1);
    const link = verifyLink(smtp.received.filter((m) => m.to.includes('jo@example.com')).at(-1)!.raw);
    expect((await fetch(new URL(link, server.url))).status).toBe(200);
    const ok = await (await arriveFromUnifi(server, s)).guest.post('email', { email: 'jo@example.com' });
    expect(textOf(ok.html)).toContain('You are connected');
  });

  it('refuses an unknown or expired link', async () => {
    const res = await fetch(new URL('/guest/verify/not-a-real-token', server.url));
    expect(res.status).toBe(410);
    expect(textOf(await res.text())).toContain('Email Validation Failed (your link might have expired)');
  });
});

describe('WiFi4EU', () => {
  it("carries the programme's snippet with the network identifier, language and self-test", async () => {
    const s = await site(['wifi4eu']);
    await s.owner.put(`${s.api}/wifi4euconfig/`, {
      network_id: '3f2504e0-4f89-11d3-9a0c-0305e82c3301',
      lang: 'es',
      selftest: true,
    });
    const { guest } = await arriveFromUnifi(server, s);
    const res = await fetch(new URL(guest.base, server.url));
    const html = await res.text();
    expect(html).toContain('var wifi4euNetworkIdentifier = "3f2504e0-4f89-11d3-9a0c-0305e82c3301";');
    expect(html).toContain('var wifi4euLanguage = "es";');
    expect(html).toContain('var selftestModus = true;');
    expect(html).toContain('<script src="https://collection.wifi4eu.ec.europa.eu/wifi4eu.min.js">');
    expect(res.headers.get('content-security-policy')).toContain('https://collection.wifi4eu.ec.europa.eu');
    expect((await guest.post('wifi4eu', {})).status).toBe(200);
  });
});

describe('other router types', () => {
  it('says the Wi-Fi is not ready for a router type the portal cannot grant through yet', async () => {
    const s = await site(['clickthrough']);
    await db().update(sites).set({ routerType: 'mikrotik' }).where(eq(sites.id, s.siteId));
    server.built.ctx.siteChanges.publish(s.siteId);
    const res = await fetch(new URL(`/guest/${s.portalKey}/?mac=02:00:00:00:00:01`, server.url));
    expect(res.status).toBe(503);
    expect(textOf(await res.text())).toContain('This Wi-Fi is not ready yet');
  });
});
