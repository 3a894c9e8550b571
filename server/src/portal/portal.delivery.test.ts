import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { startServer, type TestServer } from '../../test/harness.ts';
import { arriveFromUnifi, unifiPortalSite, type PortalSite } from '../../test/portal.ts';
import { rawGet } from '../../test/raw-http.ts';

// What a guest's phone downloads for a splash page: the page compressed, and fonts only when the design
// picks a webfont (then the latin files, preloaded), the page's policy still allowing them.

let server: TestServer;
const fakes: PortalSite[] = [];
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await Promise.all(fakes.map((f) => f.unifi.close()));
  await server?.close();
});

/** A click-through site and the address of the splash page a guest just sent by the controller opens. */
async function splashPage() {
  const site = await unifiPortalSite(server, ['clickthrough']);
  fakes.push(site);
  const { guest } = await arriveFromUnifi(server, site);
  return { site, url: new URL(guest.base, server.url).toString() };
}

const PHONE = { 'accept-language': 'en-US,en;q=0.9', 'accept-encoding': 'gzip, deflate, br' };
const fontFiles = (html: string) => [...html.matchAll(/\/static\/guest\/fonts\/[\w/.-]+/g)].map((m) => m[0]);

describe('a guest page on the wire', () => {
  it('goes out compressed (Brotli or gzip, as the phone accepts) with its security headers', async () => {
    const { url } = await splashPage();
    const br = await rawGet(url, PHONE);
    expect(br.status).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    const html = brotliDecompressSync(br.body).toString();
    expect(html).toContain('<button');
    expect(br.body.length).toBeLessThan(html.length / 2);
    const gz = await rawGet(url, { ...PHONE, 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).toString()).toBe(html);
    const plain = await rawGet(url, { 'accept-language': 'en-US' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(html);
    for (const res of [br, gz, plain]) {
      expect(res.headers['content-security-policy']).toContain("font-src 'self'");
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['cache-control']).toBe('no-store');
    }
  });

  it("uses the phone's own font by default: no stylesheet or font to fetch", async () => {
    const { url } = await splashPage();
    const html = (await rawGet(url, { 'accept-language': 'en-US' })).body.toString();
    expect(html).not.toContain('<link');
    expect(html).not.toContain('@font-face');
    expect(fontFiles(html)).toEqual([]);
    expect(html).toMatch(/--font:system-ui, -apple-system/);
  });

  it('with a webfont picked in the design: its latin files preloaded and declared inline, served by us', async () => {
    const { site, url } = await splashPage();
    const put = await site.owner.put(`${site.api}/splashpage/design`, { body_fontfamily: 'Lato' });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    const html = (await rawGet(url, { 'accept-language': 'en-US' })).body.toString();
    const preloads = [...html.matchAll(/<link ([^>]+)\/?>/g)].map((m) => m[1]!);
    expect(preloads).toHaveLength(2);
    for (const [i, weight] of ['400', '700'].entries()) {
      expect(preloads[i]).toContain('rel="preload"');
      expect(preloads[i]).toContain('as="font"');
      expect(preloads[i]).toContain('type="font/woff2"');
      expect(preloads[i]).toContain('crossorigin=');
      expect(preloads[i]).toContain(`href="/static/guest/fonts/lato/files/lato-latin-${weight}-normal.woff2"`);
    }
    // Declared in the page's own stylesheet: no stylesheet to fetch first, latin-ext only when a character needs it.
    expect(html).not.toContain('rel="stylesheet"');
    expect(html.match(/@font-face\{font-family:'Lato'/g)).toHaveLength(4);
    expect(html).toContain("--font:'Lato', sans-serif");
    for (const file of new Set(fontFiles(html))) {
      const res = await rawGet(server.url + file, PHONE);
      expect(res.status, file).toBe(200);
      expect(res.headers['content-type']).toBe('font/woff2');
      // woff2 is compressed already: sent as it is.
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(res.body.subarray(0, 4).toString()).toBe('wOF2');
    }
  });
});
