import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { splashAdDailyCounts } from '../../db/schema/index.ts';
import { startServer, type TestServer } from '../../../test/harness.ts';
import { arriveFromUnifi, fetchPage, textOf, unifiPortalSite, type PortalSite } from '../../../test/portal.ts';
import { arriveAt, gatewaySite } from '../../../test/portal-gateways.ts';
import { FakeMistPortal } from '../../../test/fakes/mist-portal.ts';
import { radiusGatewaySite } from '../../../test/radius-gateway.ts';

let server: TestServer;
const fakes: PortalSite[] = [];
const log: string[] = [];
beforeAll(async () => {
  server = await startServer(
    { LOG_LEVEL: 'info' },
    { logStream: { write: (line) => void log.push(line) }, console: { write: () => {} } },
  );
});
afterAll(async () => {
  await Promise.all(fakes.map((f) => f.unifi.close()));
  await server?.close();
});

async function siteWithAds(ads: Record<string, unknown>[]) {
  const s = await unifiPortalSite(server, ['clickthrough']);
  fakes.push(s);
  const made: { id: number }[] = [];
  for (const ad of ads) {
    const res = await s.owner.post(`${s.api}/campaigns/splash-ads`, ad);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    made.push(res.body);
  }
  return { s, ads: made };
}

const adOf = (name: string, over: Record<string, unknown> = {}) => ({
  name,
  splashad_html: `<div><h2>${name} offer</h2><img src="https://cdn.example.com/${name}.png" alt=""></div>`,
  link_url: `https://shop.example.com/${name}`,
  autoskiptime: 4,
  ...over,
});
const countsOf = async (adId: number) => {
  const rows = await server.handle.db.select().from(splashAdDailyCounts).where(eq(splashAdDailyCounts.adId, adId));
  return rows.reduce((sum, r) => ({ impressions: sum.impressions + r.impressions, clicks: sum.clicks + r.clicks }), {
    impressions: 0,
    clicks: 0,
  });
};
const LOGIN_FORM = 'action="clickthrough"';

describe('an ad before the login form', () => {
  it('shows first, moves on by itself after auto-skip, and its Skip link leads to the login form', async () => {
    const { s, ads } = await siteWithAds([adOf('terrace')]);
    const { guest } = await arriveFromUnifi(server, s);
    const page = await guest.get();
    expect(page.status).toBe(200);
    expect(textOf(page.html)).toContain('terrace offer');
    expect(textOf(page.html)).toContain('Advertisement');
    expect(page.html).not.toContain(LOGIN_FORM);
    const skip = /<a class="skip" id="ad-skip" href="([^"]+)"/.exec(page.html)![1]!;
    expect(page.html).toContain(`<meta http-equiv="refresh" content="4;url=${skip}">`);
    // No script of ours, and nothing remote but the ad's own image.
    expect(page.html).not.toMatch(/<script/i);
    expect([...page.html.matchAll(/(?:src|href)="(https?:[^"]+)"/g)].map((m) => m[1])).toEqual([
      'https://cdn.example.com/terrace.png',
    ]);
    expect(Buffer.byteLength(page.html)).toBeLessThan(40 * 1024);

    const skipped = await fetchPage(server, skip);
    expect(skipped.status).toBe(303);
    const form = await fetchPage(server, skipped.location!);
    expect(form.html).toContain(LOGIN_FORM);
    // Past the ad, the start page stays the login form.
    expect((await fetchPage(server, skipped.location!)).html).toContain(LOGIN_FORM);
    expect(await countsOf(ads[0]!.id)).toEqual({ impressions: 1, clicks: 0 });
    const listed = await s.owner.get(`${s.api}/campaigns/splash-ads`);
    expect(listed.body.ads[0]).toMatchObject({ impressions: 1, clicks: 0 });
  });

  it('counts a click and sends the guest to the ad’s link', async () => {
    const { s, ads } = await siteWithAds([adOf('menu')]);
    const { guest } = await arriveFromUnifi(server, s);
    const page = await guest.get();
    const more = /<a class="more" href="([^"]+)"/.exec(page.html)![1]!;
    const click = await fetchPage(server, more);
    expect(click.status).toBe(303);
    expect(click.location).toBe('https://shop.example.com/menu');
    expect(await countsOf(ads[0]!.id)).toEqual({ impressions: 1, clicks: 1 });
  });

  it('without auto-skip, shows the Skip link only after the seconds (no refresh)', async () => {
    const { s } = await siteWithAds([adOf('wait', { autoskip: false, autoskiptime: 7 })]);
    const { guest } = await arriveFromUnifi(server, s, { lang: 'es-ES,es;q=0.9' });
    const page = await guest.get();
    expect(page.html).not.toContain('http-equiv="refresh"');
    expect(page.html).toContain('#ad-skip{visibility:hidden;animation:show 0s 7s forwards}');
    expect(textOf(page.html)).toContain('Publicidad');
    expect(textOf(page.html)).toContain('Saltar');
  });
});

