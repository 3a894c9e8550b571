/// <reference lib="dom" />
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { eq } from 'drizzle-orm';
import { unifiScheduledTasks } from '../server/src/db/schema/index.ts';
import type { TestServer } from '../server/test/harness.ts';
import { signedInClient } from '../server/test/clients.ts';
import { FakeUnifiController } from '../server/test/fakes/unifi-controller.ts';
import { fitsWidth, launch, openPage, screenshot, settle } from './browser.ts';
import { ownerOfUnifiLocation, signIn, startApp } from './app.ts';

// The UniFi scheduled tasks page in Chromium at a phone's and a desktop's width: schedule a weekly
// reboot of the access points at a local time, run tasks now against a fake UniFi OS console and see
// their result; a Read Only client sees the schedules without any way to change them.

let server: TestServer;
let browser: Browser;
let unifi: FakeUnifiController;
const devices = [
  { mac: 'f0:9f:c2:00:00:01', type: 'uap' },
  { mac: 'f0:9f:c2:00:00:02', type: 'uap' },
  { mac: 'f0:9f:c2:00:00:0a', type: 'udm' },
];
beforeAll(async () => {
  [server, browser, unifi] = await Promise.all([
    startApp(),
    launch(),
    new FakeUnifiController({ mode: 'unifios', sites: ['office'], devices }).start(),
  ]);
});
afterAll(async () => {
  await browser?.close();
  await unifi?.close();
  await server?.close();
});

async function account() {
  return ownerOfUnifiLocation(server, {
    name: 'Hostal Mar',
    emailPrefix: 'unifitasks',
    password: 'tasks-pass-7',
    authMethods: ['clickthrough'],
    timezone: 'Europe/Madrid',
    controller: { url: unifi.url, site: 'office' },
  });
}

describe.each([
  { width: 375, height: 812 },
  { width: 1440, height: 900 },
])('UniFi scheduled tasks at $width wide', ({ width, height }) => {
  it('schedules a weekly reboot at a local time, runs tasks now and shows their result', async () => {
    const { email, password, siteId, site } = await account();
    const { context, page } = await openPage(browser, { width, height }, { locale: 'en-US' });
    await signIn(page, server, email, password, site);

    await page.goto(`${server.url}/newapp/app/settings-view`);
    await page.getByRole('link', { name: 'UniFi scheduled tasks' }).click();
    await page.getByRole('heading', { name: 'UniFi scheduled tasks' }).waitFor();
    await page.getByText('Times are local to the location (Europe/Madrid).', { exact: false }).waitFor();
    const reboot = page.getByRole('region', { name: 'Reboot all APs' });
    await reboot.getByText('Never run').first().waitFor();
    await expect(page.getByRole('region').count()).resolves.toBe(3);

    await reboot.getByLabel('On a schedule').check();
    await reboot.getByLabel('How often').click();
    await page.getByRole('option', { name: 'Every week' }).click();
    await reboot.getByLabel('Day').click();
    await page.getByRole('option', { name: 'Monday' }).click();
    await reboot.getByLabel('Time').fill('04:00');
    await reboot.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Saved').waitFor();
    await reboot.getByText(/Next run: .*4:00 AM/).waitFor();
    const [stored] = await server.handle.db.select().from(unifiScheduledTasks).where(eq(unifiScheduledTasks.siteId, siteId));
    expect(stored).toMatchObject({ kind: 'reboot_aps', enabled: true, frequency: 'weekly', weekday: 1, time: '04:00' });
    const local = new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Europe/Madrid',
      weekday: 'long',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    }).format(stored!.nextRunAt!);
    expect(local).toBe('Monday 04:00');
    await settle(page);
    await screenshot(page, `unifi-tasks-scheduled-${width}`);
    await fitsWidth(page);

    const before = unifi.commands.length;
    await reboot.getByRole('button', { name: 'Run now' }).click();
    await page.getByRole('heading', { name: 'Reboot all APs now?' }).waitFor();
    await page.getByRole('dialog').getByRole('button', { name: 'Run now' }).click();
    await reboot.getByText('Done: 2 devices').waitFor({ timeout: 20_000 });
    await reboot.getByText(/Last run: /).waitFor();
    expect(unifi.commands.slice(before).map((c) => [c.body.cmd, c.body.mac])).toEqual([
      ['restart', 'f0:9f:c2:00:00:01'],
      ['restart', 'f0:9f:c2:00:00:02'],
    ]);

    const udm = page.getByRole('region', { name: 'Restart UDM Pro' });
    await udm.getByText('The console is restarted like any other device of the site', { exact: false }).waitFor();
    const sent = unifi.commands.length;
    await udm.getByRole('button', { name: 'Run now' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Run now' }).click();
    await udm.getByText('Done: 1 device').waitFor({ timeout: 20_000 });
    expect(unifi.commands.slice(sent).map((c) => [c.body.cmd, c.body.mac])).toEqual([['restart', 'f0:9f:c2:00:00:0a']]);
    await settle(page);
    await screenshot(page, `unifi-tasks-run-${width}`);
    await fitsWidth(page);
    await context.close();
  });
});

describe('UniFi scheduled tasks for a Read Only client, and in Spanish', () => {
  it('shows the schedules without any way to change them', async () => {
    const { api, siteId, accountId, site } = await account();
    await api.put(`/s/${siteId}/api/v1/unifi/scheduledtasks/rf_scan`, { enabled: true, frequency: 'daily', time: '02:15' });
    const { email } = await signedInClient(server, accountId, [{ siteId, area: 'settings', level: 'read' }]);
    const { context, page } = await openPage(browser, { width: 375, height: 812 }, { locale: 'en-US' });
    await signIn(page, server, email, 'client-pass-7', site);
    await page.goto(`${server.url}/newapp/app/settings-view/unifi-scheduled-tasks`);
    await page.getByText('You can see these tasks but not change them (Read Only access).').waitFor();
    const scan = page.getByRole('region', { name: 'RF scan' });
    await scan.getByText(/Next run: .*2:15 AM/).waitFor();
    await expect(scan.getByLabel('On a schedule').isChecked()).resolves.toBe(true);
    await expect(scan.getByLabel('On a schedule').isDisabled()).resolves.toBe(true);
    await expect(page.getByRole('button', { name: 'Save' }).count()).resolves.toBe(0);
    await expect(page.getByRole('button', { name: 'Run now' }).count()).resolves.toBe(0);
    await settle(page);
    await screenshot(page, 'unifi-tasks-read-only-375');
    await fitsWidth(page);
    await context.close();
  });

  it('shows the page in Spanish', async () => {
    const { email, password, site } = await account();
    const { context, page } = await openPage(browser, { width: 375, height: 812 }, { locale: 'es-ES' });
    await signIn(page, server, email, password, site);
    // The browser prefers Spanish: the dashboard is in Spanish with nothing chosen.
    await page.goto(`${server.url}/newapp/app/settings-view/unifi-scheduled-tasks`);
    await page.getByRole('heading', { name: 'Tareas programadas de UniFi' }).waitFor();
    await page.getByRole('region', { name: 'Reiniciar todos los AP' }).waitFor();
    await page.getByRole('region', { name: 'Escaneo de RF' }).getByText('Nunca se ha ejecutado').first().waitFor();
    await settle(page);
    await screenshot(page, 'unifi-tasks-es-375');
    await fitsWidth(page);
    await context.close();
  });
});
