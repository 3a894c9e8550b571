import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  controllerSettings,
  guestAccounts,
  guestConsents,
  guestSessions,
  guests,
  sites,
  voucherSessions,
} from '../../db/schema/index.ts';
import { createBatch } from '../../../test/fixtures/vouchers.ts';
import { createSite, registerAccount, startServer, TestClient, type TestServer } from '../../../test/harness.ts';
import { arriveFromUnifi, fetchPage, textOf, unifiPortalSite, type Page, type PortalSite } from '../../../test/portal.ts';

let server: TestServer;
const fakes: PortalSite[] = [];
beforeAll(async () => {
  server = await startServer({ LOG_LEVEL: process.env.DEBUG_LOG ?? 'silent' });
});
afterAll(async () => {
  await Promise.all(fakes.map((f) => f.unifi.close()));
  await server?.close();
});

const db = () => server.handle.db;
const unifiSite = async (methods: string[]) => {
  const s = await unifiPortalSite(server, methods);
  fakes.push(s);
  return s;
};
const checklistOf = async (client: TestClient, siteId: number) => {
  const res = await client.get(`/s/${siteId}/api/v1/setup/checklist`);
  expect(res.status).toBe(200);
  return res.body;
};
const rowsAt = async (siteId: number) => ({
  guests: await db().select().from(guests).where(eq(guests.siteId, siteId)),
  sessions: await db().select().from(guestSessions).where(eq(guestSessions.siteId, siteId)),
  consents: await db().select().from(guestConsents).where(eq(guestConsents.siteId, siteId)),
});

/** The operator's test-mode address, opened like a browser would: the pages under the pass that follows. */
async function openAsGuest(owner: TestClient, siteId: number) {
  const started = await owner.post(`/s/${siteId}/api/v1/setup/portal-test`);
  expect(started.status).toBe(200);
  const entry = await fetchPage(server, started.body.url);
  expect(entry.status).toBe(303);
  const base = entry.location!;
  expect(base).toMatch(/^\/guest\/[^/]+\/p\/[^/]+\/$/);
  const at = (path: string) => new URL(path, new URL(base, server.url)).pathname;
  return {
    url: started.body.url as string,
    get: (path = ''): Promise<Page> => fetchPage(server, at(path)),
    post: (path: string, form: Record<string, string>): Promise<Page> =>
      fetchPage(server, at(path), {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(form).toString(),
      }),
  };
}

describe('set-up checklist', () => {
  it('starts with every step to do on a new site, and answers 404 for another account', async () => {
    const { client } = await registerAccount(server);
    const site = await createSite(client, { router_type: 'unifi', auth_methods: ['clickthrough'] });
    expect(await checklistOf(client, site.id)).toEqual({
      shown: true,
      controller: { done: false, router_type: 'unifi', saved: false, status: 'Not configured' },
      splash_designed: { done: false },
      seen_as_guest: { done: false, at: null },
      first_guest: { done: false },
    });

    const other = await registerAccount(server);
    expect((await other.client.get(`/s/${site.id}/api/v1/setup/checklist`)).status).toBe(404);
    expect((await other.client.post(`/s/${site.id}/api/v1/setup/portal-test`)).status).toBe(404);
    expect((await new TestClient(server.url).get(`/s/${site.id}/api/v1/setup/checklist`)).status).toBe(401);
  });

  it('ticks each step from real state, and is no longer shown once a real guest logged in', async () => {
    const s = await unifiSite(['clickthrough']);
    const before = await checklistOf(s.owner, s.siteId);
    expect(before.controller).toEqual({ done: true, router_type: 'unifi', saved: true, status: 'Online' });
    expect(before.splash_designed.done).toBe(false);

    expect((await s.owner.put(`${s.api}/splashpage/design`, { body_color: '#abc' })).status).toBe(200);
    expect((await checklistOf(s.owner, s.siteId)).splash_designed.done).toBe(true);

    await openAsGuest(s.owner, s.siteId);
    const tested = await checklistOf(s.owner, s.siteId);
    expect(tested.seen_as_guest.done).toBe(true);
    expect(Date.now() - Date.parse(tested.seen_as_guest.at)).toBeLessThan(60_000);
    expect(tested.shown).toBe(true);

    const { guest } = await arriveFromUnifi(server, s);
    expect(textOf((await guest.post('clickthrough', {})).html)).toContain('You are connected');
    const after = await checklistOf(s.owner, s.siteId);
    expect(after.first_guest.done).toBe(true);
    expect(after.shown).toBe(false);
  });

  it('says which controller problem is left', async () => {
    const s = await unifiSite(['clickthrough']);
    await db().update(controllerSettings).set({ status: 'Invalid Credentials' }).where(eq(controllerSettings.siteId, s.siteId));
    expect((await checklistOf(s.owner, s.siteId)).controller).toMatchObject({
      done: false,
      saved: true,
      status: 'Invalid Credentials',
    });
  });
});

