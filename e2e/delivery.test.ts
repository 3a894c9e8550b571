/// <reference lib="dom" />
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Response } from 'playwright-core';
import type { TestServer } from '../server/test/harness.ts';
import { unifiPortalSite, type PortalSite } from '../server/test/portal.ts';
import { launch, openPage } from './browser.ts';
import { signIn, startApp } from './app.ts';

// The built dashboard in Chromium under the content security policy the server sends: signing in, the
// dashboard and the splash designer (its preview a srcdoc frame that inherits the policy, a webfont
// picked) work with nothing refused, and the files arrive compressed, the hashed ones cached for a year.

let server: TestServer;
let browser: Browser;
const sites: PortalSite[] = [];
beforeAll(async () => {
  [server, browser] = await Promise.all([startApp(), launch()]);
});
afterAll(async () => {
  await browser?.close();
  await Promise.all(sites.map((s) => s.unifi.close()));
  await server?.close();
});

describe('the dashboard under its content security policy', () => {
  it('signs in and opens the dashboard and the splash designer with nothing refused; files come compressed and hashed ones are kept', async () => {
    const site = await unifiPortalSite(server, ['email']);
    sites.push(site);
    const email = (await site.owner.get('/a/api/v1/profile/')).body.email as string;
    const { context, page } = await openPage(browser, { width: 1440, height: 900 });
    // What the browser reports refusing, in the page and in its frames (the preview).
    const refused: string[] = [];
    await context.addInitScript(() =>
      document.addEventListener('securitypolicyviolation', (e) =>
        console.error(
          `CSP violation: ${e.violatedDirective} ${e.blockedURI} in ${e.documentURI.slice(0, 60)} at ${e.sourceFile}:${e.lineNumber}`,
        ),
      ),
    );
    page.on('console', (m) => {
      if (/Content Security Policy|CSP violation|Refused to/i.test(m.text())) refused.push(m.text());
    });
    const responses: Response[] = [];
    page.on('response', (r) => void responses.push(r));

    await page.goto(`${server.url}/newapp/login`);
    const first = responses.find((r) => r.request().resourceType() === 'document')!;
    const csp = (await first.allHeaders())['content-security-policy'];
    // Scripts from our origin, and Stripe.js from its own (billing is on against the test server's Stripe).
    expect(csp).toContain(`script-src 'self' ${new URL(server.config.stripe.jsUrl).origin};`);
    expect(csp).toContain("frame-ancestors 'none'");
    // The policy is in force: a script put into the page is refused, and the refusal is seen here.
    const ran = await page.evaluate(() => {
      const s = document.createElement('script');
      s.textContent = 'window.injected = true';
      document.head.appendChild(s);
      return (window as unknown as { injected?: boolean }).injected ?? false;
    });
    expect(ran).toBe(false);
    await expect.poll(() => refused.filter((r) => r.startsWith('CSP violation: script-src-elem inline')).length).toBe(1);
    refused.length = 0;

    await signIn(page, server, email, 'correct-horse-7', { id: site.siteId, name: 'Main Street' });
    await page.goto(`${server.url}/newapp/app/site/splash-pages`);
    await page.getByRole('heading', { name: 'Splash page', exact: true }).waitFor();
    const preview = page.frameLocator('[data-testid=splash-preview]');
    await preview.locator('main.card').waitFor();
    // A webfont: the preview preloads and uses it as the guest's phone will.
    await page.getByLabel('Font', { exact: true }).click();
    await page.getByRole('option', { name: 'Lato' }).click();
    await expect
      .poll(() =>
        preview.locator('body').evaluate(async () => {
          await document.fonts.ready;
          return [...document.fonts].some((f) => f.family.replace(/["']/g, '') === 'Lato' && f.status === 'loaded');
        }),
      )
      .toBe(true);
    await page.waitForTimeout(500);
    expect(refused).toEqual([]);

    // The entry script and every other hashed file: compressed, and kept for a year.
    const assets = responses.filter((r) => /\/newapp\/assets\/[^/]+-[\w-]{8,}\.(js|css)$/.test(r.url()));
    expect(assets.length).toBeGreaterThan(5);
    for (const r of assets) {
      const headers = await r.allHeaders();
      expect(headers['cache-control'], r.url()).toBe('public, max-age=31536000, immutable');
      expect(['br', 'gzip'], r.url()).toContain(headers['content-encoding']);
    }
    await context.close();
  });
});