describe('which ad a guest sees', () => {
  it('first visit to a new device, repeat visit to one seen before', async () => {
    const { s } = await siteWithAds([
      adOf('welcome', { trigger_type: 'first_visit' }),
      adOf('again', { trigger_type: 'repeat_visit' }),
    ]);
    const { guest } = await arriveFromUnifi(server, s);
    const first = await guest.get();
    expect(textOf(first.html)).toContain('welcome offer');
    const skip = /id="ad-skip" href="([^"]+)"/.exec(first.html)![1]!;
    const form = (await fetchPage(server, skip)).location!;
    const done = await fetchPage(server, `${form}clickthrough`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: '',
    });
    expect(textOf(done.html)).toContain('You are connected');

    const { guest: back } = await arriveFromUnifi(server, s, { mac: guest.mac });
    const second = await back.get();
    expect(textOf(second.html)).toContain('again offer');
    expect(textOf(second.html)).not.toContain('welcome offer');
  });

  it('follows the rules and the schedule, the most recently started first', async () => {
    const { s } = await siteWithAds([
      adOf('always', { start_time: '2020-01-01T00:00:00Z' }),
      adOf('spanish', {
        start_time: '2021-01-01T00:00:00Z',
        enable_rules: true,
        rules: [
          { field: 'language', operator: 'eq', value: 'es' },
          { field: 'device_type', operator: 'eq', value: 'phone' },
        ],
      }),
      adOf('future', { run_now: false, start_time: '2099-01-01T00:00:00Z' }),
      adOf('past', { start_time: '2020-06-01T00:00:00Z', end_time: '2020-07-01T00:00:00Z' }),
      adOf('draft', { active: 0 }),
    ]);
    const spanishPhone = await (await arriveFromUnifi(server, s, { lang: 'es-ES' })).guest.get();
    expect(textOf(spanishPhone.html)).toContain('spanish offer');
    const englishPhone = await (await arriveFromUnifi(server, s)).guest.get();
    expect(textOf(englishPhone.html)).toContain('always offer');
    const spanishDesktop = await (
      await arriveFromUnifi(server, s, { lang: 'es-ES', userAgent: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/120' })
    ).guest.get();
    expect(textOf(spanishDesktop.html)).toContain('always offer');
  });

  it('shows no ad when there is none, and the login form when the ads cannot be read (logged)', async () => {
    const { s } = await siteWithAds([]);
    expect((await (await arriveFromUnifi(server, s)).guest.get()).html).toContain(LOGIN_FORM);

    const { s: broken } = await siteWithAds([adOf('broken')]);
    await server.handle.executeSql('alter table splash_ads rename to splash_ads_away');
    try {
      const page = await (await arriveFromUnifi(server, broken)).guest.get();
      expect(page.status).toBe(200);
      expect(page.html).toContain(LOGIN_FORM);
      expect(log.some((l) => l.includes('splash-page ads: reading the ads failed'))).toBe(true);
    } finally {
      await server.handle.executeSql('alter table splash_ads_away rename to splash_ads');
    }
  });
});

