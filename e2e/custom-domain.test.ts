import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromium, type Browser } from 'playwright-core';
import { connect as tlsConnect } from 'node:tls';
import { eq } from 'drizzle-orm';
import { customDomains } from '../server/src/db/schema/index.ts';
import { createSite, type TestClient, type TestServer } from '../server/test/harness.ts';
import { registerOwner, startApp, submitSignIn } from './app.ts';
import { domainLabPrerequisites, startDomainLab, type DomainLab } from './domain-lab.ts';

/**
 * A white-label domain end to end, without the internet: in a network namespace, dnsmasq answers
 * brand.test and other.test, Pebble is the ACME certificate authority and Caddy (the README's Caddyfile)
 * gets certificates on demand, asking our server which domains may have one. A provider account enters
 * brand.test, the check enables it, and a browser in the namespace opens the sign-in page and a guest
 * splash page over HTTPS on brand.test; other.test gets no certificate; once removed, brand.test none either.
 */
const missing = domainLabPrerequisites();
const API = '/a/api/v1/branding/domain';
const PUBLIC_HOST = 'splashboard.test';
const PASSWORD = 'brand-owner-7';

let lab: DomainLab;
let server: TestServer;
let browser: Browser;
let owner: { api: TestClient; email: string };

beforeAll(async () => {
  // Not skipped: without its tools this fails and says which (`.ci/run` installs them).
  if (missing) throw new Error(missing);
  lab = await startDomainLab(['brand.test', 'other.test', PUBLIC_HOST]);
  server = await startApp({
    PUBLIC_URL: `https://${PUBLIC_HOST}`,
    TRUST_PROXY: 'true',
    DNS_SERVERS: lab.dns,
    CUSTOM_DOMAIN_CA_FILE: lab.pebbleRootFile,
    // Caddy asks from the namespace's address, not loopback.
    CUSTOM_DOMAIN_ASK_FROM: lab.nsIp,
  });
  await lab.startAcmeAndCaddy(await lab.handTo(server.built.app.server), PUBLIC_HOST);
  const registered = await registerOwner(server, {
    account: 'Brand Cafe',
    emailPrefix: 'brand',
    password: PASSWORD,
    plan: 'provider',
  });
  owner = { api: registered.api, email: registered.email };
}, 90_000);

afterAll(async () => {
  await browser?.close();
  await server?.close();
  await lab?.close();
});

/** What a TLS handshake for a name at Caddy gives: the certificate's issuer, or the error. */
function handshake(servername: string) {
  return new Promise<{ issuer?: string; error?: string }>((resolve) => {
    const socket = tlsConnect({ host: lab.nsIp, port: 443, servername, rejectUnauthorized: false, timeout: 15_000 });
    socket.once('secureConnect', () => {
      const cert = socket.getPeerCertificate();
      resolve({ issuer: cert.issuer?.CN });
      socket.destroy();
    });
    socket.once('error', (err) => resolve({ error: (err as { code?: string }).code ?? err.message }));
    socket.once('timeout', () => {
      resolve({ error: 'timeout' });
      socket.destroy();
    });
  });
}

