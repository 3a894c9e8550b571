import { chromium, type Browser, type Page } from 'playwright-core';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { startServer } from '../server/test/harness.ts';

const root = path.resolve(import.meta.dirname, '..');
export const SCREENSHOTS = path.join(root, 'e2e/screenshots');

/** The real server with the built dashboard, on its own embedded database and a free port. */
export async function startApp() {
  const server = await startServer({}, { webDist: path.join(root, 'web/dist') });
  return { url: server.url, db: server.handle.db, close: () => server.close() };
}

export async function launch(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

export async function screenshot(page: Page, name: string) {
  mkdirSync(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOTS, `${name}.png`), fullPage: true });
}