describe('guest portal test mode', () => {
  it('is refused without the operator’s token, with a forged one, and with another site’s', async () => {
    const { client } = await registerAccount(server);
    const a = await createSite(client, { auth_methods: ['clickthrough'] });
    const b = await createSite(client, { auth_methods: ['clickthrough'] });
    const [rowA] = await db().select().from(sites).where(eq(sites.id, a.id));
    const [rowB] = await db().select().from(sites).where(eq(sites.id, b.id));

    expect((await new TestClient(server.url).post(`/s/${a.id}/api/v1/setup/portal-test`)).status).toBe(401);
    const forged = await fetchPage(server, `/guest/${rowA!.portalKey}/test/${a.id}.9999999999.AAAA`);
    expect(forged.status).toBe(410);
    expect(textOf(forged.html)).toContain('This test link has expired');

    const forB = (await client.post(`/s/${b.id}/api/v1/setup/portal-test`)).body.url as string;
    const token = forB.split('/').pop();
    expect((await fetchPage(server, `/guest/${rowA!.portalKey}/test/${token}`)).status).toBe(410);
    expect((await checklistOf(client, a.id)).seen_as_guest.done).toBe(false);
    expect((await fetchPage(server, `/guest/${rowB!.portalKey}/test/${token}`)).status).toBe(303);
  });

  it('goes through the terms and an email login without a controller, and answers what the controller would have been told', async () => {
    const { client } = await registerAccount(server);
    const site = await createSite(client, { router_type: 'unifi', auth_methods: ['atos', 'email'] });
    const redirect = await client.put(`/s/api/v1/site/${site.id}/redirecturl`, { redirect_url: 'https://cafe.example/' });
    expect(redirect.status).toBe(200);
    const advanced = await client.put(`/s/${site.id}/api/v1/emailconfig/`, { time_limit: 90, speed_dl: 2048, data_limit: 500 });
    expect(advanced.status).toBe(200);
    // Guests sent by UniFi are told the Wi-Fi is not ready: no controller is saved.
    const real = await fetchPage(server, '/guest/s/no-controller-yet/?id=f0:9f:c2:00:00:09');
    expect(textOf(real.html)).toContain('This Wi-Fi is not ready yet');

    const guest = await openAsGuest(client, site.id);
    const terms = await guest.get();
    expect(terms.html).toContain('action="terms"');
    // Every page of the test says so from the first; a real guest's pages do not.
    expect(textOf(terms.html)).toContain('Test mode, opened from the dashboard: every step is real, but nobody is let in');
    expect(textOf(real.html)).not.toContain('Test mode');
    const agreed = await guest.post('terms', {});
    const afterTerms = await fetchPage(server, agreed.location!);
    expect(afterTerms.html).toContain('name="email"');

    const bad = await fetchPage(server, new URL('email', new URL(agreed.location!, server.url)).pathname, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'email=ana%40',
    });
    expect(bad.status).toBe(422);

    const done = await fetchPage(server, new URL('email', new URL(agreed.location!, server.url)).pathname, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'email=ana%40example.com',
    });
    expect(done.status).toBe(200);
    const text = textOf(done.html);
    expect(text).toContain('Test finished: nobody was let in');
    expect(text).toContain('Router unifi');
    expect(text).toContain('02:00:00:00:00:01 (made up for the test)');
    expect(text).toContain('Guest email:ana@example.com');
    expect(text).toContain('Time online 90 min');
    expect(text).toContain('Download speed 2048 Kbps');
    expect(text).toContain('Upload speed Unlimited');
    expect(text).toContain('Data 500 MB');
    expect(text).toContain('Then sent to https://cafe.example/');

    expect(await rowsAt(site.id)).toEqual({ guests: [], sessions: [], consents: [] });
    const list = await client.get(`/s/${site.id}/api/v1/dashboard/data/real`);
    expect(list.body.real).toBe(false);
    expect(await checklistOf(client, site.id)).toMatchObject({
      shown: true,
      first_guest: { done: false },
      seen_as_guest: { done: true },
    });
  });

  it('does not ask to confirm the email address: there is no guest to confirm', async () => {
    const { client } = await registerAccount(server);
    const site = await createSite(client, { router_type: 'unifi', auth_methods: ['email'] });
    expect((await client.put(`/s/${site.id}/api/v1/emailconfig/`, { enable_verification: true })).status).toBe(200);
    const guest = await openAsGuest(client, site.id);
    const done = await guest.post('email', { email: 'ben@example.com' });
    expect(textOf(done.html)).toContain('Test finished: nobody was let in');
    expect(await rowsAt(site.id)).toEqual({ guests: [], sessions: [], consents: [] });
  });

  it('checks a guest-account sign-up for real (a taken username too) and keeps no account', async () => {
    const s = await unifiSite(['guestuser']);
    expect(
      (await s.owner.put(`${s.api}/guestuserloginconfig/`, { self_signup: true, duration_val: 2, duration_type: 'hours' }))
        .status,
    ).toBe(200);
    const made = await s.owner.post(`${s.api}/guestuser/create`, { username: 'taken', password: 'taken-pass-1' });
    expect(made.status).toBe(200);
    const form = {
      step: 'create',
      firstname: 'Lia',
      lastname: 'Ortiz',
      email: 'lia@example.com',
      password: 'lia-pass-1',
      password_confirm: 'lia-pass-1',
    };

    const guest = await openAsGuest(s.owner, s.siteId);
    const taken = await guest.post('guestuser', { ...form, username: 'Taken' });
    expect(taken.status).toBe(422);
    expect(textOf(taken.html)).toContain('This username is already taken');
    const done = await guest.post('guestuser', { ...form, username: 'lia' });
    expect(done.status).toBe(200);
    expect(textOf(done.html)).toContain('Time online 120 min');
    expect(s.unifi.commands).toHaveLength(0);
    const accounts = await db().select().from(guestAccounts).where(eq(guestAccounts.siteId, s.siteId));
    expect(accounts.map((a) => a.username)).toEqual(['taken']);
    expect(await rowsAt(s.siteId)).toMatchObject({ guests: [], sessions: [] });
  });

  it('checks a voucher code for real, and neither uses the voucher nor tells the controller', async () => {
    const s = await unifiSite(['voucher']);
    const { codes, ids } = await createBatch(server, s.owner, `${s.api}/voucher`, {
      count: 1,
      duration_value: 2,
      duration_type: 'hours',
    });

    const guest = await openAsGuest(s.owner, s.siteId);
    expect((await guest.post('voucher', { voucher: 'WRONG-CODE' })).status).toBe(422);
    const done = await guest.post('voucher', { voucher: codes[0]! });
    expect(done.status).toBe(200);
    expect(textOf(done.html)).toContain('Time online 120 min');
    expect(s.unifi.commands).toHaveLength(0);
    expect(await rowsAt(s.siteId)).toMatchObject({ guests: [], sessions: [] });
    expect(await db().select().from(voucherSessions).where(eq(voucherSessions.voucherId, ids[0]!))).toEqual([]);
  });
});