describe('white-label domain through Caddy and Pebble', () => {
  it('is entered on its page, enabled once it reaches us with a certificate, then the sign-in and a guest page load over HTTPS on it', async () => {
    const site = await createSite(owner.api, { name: 'Brand Cafe Terrace', auth_methods: ['clickthrough'] });

    // A browser inside the namespace: its DNS is dnsmasq, and it trusts Pebble's certificates.
    browser = await chromium.launch({
      executablePath: lab.chromiumInNamespace(),
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        `--ignore-certificate-errors-spki-list=${(await lab.pebbleSpkiHashes()).join(',')}`,
      ],
    });

    // The operator, on our own address, enters the domain on its page.
    const operator = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'en-US' });
    const admin = await operator.newPage();
    await submitSignIn(admin, { url: lab.serverUrl }, owner.email, PASSWORD);
    await admin.getByTestId('dashboard-site').waitFor();
    await admin.goto(`${lab.serverUrl}/newapp/app/branding/domain`);
    await expect.poll(() => admin.getByTestId('domain-state').textContent()).toBe('Not Added');
    const field = admin.getByLabel('Domain', { exact: true });
    await field.fill('10.0.0.1');
    await admin.getByRole('button', { name: 'Add domain' }).click();
    await admin.getByText('Enter a domain name, not an IP address').waitFor();
    await field.fill('Brand.test');
    await admin.getByRole('button', { name: 'Add domain' }).click();
    await admin.getByRole('heading', { name: 'brand.test' }).waitFor();
    expect(await admin.getByTestId('cname-target').textContent()).toBe(PUBLIC_HOST);

    // The check queued on entry fetches the token over HTTP through Caddy, then over HTTPS: Caddy gets the
    // certificate from Pebble on that first handshake. "Check now" while it is not there yet.
    const deadline = Date.now() + 40_000;
    while ((await admin.getByTestId('domain-state').textContent()) !== 'Enabled') {
      if (Date.now() > deadline)
        throw new Error(`not enabled: ${JSON.stringify((await owner.api.get(API)).body)}\n${lab.logs()}`);
      const check = admin.getByRole('button', { name: 'Check now' });
      if (await check.isEnabled()) await check.click();
      await admin.waitForTimeout(1000);
    }
    await admin.getByText('Your dashboard is at https://brand.test/newapp').waitFor();
    const body = (await owner.api.get(API)).body;
    expect(body).toMatchObject({ domain: 'brand.test', state: 'enabled', last_error: null });
    expect(body.enabled_at).toEqual(expect.any(String));
    expect((await handshake('brand.test')).issuer).toMatch(/^Pebble Intermediate CA/);
    await operator.close();

    // The account's brand, which the domain shows instead of ours.
    for (const [section, settings] of Object.entries({
      logo: { app_name: 'Brand Cafe Wi-Fi' },
      'login-page-branding': { heading: 'Welcome to Brand Cafe', subheading: 'Staff and partners sign in here' },
      'splash-footer': { text: 'Wi-Fi by Brand Cafe' },
    }))
      expect((await owner.api.put(`/a/api/v1/branding/${section}`, settings)).status).toBe(200);

    const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'en-US' });
    const page = await context.newPage();

    const signIn = await page.goto('https://brand.test/newapp/login');
    expect(signIn?.status()).toBe(200);
    expect((await signIn!.securityDetails())?.issuer).toMatch(/^Pebble Intermediate CA/);
    // Signed out on the domain: the account's sign-in page, nothing of ours.
    await page.getByText('Welcome to Brand Cafe').waitFor();
    await page.getByText('Staff and partners sign in here').waitFor();
    await expect.poll(() => page.title()).toContain('Brand Cafe Wi-Fi');
    expect(await page.locator('body').innerText()).not.toMatch(/Splashboard/i);
    await page.getByLabel(/^Email/).fill(owner.email);
    await page.getByLabel(/^Password/).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    // Signed in on the domain: its cookies work there, and the dashboard stays on it.
    await page.getByTestId('dashboard-site').waitFor();
    expect(new URL(page.url()).origin).toBe('https://brand.test');
    // Plain HTTP and the bare domain lead to the dashboard on the domain, over HTTPS.
    await page.goto('http://brand.test/');
    await page.getByTestId('dashboard-site').waitFor();
    expect(new URL(page.url()).origin).toBe('https://brand.test');
    expect(new URL(page.url()).pathname).toMatch(/^\/newapp\//);

    // A guest page of the account's site, opened as the operator's "Open as a guest" does.
    const test = await owner.api.post(`/s/${site.id}/api/v1/setup/portal-test`);
    expect(test.status).toBe(200);
    const guest = await context.newPage();
    const splash = await guest.goto(`https://brand.test${test.body.url}`);
    expect(splash?.status()).toBe(200);
    expect(new URL(guest.url()).origin).toBe('https://brand.test');
    expect(new URL(guest.url()).pathname).toMatch(/^\/guest\/[^/]+\/p\/[^/]+\/$/);
    await guest.getByRole('button').first().waitFor();
    // Nothing on the guest page sends the guest to our own host.
    expect(await guest.content()).not.toContain(PUBLIC_HOST);
    // The account's powered-by line, not ours.
    await guest.getByText('Wi-Fi by Brand Cafe').waitFor();
    expect(await guest.locator('body').innerText()).not.toMatch(/Splashboard/i);
    await context.close();
  }, 90_000);

  it('gives an unknown domain no certificate, and stops giving brand.test one once it is removed', async () => {
    const other = await handshake('other.test');
    expect(other.issuer).toBeUndefined();
    expect(other.error).toEqual(expect.any(String));

    const ask = (domain: string) => fetch(`${server.url}/internal/tls/ask?domain=${domain}`).then((r) => r.status);
    expect(await ask('brand.test')).toBe(200);
    expect((await owner.api.del(API)).body).toMatchObject({ domain: null, state: 'not_added' });
    expect(await ask('brand.test')).toBe(404);
    expect(await server.handle.db.select().from(customDomains).where(eq(customDomains.domain, 'brand.test'))).toEqual([]);
  });
});
