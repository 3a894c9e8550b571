/// <reference lib="dom" />
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFile } from 'node:fs/promises';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { eq } from 'drizzle-orm';
import { sites } from '../server/src/db/schema/index.ts';
import type { TestServer } from '../server/test/harness.ts';
import { signedInClient } from '../server/test/clients.ts';
import { randomMac, type PortalSite } from '../server/test/portal.ts';
import { guestSite, insertGuests, parseCsv, portalLogin } from '../server/test/fixtures/guests.ts';
import { fitsWidth, launch, openPage, screenshot, settle } from './browser.ts';
import { keepLanguage, signIn, startApp } from './app.ts';

// The guests screens in Chromium against the real server: a guest logs in on the portal (a phone sent by
// the fake UniFi controller) and shows up in /app/guests with what they typed; their details, a disconnect
// through the controller, a delete; a download of 50,000 guests with its progress; Spanish; a Read Only
// client. Screens are photographed at 375 and 1440 wide (e2e/screenshots).

const SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';

let server: TestServer;
let browser: Browser;
const fakes: PortalSite[] = [];
beforeAll(async () => {
  [server, browser] = await Promise.all([startApp(), launch()]);
});
afterAll(async () => {
  await Promise.all(fakes.map((f) => f.unifi.close().catch(() => undefined)));
  await browser?.close();
  await server?.close();
});

const site = async () => {
  const s = await guestSite(server);
  fakes.push(s);
  return s;
};

/** A browser signed in through the sign-in page, then in the chosen language (kept in local storage). */
async function dashboard(email: string, password: string, width: number, height: number, language: 'en-US' | 'es-ES' = 'en-US') {
  const { context, page } = await openPage(browser, { width, height }, { acceptDownloads: true });
  await signIn(page, server, email, password);
  await keepLanguage(page, language);
  return { context, page };
}

/** The email of the owner of a test site (registered with the harness's default password). */
const ownerOf = async (s: PortalSite) => (await s.owner.get('/a/api/v1/profile/')).body.email as string;
const OWNER_PASSWORD = 'correct-horse-7';

/** Opens the site's guests: the site guard wants the site selected first (the dashboard does it). */
async function openGuests(page: Page, siteId: number, heading = 'Guests') {
  await page.goto(`${server.url}/newapp/app/reports/dashboard?site=${siteId}`);
  await page.getByTestId('dashboard-site').getByText('Main Street').waitFor();
  await page.goto(`${server.url}/newapp/app/guests?site=${siteId}`);
  await page.getByRole('heading', { name: heading, level: 1 }).waitFor();
}

/** A guest's phone in Chromium logs in on the portal's email form; nothing leaves the machine. */
async function guestLogsIn(s: PortalSite) {
  const context: BrowserContext = await browser.newContext({
    viewport: { width: 375, height: 667 },
    userAgent: SAFARI,
    isMobile: true,
  });
  await context.route('**/*', (route) =>
    route.request().url().startsWith(server.url)
      ? route.continue()
      : route.fulfill({ status: 200, contentType: 'text/html', body: '<title>Outside</title>' }),
  );
  const page = await context.newPage();
  const mac = randomMac();
  const query = new URLSearchParams({
    ap: 'f0:9f:c2:00:00:01',
    id: mac,
    t: String(Math.floor(Date.now() / 1000)),
    url: 'http://example.com/',
  });
  await page.goto(`${server.url}/guest/s/${s.unifiSite}/?${query}`);
  await page.getByLabel('First name').fill('Lucía');
  await page.getByLabel('Last name').fill('Martín');
  await page.getByLabel('Email').fill('lucia@example.com');
  await page.getByLabel('Phone number').fill('+34 611 222 333');
  await page.getByLabel('Room').fill('305');
  await page.getByLabel('I agree to receive news and offers').check();
  await page.getByRole('button', { name: 'Connect' }).click();
  await page.getByText('You are connected').waitFor();
  await context.close();
  return mac;
}

