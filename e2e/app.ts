/// <reference lib="dom" />
import path from 'node:path';
import type { Page } from 'playwright-core';
import { eq } from 'drizzle-orm';
import { controllerSettings, sites } from '../server/src/db/schema/index.ts';
import { createSite, registerAccount, startServer, uniqueEmail, type TestServer } from '../server/test/harness.ts';

// The app under test for the browser tests: the real server with the built dashboard, accounts made
// through its API as a script would make them, and signing in through the sign-in page.

const WEB_DIST = path.resolve(import.meta.dirname, '../web/dist');

/** The real server with the built dashboard, on its own database and a free port. */
export function startApp(env: Record<string, string> = {}): Promise<TestServer> {
  return startServer(env, { webDist: WEB_DIST });
}

/** An owner registered through the API, with an API client signed in as them. */
export async function registerOwner(
  server: TestServer,
  owner: { account: string; emailPrefix: string; password: string; displayname?: string; plan?: string },
) {
  const { client, email, password } = await registerAccount(server, {
    account_name: owner.account,
    displayname: owner.displayname ?? 'Owner',
    email: uniqueEmail(owner.emailPrefix),
    password: owner.password,
    plan_type: owner.plan ?? 'engage',
  });
  return { api: client, email, password };
}

/**
 * Points a location at a (fake) UniFi controller: the settings row written the way the settings page
 * stores it, password sealed. `lookupKey` is what the portal finds the location by.
 */
export async function storeUnifiSettings(
  server: TestServer,
  siteId: number,
  controller: { url: string; site: string; lookupKey: string },
) {
  const [row] = await server.handle.db.select().from(sites).where(eq(sites.id, siteId));
  await server.handle.db.insert(controllerSettings).values({
    siteId,
    accountId: row!.accountId,
    family: 'unifi',
    config: { url: controller.url, username: 'admin', site: controller.site, skipTlsVerify: true, mode: 'auto' },
    secretsEnc: server.built.ctx.secrets.seal(JSON.stringify({ password: 'secret-pass' })),
    lookupKey: controller.lookupKey,
    status: 'Online',
  });
  return { accountId: row!.accountId };
}

/**
 * An owner with one UniFi location (named like the account) whose controller is the fake one. Several
 * test accounts share the fake controller's one site name, so by default the portal tells them apart by
 * site id.
 */
export async function ownerOfUnifiLocation(
  server: TestServer,
  o: {
    name: string;
    emailPrefix: string;
    password: string;
    authMethods: string[];
    timezone?: string;
    controller: { url: string; site: string; lookupKey?: string };
  },
) {
  const { api, email, password } = await registerOwner(server, {
    account: o.name,
    emailPrefix: o.emailPrefix,
    password: o.password,
  });
  // JSON leaves out a timezone not given: the site then gets the default one.
  const { id } = (await createSite(api, {
    name: o.name,
    router_type: 'unifi',
    auth_methods: o.authMethods,
    timezone: o.timezone,
  })) as { id: number };
  const lookupKey = o.controller.lookupKey ?? `${o.controller.site}-${id}`;
  const { accountId } = await storeUnifiSettings(server, id, { ...o.controller, lookupKey });
  return { api, email, password, siteId: id, site: { id, name: o.name }, accountId, lookupKey };
}

/** Fills in and sends the sign-in form, in English or, for a browser that prefers Spanish, in Spanish. */
export async function submitSignIn(page: Page, server: { url: string }, email: string, password: string) {
  await page.goto(`${server.url}/newapp/login`);
  // A fresh context parses the whole first chunk: on a starved CI machine that once took over the default 30 s.
  await page.getByLabel(/^(Email|Correo electrónico)/).fill(email, { timeout: 60_000 });
  await page.getByLabel(/^(Password|Contraseña)/).fill(password);
  await page.getByRole('button', { name: /^(Sign in|Iniciar sesión)$/ }).click();
}

/**
 * Signs in through the sign-in page and waits for the dashboard. With a site, selects it there: the
 * site guard sends a page of a site not selected yet to the dashboard.
 */
export async function signIn(
  page: Page,
  server: { url: string },
  email: string,
  password: string,
  site?: { id: number; name: string },
) {
  await submitSignIn(page, server, email, password);
  // The dashboard's chunk is the next one parsed: as slow as the first on a starved machine (see above).
  await page.getByTestId('dashboard-site').waitFor({ timeout: 60_000 });
  if (!site) return;
  await page.goto(`${server.url}/newapp/app/reports/dashboard?site=${site.id}`);
  await page.getByTestId('dashboard-site').getByText(site.name).waitFor();
}

/** Picks the dashboard's language for the next page load: it is kept in local storage with the theme. */
export async function keepLanguage(page: Page, language: 'en-US' | 'es-ES') {
  if (language === 'en-US') return;
  await page.evaluate((lang) => localStorage.setItem('settings', JSON.stringify({ language: lang, theme: 'light' })), language);
}