describe('an ad after login', () => {
  it('shows after the grant, then moves on to the connected page with the continue address', async () => {
    const { s, ads } = await siteWithAds([adOf('after', { placement: 'after_login', autoskiptime: 2 })]);
    const { guest } = await arriveFromUnifi(server, s, { url: 'http://example.com/news' });
    expect((await guest.get()).html).toContain(LOGIN_FORM);
    const done = await guest.post('clickthrough', {});
    expect(done.status).toBe(200);
    expect(textOf(done.html)).toContain('after offer');
    expect(s.unifi.commands).toHaveLength(1);
    const skip = /id="ad-skip" href="([^"]+)"/.exec(done.html)![1]!;
    expect(done.html).toContain(`content="2;url=${skip}"`);
    const next = await fetchPage(server, skip);
    expect(textOf(next.html)).toContain('You are connected');
    expect(next.html).toContain('url=http://example.com/news');
    expect(await countsOf(ads[0]!.id)).toEqual({ impressions: 1, clicks: 0 });
  });

  it('on a gateway that finishes the login in the browser (Mist), moves on to the gateway’s address', async () => {
    const mist = await new FakeMistPortal('mist-wlan-secret').start();
    try {
      const s = await gatewaySite(server, 'mist', ['clickthrough'], { portalUrl: mist.url }, { secret: 'mist-wlan-secret' });
      const made = await s.owner.post(
        `${s.api}/campaigns/splash-ads`,
        adOf('gateway', { placement: 'after_login', autoskiptime: 3 }),
      );
      expect(made.status, JSON.stringify(made.body)).toBe(200);
      const arrival = { wlan_id: 'w1', ap_mac: '5c5b35000001', client_mac: '020e000000a1', url: 'http://example.com/news' };
      const { guest } = await arriveAt(server, s, arrival, '02:0e:00:00:00:a1');
      const done = await guest.post('clickthrough', {});
      expect(done.status).toBe(200);
      expect(textOf(done.html)).toContain('gateway offer');
      const skip = /id="ad-skip" href="([^"]+)"/.exec(done.html)![1]!.replaceAll('&amp;', '&');
      expect(skip.startsWith(`${mist.url}/authorize?`)).toBe(true);
      expect(done.html).toContain('content="3;url=');
      expect(await countsOf(made.body.id)).toEqual({ impressions: 1, clicks: 0 });
    } finally {
      await mist.close();
    }
  });

  it('on a gateway that takes a posted login form (MikroTik), its Skip posts the form, by itself after the seconds', async () => {
    const s = await radiusGatewaySite(server, 'mikrotik', { settings: { use_chap: false }, nasIp: '127.0.0.21' });
    try {
      const made = await s.owner.post(
        `${s.api}/campaigns/splash-ads`,
        adOf('router', { placement: 'after_login', autoskiptime: 3 }),
      );
      expect(made.status, JSON.stringify(made.body)).toBe(200);
      const query = { mac: 'AA:BB:CC:00:0A:01', ip: '10.5.50.9', 'link-login-only': 'http://10.5.50.1/login' };
      const first = await fetchPage(server, `/guest/${s.portalKey}/?${new URLSearchParams(query)}`);
      const res = await fetch(new URL('clickthrough', new URL(first.location!, server.url)), {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: '',
        redirect: 'manual',
      });
      const done = { status: res.status, html: await res.text(), csp: res.headers.get('content-security-policy') ?? '' };
      expect(done.status).toBe(200);
      expect(textOf(done.html)).toContain('router offer');
      const form = /<form id="ad-continue" method="post" action="([^"]+)" data-seconds="3">([\s\S]*?)<\/form>/.exec(done.html)!;
      expect(form[1]).toBe('http://10.5.50.1/login');
      expect(form[2]).toMatch(/name="username" value="[^"]+"/);
      expect(form[2]).toMatch(/name="password" value="[^"]+"/);
      // The one script that posts it is the one the page's policy allows, and the form may leave for the gateway.
      const { csp } = done;
      const script = /<script>([^<]+)<\/script>/.exec(done.html)![1]!;
      expect(csp).toContain(`script-src 'sha256-${createHash('sha256').update(script).digest('base64')}'`);
      expect(csp).not.toContain('form-action');
      expect(await countsOf(made.body.id)).toEqual({ impressions: 1, clicks: 0 });
    } finally {
      await s.owner.del(`${s.api}/radiusclients/${s.nasId}`);
    }
  });
});