describe.each([
  { width: 375, height: 812 },
  { width: 1440, height: 900 },
])('guests at $width wide', ({ width, height }) => {
  it('shows a guest who logged in on the portal with what they gave; details, disconnect and delete', async () => {
    const s = await site();
    const mac = await guestLogsIn(s);
    await portalLogin(server, s, { email: 'other@example.com', firstname: 'Otto' });
    await portalLogin(server, s, { email: 'maria@example.com' });
    const { context, page } = await dashboard(await ownerOf(s), OWNER_PASSWORD, width, height);
    await openGuests(page, s.siteId);
    const row = page.getByRole(width < 1000 ? 'link' : 'row', { name: /Lucía Martín/ });
    await row.waitFor();
    await expect(row.innerText()).resolves.toMatch(/lucia@example\.com[\s\S]*\+34611222333/);
    await page.getByText('1–3 of 3').waitFor();
    // A guest who gave only an email is named by it, not "No name given".
    const maria = page.getByRole(width < 1000 ? 'link' : 'row', { name: /maria@example\.com/ });
    await expect(maria.innerText()).resolves.toMatch(/^\s*maria@example\.com/);
    expect(await page.getByText('No name given').count()).toBe(0);
    await page.getByLabel('Last seen from').waitFor();

    // The search narrows the list once typing pauses (three characters or more).
    await page.getByLabel('Search name, email or phone').fill('ot');
    await page.getByText('Enter at least 3 characters to search').waitFor();
    await page.getByLabel('Search name, email or phone').fill('otto');
    await page.getByText('1–1 of 1').waitFor();
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await page.getByText('1–3 of 3').waitFor();
    await settle(page);
    await screenshot(page, `guests-list-${width}`);

    await page
      .getByRole('link', { name: /Lucía Martín/ })
      .first()
      .click();
    await page.getByRole('heading', { name: 'Lucía Martín', level: 1 }).waitFor();
    const profile = page.getByRole('region', { name: 'Profile' });
    await profile.getByText('Other answers').waitFor();
    await expect(profile.innerText()).resolves.toMatch(/Room\s+305/);
    await expect(profile.innerText()).resolves.toMatch(/Marketing consent\s+Yes/);
    const devices = page.getByRole('region', { name: 'Devices' });
    await devices.getByText(mac.toUpperCase()).waitFor();
    await devices.getByText('Online', { exact: true }).waitFor();
    await page.getByRole('region', { name: 'Consent history' }).getByText('Marketing').waitFor();
    await expect(page.getByRole('region', { name: 'Usage' }).innerText()).resolves.toMatch(/Sessions\s+1\b/);
    await page.getByRole('region', { name: 'Sessions' }).getByText('Ongoing until', { exact: false }).first().waitFor();
    await settle(page);
    await screenshot(page, `guests-details-${width}`);

    await devices.getByRole('button', { name: `Disconnect ${mac.toUpperCase()}` }).click();
    await page.getByText('Device disconnected').waitFor();
    await devices.getByText('Offline', { exact: true }).waitFor();
    expect(s.unifi.commands.at(-1)).toEqual({ site: s.unifiSite, body: { cmd: 'unauthorize-guest', mac } });
    await page.getByRole('region', { name: 'Sessions' }).getByText('Disconnected from the dashboard', { exact: false }).waitFor();

    // The controller goes away: the failure is said in the spec's words.
    await s.unifi.close();
    await devices.getByRole('button', { name: `Disconnect ${mac.toUpperCase()}` }).click();
    await page.getByText('Disconnecting device failed').waitFor();

    await page.getByRole('button', { name: 'Delete guest' }).click();
    await page.getByRole('dialog', { name: 'Delete this guest?' }).waitFor();
    await settle(page);
    await screenshot(page, `guests-delete-${width}`);
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await page.getByText('Guest deleted').waitFor();
    await page.getByRole('heading', { name: 'Guests', level: 1 }).waitFor();
    await page.getByText('1–2 of 2').waitFor();
    expect(await page.getByText('Lucía Martín').count()).toBe(0);
    await context.close();
  });
});

describe('downloads', () => {
  it(
    'prepares a download of 50,000 guests with the progress shown, and the CSV holds every row',
    { timeout: 180_000 },
    async () => {
      const s = await site();
      await insertGuests(server, s.siteId, 50_000, { prefix: 'fifty' });
      const { context, page } = await dashboard(await ownerOf(s), OWNER_PASSWORD, 1440, 900);
      await openGuests(page, s.siteId);
      await page.getByText('1–25 of 50,000').waitFor();

      const downloaded = page.waitForEvent('download', { timeout: 150_000 });
      // The notice shows for a few seconds only: watched for from the start.
      const told = page.getByText(/Your download has started/).waitFor({ timeout: 150_000 });
      await page.getByRole('button', { name: 'Download guests' }).click();
      const progress = page.getByTestId('download-progress');
      await progress.getByRole('progressbar', { name: 'Download guests' }).waitFor();
      // What the progress line says while the file is prepared, read until the file arrives.
      const said = new Set<string>();
      let done = false;
      let photographed = false;
      const watching = (async () => {
        while (!done) {
          const text = await progress.innerText().catch(() => '');
          if (text) said.add(text.trim());
          if (!photographed && /Preparing/.test(text)) {
            photographed = true;
            await screenshot(page, 'guests-download-progress-1440');
          }
          await page.waitForTimeout(50);
        }
      })();
      const file = await downloaded;
      done = true;
      await watching;
      await told;
      expect(
        [...said].some((t) => /^Preparing the guests file: \d+% \([\d,]+ rows\)$/.test(t)),
        [...said].join(' | '),
      ).toBe(true);
      expect(file.suggestedFilename()).toMatch(/^guests-main-street-\d{4}-\d{2}-\d{2}\.csv$/);
      const rows = parseCsv(await readFile((await file.path())!, 'utf8'));
      expect(rows[0]!.slice(0, 4)).toEqual(['Guest ID', 'First name', 'Last name', 'Email']);
      expect(rows).toHaveLength(50_001);
      expect(new Set(rows.slice(1).map((r) => r[3])).size).toBe(50_000);
      expect(rows.slice(1).every((r) => /^fifty\d+@example\.net$/.test(r[3]!))).toBe(true);
      await context.close();
    },
  );
});

