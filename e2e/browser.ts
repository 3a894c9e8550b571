/// <reference lib="dom" />
import { chromium, type Browser, type BrowserContextOptions, type Page } from 'playwright-core';
import { expect } from 'vitest';
import { mkdirSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
export const SCREENSHOTS = path.join(root, 'e2e/screenshots');

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

/** A page in a context of its own (its own cookies and storage), with the screen's size. */
export async function openPage(
  browser: Browser,
  viewport: { width: number; height: number },
  options: Omit<BrowserContextOptions, 'viewport'> = {},
) {
  const context = await browser.newContext({ viewport, ...options });
  const page = await context.newPage();
  // A crash in the page shows only as 'An error has occurred': its cause goes to the test's log.
  page.on('pageerror', (error) => console.error(`[page error] ${page.url()}\n${error.stack ?? error.message}`));
  page.on('console', (message) => {
    // Refused requests are what several tests arrange; anything else logged as an error is worth reading.
    if (message.type() === 'error' && !message.text().startsWith('Failed to load resource'))
      console.error(`[page console] ${page.url()}\n${message.text()}`);
  });
  return { context, page };
}

export async function screenshot(page: Page, name: string) {
  mkdirSync(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOTS, `${name}.png`), fullPage: true });
}

/**
 * Lets transitions and toasts finish, so a screenshot shows the settled page: waits a moment for what
 * the last step started, then for every running animation that ends (a spinner's never does) to end,
 * up to 2 s. Usually a tenth of a second where a fixed pause of 400 ms was taken before.
 */
export const settle = (page: Page) =>
  page.evaluate(async () => {
    const frames = () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
    const ending = () =>
      document
        .getAnimations()
        .filter((a) => a.playState === 'running' && Number.isFinite(Number(a.effect?.getComputedTiming().endTime)));
    const deadline = performance.now() + 2_000;
    await new Promise((done) => setTimeout(done, 100));
    await frames();
    for (let running = ending(); running.length > 0 && performance.now() < deadline; running = ending()) {
      const timeout = new Promise((done) => setTimeout(done, deadline - performance.now()));
      await Promise.race([Promise.all(running.map((a) => a.finished.catch(() => undefined))), timeout]);
      await frames();
    }
  });

/** Nothing on the page is wider than the screen (no sideways scrolling on a phone). */
export async function fitsWidth(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}
