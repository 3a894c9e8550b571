import { chromium, type Browser, type Page } from 'playwright-core';
import { mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { loadConfig } from '../server/src/config.ts';
import { buildApp } from '../server/src/app.ts';
import { freshDatabase } from '../server/test/harness.ts';

const root = path.resolve(import.meta.dirname, '..');
export const SCREENSHOTS = path.join(root, 'e2e/screenshots');

/** The real server with the built dashboard, on its own embedded database and a free port. */
export async function startApp() {
  const db = await freshDatabase();
  const dataDir = path.join(root, 'data', `e2e-${randomBytes(4).toString('hex')}`);
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    SECRET_KEY: randomBytes(32).toString('hex'),
    RATE_LIMIT_LOGIN_PER_IP: '10000',
    RATE_LIMIT_REGISTRATIONS_PER_IP: '10000',
    ...(db.url ? { DATABASE_URL: db.url } : {}),
  });
  const built = await buildApp(config, { handle: db.handle, webDist: path.join(root, 'web/dist') });
  await built.startWorkers();
  await built.app.listen({ port: 0, host: '127.0.0.1' });
  const address = built.app.server.address();
  const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  return {
    url,
    db: db.handle.db,
    async close() {
      await built.close();
      await db.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
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