describe('the date range, downloads for the current filter, and a delete that fails', () => {
  it('narrows the list to the guests last seen between the two days, both kept in the address', async () => {
    const s = await site();
    await portalLogin(server, s, { email: 'dora@example.com', firstname: 'Dora' });
    await insertGuests(server, s.siteId, 3, { prefix: 'earlier', sameTime: true });
    const { context, page } = await dashboard(await ownerOf(s), OWNER_PASSWORD, 1440, 900);
    await openGuests(page, s.siteId);
    await page.getByText('1–4 of 4').waitFor();
    // The bulk guests were last seen yesterday, Dora today (the site's time zone is UTC, as this machine's).
    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    await page.getByLabel('Last seen from').fill(day(0));
    await page.getByText('1–1 of 1').waitFor();
    await page.getByRole('row', { name: /Dora/ }).waitFor();
    await page.getByLabel('Last seen from').fill(day(-1));
    await page.getByLabel('Last seen to').fill(day(-1));
    await page.getByText('1–3 of 3').waitFor();
    expect(await page.getByRole('row', { name: /Dora/ }).count()).toBe(0);
    const address = new URL(page.url()).searchParams;
    expect([address.get('from'), address.get('to')]).toEqual([day(-1), day(-1)]);
    await page.getByLabel('Last seen from').fill('2020-01-01');
    await page.getByLabel('Last seen to').fill('2020-01-31');
    await page.getByText('No guests match these filters.').waitFor();
    await context.close();
  });

  it('downloads the sessions of the guests the search finds', { timeout: 90_000 }, async () => {
    const s = await site();
    const first = await portalLogin(server, s, { email: 'ana@example.com', firstname: 'Ana' });
    const second = await portalLogin(server, s, { email: 'ana@example.com' });
    await portalLogin(server, s, { email: 'ben@example.com', firstname: 'Ben' });
    const { context, page } = await dashboard(await ownerOf(s), OWNER_PASSWORD, 1440, 900);
    await openGuests(page, s.siteId);
    await page.getByText('1–2 of 2').waitFor();
    await page.getByLabel('Search name, email or phone').fill('ana@example');
    await page.getByText('1–1 of 1').waitFor();

    const downloaded = page.waitForEvent('download', { timeout: 60_000 });
    await page.getByRole('button', { name: 'Download sessions' }).click();
    const file = await downloaded;
    expect(file.suggestedFilename()).toMatch(/^sessions-main-street-\d{4}-\d{2}-\d{2}\.csv$/);
    const [header, ...body] = parseCsv(await readFile((await file.path())!, 'utf8'));
    expect(header!.slice(0, 7)).toEqual(['Session ID', 'Guest ID', 'First name', 'Last name', 'Email', 'Phone', 'Device MAC']);
    // Ana's two sessions only: Ben is outside the search.
    expect(body.map((r) => [r[4], r[6]])).toEqual([
      ['ana@example.com', second],
      ['ana@example.com', first],
    ]);
    await context.close();
  });

  it('says Delete failed when the guest cannot be deleted (already gone), and stays on the guest', async () => {
    const s = await site();
    await portalLogin(server, s, { email: 'gone@example.com', firstname: 'Gina' });
    const { context, page } = await dashboard(await ownerOf(s), OWNER_PASSWORD, 375, 812);
    await openGuests(page, s.siteId);
    await page.getByRole('link', { name: /Gina/ }).click();
    await page.getByRole('heading', { name: 'Gina', level: 1 }).waitFor();
    // Another operator deletes the guest first.
    const id = Number(new URL(page.url()).pathname.split('/').at(-1));
    expect((await s.owner.del(`/s/${s.siteId}/api/v1/guest/${id}`)).status).toBe(200);

    await page.getByRole('button', { name: 'Delete guest' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await page.getByText('Delete failed').waitFor();
    await page.getByRole('heading', { name: 'Gina', level: 1 }).waitFor();
    await context.close();
  });
});

describe('a client with No Access to guest data', () => {
  it('sees no Guests in the menu, is sent away from the guests pages, and the API answers 403', async () => {
    const s = await site();
    const mac = await portalLogin(server, s, { email: 'hidden@example.com', firstname: 'Hidden' });
    const [row] = await server.handle.db.select().from(sites).where(eq(sites.id, s.siteId));
    const noAccess = await signedInClient(server, row!.accountId, [
      { siteId: s.siteId, area: 'guest_data', level: 'none' },
      { siteId: s.siteId, area: 'settings', level: 'write' },
    ]);
    const { context, page } = await dashboard(noAccess.email, 'client-pass-7', 1440, 900);
    await page.goto(`${server.url}/newapp/app/reports/dashboard?site=${s.siteId}`);
    await page.getByTestId('dashboard-site').getByText('Main Street').waitFor();
    const nav = page.getByRole('navigation', { name: 'main' });
    await nav.getByText('Settings').waitFor();
    expect(await nav.getByText('Guests', { exact: true }).count()).toBe(0);

    for (const path of ['/app/guests', '/app/guests/details/1']) {
      await page.goto(`${server.url}/newapp${path}?site=${s.siteId}`);
      await page.waitForURL(/\/app\/reports\/dashboard/);
    }
    expect(await page.getByText('Hidden').count()).toBe(0);

    // The same session, asking the API directly: guests, details, downloads, disconnect and delete are refused.
    const statuses = await page.evaluate(
      async ({ base, mac }) => {
        // With the session's XSRF token, as the dashboard sends it: the refusal is about access alone.
        const token = decodeURIComponent(/(?:^|;\s*)XSRF-TOKEN=([^;]+)/.exec(document.cookie)?.[1] ?? '');
        const call = async (method: string, url: string) =>
          (await fetch(url, { method, headers: method === 'GET' ? {} : { 'x-xsrf-token': token } })).status;
        if (!token) return ['no XSRF token'];
        return [
          await call('GET', `${base}/?page=1&per_page=25`),
          await call('GET', `${base}/1`),
          await call('GET', `${base}/download/guests`),
          await call('POST', `${base}/1/disconnect/${mac}`),
          await call('DELETE', `${base}/1`),
        ];
      },
      { base: `/s/${s.siteId}/api/v1/guest`, mac },
    );
    expect(statuses).toEqual([403, 403, 403, 403, 403]);
    await context.close();
  });
});

describe('in Spanish, and for a Read Only client', () => {
  it('lists and shows guests in Spanish on a phone, without disconnect or delete for Read Only access', async () => {
    const s = await site();
    await portalLogin(server, s, { email: 'rosa@example.com', firstname: 'Rosa', lastname: 'Díaz', room: '12' });
    const [row] = await server.handle.db.select().from(sites).where(eq(sites.id, s.siteId));
    const readOnly = await signedInClient(server, row!.accountId, [{ siteId: s.siteId, area: 'guest_data', level: 'read' }]);
    const { context, page } = await dashboard(readOnly.email, 'client-pass-7', 375, 812, 'es-ES');
    await openGuests(page, s.siteId, 'Invitados');
    await page.getByRole('heading', { name: 'Invitados', level: 1 }).waitFor();
    await page.getByLabel('Última visita desde').waitFor();
    await page.getByRole('button', { name: 'Descargar invitados' }).waitFor();
    await page.getByText('1–1 de 1').waitFor();
    // Dates out of order are refused before asking the server.
    await page.getByLabel('Última visita desde').fill('2026-03-10');
    await page.getByLabel('Última visita hasta').fill('2026-03-01');
    await page.getByText('La fecha de inicio debe ser anterior o igual a la de fin').waitFor();
    await settle(page);
    await screenshot(page, 'guests-list-es-375');
    await page.getByRole('button', { name: 'Quitar filtros' }).click();

    await page.getByRole('link', { name: /Rosa Díaz/ }).click();
    await page.getByRole('heading', { name: 'Rosa Díaz', level: 1 }).waitFor();
    await page.getByRole('region', { name: 'Perfil' }).getByText('Otras respuestas').waitFor();
    await page.getByRole('region', { name: 'Historial de consentimientos' }).waitFor();
    expect(await page.getByRole('button', { name: /Desconectar/ }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Eliminar invitado' }).count()).toBe(0);
    await fitsWidth(page);
    await settle(page);
    await screenshot(page, 'guests-details-es-375');
    await context.close();
  });
});
