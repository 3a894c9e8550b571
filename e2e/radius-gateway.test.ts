/// <reference lib="dom" />
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type Server } from 'node:http';
import type { Browser } from 'playwright-core';
import { eq } from 'drizzle-orm';
import { guestSessions } from '../server/src/db/schema/index.ts';
import { createSite, registerAccount, type TestServer } from '../server/test/harness.ts';
import { sites } from '../server/src/db/schema/index.ts';
import { radiusGatewaySite, type GatewaySite } from '../server/test/radius-gateway.ts';
import { radclient, type RadiusAnswer } from '../server/test/radius-nas.ts';
import type { RadiusServer } from '../server/src/adapters/radius/server.ts';
import { launch, openPage, screenshot } from './browser.ts';
import { signIn, startApp } from './app.ts';

/**
 * A guest's phone behind a MikroTik hotspot, in a real Chromium. The router is played by a small HTTP
 * server: its login page is the login.html the settings page gives the operator (with the router's
 * variables filled in, as RouterOS does), and its /login takes the browser's POST and asks our RADIUS
 * server with radclient, as the hotspot does (http-pap).
 */
let server: TestServer;
let radius: RadiusServer;
let browser: Browser;
let router: Server;
let routerUrl = '';
let site: GatewaySite;
const asked: { form: Record<string, string>; answer: RadiusAnswer }[] = [];
const GUEST_MAC = 'AA:BB:CC:10:20:30';
/** The portal's public name, which the login.html and the settings page carry; the phone reaches it through a route. */
const PUBLIC_URL = 'http://wifi.example.test';

async function startRouter(loginHtml: string) {
  router = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', routerUrl);
    if (req.method === 'GET' && url.pathname === '/login') {
      // RouterOS fills in the variables of its login.html page.
      const vars: Record<string, string> = {
        mac: GUEST_MAC,
        ip: '10.5.50.23',
        'link-login-only': `${routerUrl}/login`,
        'link-orig': `${routerUrl}/news`,
        'chap-id': '',
        'chap-challenge': '',
        error: url.searchParams.get('error') ?? '',
      };
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      return res.end(loginHtml.replace(/\$\(([a-z-]+)\)/g, (_m, name: string) => vars[name] ?? ''));
    }
    if (req.method === 'POST' && url.pathname === '/login') {
      let body = '';
      for await (const chunk of req) body += chunk;
      const form = Object.fromEntries(new URLSearchParams(body));
      const answer = await radclient(radius.ports.auth, 'auth', site.secret, [
        `User-Name = "${form.username}"`,
        `User-Password = "${form.password}"`,
        `Calling-Station-Id = "${GUEST_MAC}"`,
        'Called-Station-Id = "hotspot1"',
        'NAS-Identifier = "MikroTik"',
        'Framed-IP-Address = 10.5.50.23',
        'Message-Authenticator = 0x00',
      ]);
      asked.push({ form, answer });
      if (answer.code !== 'Access-Accept') {
        res.writeHead(302, { location: `/login?error=${encodeURIComponent('RADIUS server rejected')}` });
        return res.end();
      }
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      return res.end(
        `<!doctype html><meta name="viewport" content="width=device-width"><h1>You are logged in</h1><a href="${form.dst}">Continue</a>`,
      );
    }
    res.writeHead(200, { 'content-type': 'text/html' });
    res.end('<h1>News</h1>');
  });
  await new Promise<void>((r) => router.listen(0, '127.0.0.1', () => r()));
  routerUrl = `http://127.0.0.1:${(router.address() as { port: number }).port}`;
}

beforeAll(async () => {
  [server, browser] = await Promise.all([
    startApp({ PUBLIC_URL, RADIUS_HOST: '127.0.0.1', RADIUS_AUTH_PORT: '0', RADIUS_ACCT_PORT: '0' }),
    launch(),
  ]);
  radius = await server.built.startRadius();
  site = await radiusGatewaySite(server, 'mikrotik', { settings: { use_chap: false } });
  const limits = await site.owner.put(`${site.api}/clickthrpughloginconfig/`, { time_limit: 45, speed_ul: 1024, speed_dl: 4096 });
  expect(limits.status).toBe(200);
  const loginHtml = await site.owner.get(`${site.api}/routersettings/mikrotik/login.html`);
  expect(loginHtml.status).toBe(200);
  await startRouter(loginHtml.body as string);
});
afterAll(async () => {
  await browser?.close();
  await new Promise((r) => router?.close(r));
  await server?.close();
});

