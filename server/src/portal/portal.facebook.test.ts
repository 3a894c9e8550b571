import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { guests } from '../db/schema/index.ts';
import { startServer, type TestServer } from '../../test/harness.ts';
import { FakeFacebook } from '../../test/fakes/facebook-graph.ts';
import { arriveFromUnifi, textOf, unifiPortalSite, type PortalSite } from '../../test/portal.ts';

const SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';
const CAPTIVE_SHEET =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148';

let server: TestServer;
let fb: FakeFacebook;
const fakes: PortalSite[] = [];
beforeAll(async () => {
  fb = await new FakeFacebook({
    appId: '1234567890',
    appSecret: 'fb-app-secret',
    user: {
      id: '10150001',
      name: 'Lia Ortiz',
      first_name: 'Lia',
      last_name: 'Ortiz',
      email: 'Lia@Example.com',
      birthday: '04/23/1991',
      gender: 'female',
      location: { id: '1', name: 'Madrid, Spain' },
    },
  }).start();
  server = await startServer({
    FACEBOOK_APP_ID: '1234567890',
    FACEBOOK_APP_SECRET: 'fb-app-secret',
    FACEBOOK_DIALOG_URL: fb.dialogUrl,
    FACEBOOK_GRAPH_URL: fb.graphUrl,
    PUBLIC_URL: 'http://portal.test',
    LOG_LEVEL: process.env.DEBUG_LOG ?? 'silent',
  });
});
afterAll(async () => {
  await Promise.all(fakes.map((f) => f.unifi.close()));
  await server?.close();
  await fb?.close();
});
const site = async () => {
  const s = await unifiPortalSite(server, ['facebook']);
  fakes.push(s);
  return s;
};

/** Follows the browser through Facebook's dialog and back to the portal's callback. */
async function throughFacebook(startLocation: string) {
  const dialog = await fetch(startLocation, { redirect: 'manual' });
  expect(dialog.status).toBe(302);
  const back = new URL(dialog.headers.get('location')!);
  expect(back.origin + back.pathname).toBe('http://portal.test/guest/facebook/callback');
  return fetch(new URL(back.pathname + back.search, server.url), { redirect: 'manual', headers: { 'user-agent': SAFARI } });
}

describe('Facebook login', () => {
  it('signs the guest in with Facebook and keeps what the site asked for', async () => {
    const s = await site();
    await s.owner.put(`${s.api}/facebookloginconfig/`, { collect_birthday: true, collect_gender: true, collect_location: true });
    const { guest } = await arriveFromUnifi(server, s, { userAgent: SAFARI });
    const page = await guest.get();
    expect(page.html).toContain('href="facebook/start"');
    const start = await guest.get('facebook/start');
    expect(start.status).toBe(303);
    const dialog = new URL(start.location!);
    expect(dialog.searchParams.get('redirect_uri')).toBe('http://portal.test/guest/facebook/callback');
    expect(dialog.searchParams.get('scope')!.split(',')).toEqual(
      expect.arrayContaining(['email', 'user_birthday', 'user_gender', 'user_location']),
    );

    const done = await throughFacebook(start.location!);
    expect(done.status).toBe(200);
    expect(textOf(await done.text())).toContain('You are connected');
    expect(s.unifi.commands.map((c) => c.body.mac)).toEqual([guest.mac]);
    const [g] = await server.handle.db.select().from(guests).where(eq(guests.siteId, s.siteId));
    expect(g).toMatchObject({
      identity: 'facebook:10150001',
      email: 'lia@example.com',
      firstName: 'Lia',
      lastName: 'Ortiz',
      gender: 'female',
      birthday: '1991-04-23',
      fields: { 'Facebook location': 'Madrid, Spain' },
    });

    // The state is good once.
    const replay = await fetch(new URL(`/guest/facebook/callback?code=x&state=${dialog.searchParams.get('state')}`, server.url));
    expect(replay.status).toBe(410);
  });

  it('tells a guest who cancels, and lets them go back', async () => {
    const s = await site();
    const { guest } = await arriveFromUnifi(server, s, { userAgent: SAFARI });
    fb.decision = 'cancel';
    try {
      const start = await guest.get('facebook/start');
      const done = await throughFacebook(start.location!);
      expect(done.status).toBe(400);
      const html = await done.text();
      expect(textOf(html)).toContain('Facebook sign-in was cancelled.');
      expect(html).toContain(`href="${guest.base}"`);
      expect(s.unifi.commands).toHaveLength(0);
    } finally {
      fb.decision = 'approve';
    }
  });

  it("in a captive portal's mini browser, explains and gives the address to open instead", async () => {
    const s = await site();
    const { guest } = await arriveFromUnifi(server, s, { userAgent: CAPTIVE_SHEET });
    const page = await guest.get('facebook');
    expect(page.html).not.toContain('facebook/start');
    expect(textOf(page.html)).toContain('Facebook sign-in does not work in this small window');
    expect(textOf(page.html)).toContain(`http://portal.test${guest.base}facebook`);
  });

  it('refuses a callback with an unknown state', async () => {
    const res = await fetch(new URL('/guest/facebook/callback?code=abc&state=nobody-issued-this', server.url));
    expect(res.status).toBe(410);
  });
});