describe('a guest behind a MikroTik hotspot, on a phone', () => {
  it('goes from the router login page to the splash page, clicks through and is let in by the router after RADIUS', async () => {
    const context = await browser.newContext({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true });
    await context.route(`${PUBLIC_URL}/**`, (route) =>
      route.continue({ url: route.request().url().replace(PUBLIC_URL, server.url) }),
    );
    const page = await context.newPage();
    await page.goto(`${routerUrl}/login`);
    // The router's login.html sends the phone to the portal, which shows the splash page.
    await page.getByRole('button', { name: 'Connect' }).waitFor();
    expect(new URL(page.url()).pathname).toMatch(new RegExp(`^/guest/${site.portalKey}/p/`));
    await screenshot(page, 'radius-gateway-mikrotik-splash-375');
    await page.getByRole('button', { name: 'Connect' }).click();

    // The portal's page posts the one-time credentials to the router, which asks RADIUS.
    await page.getByRole('heading', { name: 'You are logged in' }).waitFor();
    await screenshot(page, 'radius-gateway-mikrotik-logged-in-375');
    expect(asked).toHaveLength(1);
    expect(asked[0]!.form).toMatchObject({ username: expect.stringMatching(/^sb-/), dst: `${routerUrl}/news` });
    expect(asked[0]!.answer.code).toBe('Access-Accept');
    expect(asked[0]!.answer.out).toMatch(/Mikrotik-Rate-Limit = "1024k\/4096k"/);
    expect(asked[0]!.answer.out).toMatch(/Session-Timeout = (2[6-7]\d\d)/);

    const [session] = await server.handle.db.select().from(guestSessions).where(eq(guestSessions.siteId, site.siteId));
    expect(session).toMatchObject({
      family: 'mikrotik',
      grantStatus: 'confirmed',
      mac: 'aa:bb:cc:10:20:30',
      radiusUsername: asked[0]!.form.username,
      radiusPasswordEnc: null,
    });

    await context.close();
  });
});

describe('the MikroTik settings page, on a phone', () => {
  it('shows the values for the router and the login.html, adds a NAS client and reveals its secret, saves options', async () => {
    const owner = await registerAccount(server);
    const created = await createSite(owner.client, { router_type: 'mikrotik', auth_methods: ['clickthrough'] });
    const [row] = await server.handle.db.select().from(sites).where(eq(sites.id, created.id));
    const { context, page } = await openPage(browser, { width: 375, height: 812 }, { isMobile: true, hasTouch: true });
    await signIn(page, server, owner.email, owner.password);
    await page.goto(`${server.url}/newapp/app/settings-view/mikrotik?site=${created.id}`);
    await page.getByRole('heading', { name: 'MikroTik hotspot' }).waitFor();
    await page.getByTestId('router-status').getByText('Not configured', { exact: true }).waitFor();
    await page.getByText(`${PUBLIC_URL}/guest/${row!.portalKey}/`, { exact: true }).waitFor();
    await page.getByRole('link', { name: 'Download login.html' }).waitFor();

    await page.getByLabel(/^Name/).fill('Lobby hAP');
    await page.getByLabel(/^IP address/).fill('192.0.2.10');
    await page.getByRole('button', { name: 'Add gateway' }).click();
    await page.getByTestId('nas-client').waitFor();
    const secret = page.getByTestId('nas-secret');
    await expect.poll(() => secret.textContent()).toMatch(/^.{4}•{12}$/);
    await page.getByRole('button', { name: 'Show secret' }).click();
    await expect.poll(() => secret.textContent()).toMatch(/^[\w-]{24}$/);
    await page.getByRole('button', { name: 'Copy the shared secret' }).waitFor();

    await page.getByLabel('CHAP login (http-chap)').uncheck();
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('Saved').waitFor();
    await page.getByText(/No RADIUS accounting from this gateway yet/).waitFor();
    expect((await owner.client.get(`/s/${created.id}/api/v1/routersettings/mikrotik`)).body).toMatchObject({
      saved: true,
      use_chap: false,
    });
    // Nothing is wider than the phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await screenshot(page, 'radius-gateway-mikrotik-settings-375');
    await context.close();
  });
});
