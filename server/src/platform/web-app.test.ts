import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { loadConfig } from '../config.ts';
import { startServer, type TestServer } from '../../test/harness.ts';
import { rawGet } from '../../test/raw-http.ts';
import { dashboardCsp } from './web-app.ts';

// The dashboard's files as a browser gets them: a build laid out as Vite lays it out (index.html, hashed
// files under assets/ with the .br and .gz the build writes beside them), served by the real server.

const ENTRY = '/newapp/assets/index-B2xK9qLm.js';
const SCRIPT = `export const screens = [${Array.from({ length: 400 }, (_, i) => `{ id: ${i}, name: 'screen ${i}' }`).join(', ')}];\n`;
const INDEX = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <title>Splashboard</title>
    <script type="module" crossorigin src="${ENTRY}"></script>
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>
`;

let server: TestServer;
let dist: string;
beforeAll(async () => {
  dist = mkdtempSync(path.join(tmpdir(), 'sb-web-'));
  mkdirSync(path.join(dist, 'assets'));
  const files = { 'index.html': INDEX, [ENTRY.replace('/newapp/', '')]: SCRIPT };
  for (const [name, text] of Object.entries(files)) {
    writeFileSync(path.join(dist, name), text);
    writeFileSync(path.join(dist, `${name}.br`), brotliCompressSync(text));
    writeFileSync(path.join(dist, `${name}.gz`), gzipSync(text, { level: 9 }));
  }
  writeFileSync(path.join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  server = await startServer({}, { webDist: dist });
});
afterAll(async () => {
  await server?.close();
  rmSync(dist, { recursive: true, force: true });
});

const directives = (csp: string | string[] | undefined) =>
  Object.fromEntries(
    String(csp ?? '')
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .map(([name, ...values]) => [name, values]),
  );

describe('the dashboard as a browser gets it', () => {
  it('sends index.html with a policy that runs no inline script and lets no other site frame it, revalidated each time', async () => {
    // Billing is on (the test server's Stripe): its Stripe.js origin is the only other script source.
    const stripeJs = new URL(server.config.stripe.jsUrl).origin;
    for (const address of ['/newapp', '/newapp/', '/newapp/app/site/splash-pages']) {
      const res = await rawGet(server.url + address);
      expect(res.status, address).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      const csp = directives(res.headers['content-security-policy']);
      expect(csp['script-src'], address).toEqual(["'self'", stripeJs]);
      expect(csp['default-src']).toEqual(["'self'"]);
      expect(csp['object-src']).toEqual(["'none'"]);
      expect(csp['base-uri']).toEqual(["'self'"]);
      expect(csp['frame-ancestors']).toEqual(["'none'"]);
      expect(csp['connect-src']).toEqual(["'self'", 'https://api.stripe.com', stripeJs]);
      expect(csp['frame-src']).toEqual(["'self'", stripeJs, 'https://hooks.stripe.com']);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['referrer-policy']).toBe('same-origin');
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['cache-control']).toBe('no-cache');
    }
  });

  it('sends a hashed file as the Brotli or gzip file made at build time, as the browser accepts, kept for a year', async () => {
    const url = server.url + ENTRY;
    const br = await rawGet(url, { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.status).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/^text\/javascript|^application\/javascript/);
    expect(Number(br.headers['content-length'])).toBe(br.body.length);
    expect(brotliDecompressSync(br.body).toString()).toBe(SCRIPT);
    expect(br.body.length).toBeLessThan(SCRIPT.length / 4);

    const gz = await rawGet(url, { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).toString()).toBe(SCRIPT);

    const plain = await rawGet(url);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(SCRIPT);

    for (const res of [br, gz, plain]) {
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
    }
    // index.html too goes out compressed, and is still revalidated.
    const index = await rawGet(server.url + '/newapp/', { 'accept-encoding': 'br' });
    expect(index.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(index.body).toString()).toBe(INDEX);
    expect(index.headers['cache-control']).toBe('no-cache');
    // A file without a hash in its name is not kept.
    expect((await rawGet(server.url + '/newapp/favicon.svg')).headers['cache-control']).toBe('public, max-age=0');
  });

  it('compresses answers made on the fly from 1 KB, and leaves smaller ones as they are', async () => {
    const big = await rawGet(server.url + '/api/docs/json', { 'accept-encoding': 'gzip, deflate, br' });
    expect(big.status).toBe(200);
    expect(big.headers['content-encoding']).toBe('br');
    expect(big.headers.vary).toMatch(/accept-encoding/i);
    const spec = JSON.parse(brotliDecompressSync(big.body).toString());
    expect(spec.openapi).toBe('3.1.0');
    expect(big.body.length).toBeLessThan(JSON.stringify(spec).length / 4);
    const gz = await rawGet(server.url + '/api/docs/json', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gz.body).toString()).openapi).toBe('3.1.0');

    const small = await rawGet(server.url + '/a/api/v1/nothing-here', { 'accept-encoding': 'gzip, deflate, br' });
    expect(small.status).toBe(404);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(small.body.toString()).code).toBe('common.noRoute');
  });
});

describe("the dashboard's policy with billing on", () => {
  const policy = (env: Record<string, string>) => directives(dashboardCsp(loadConfig({ SECRET_KEY: 'a'.repeat(64), ...env })));

  it("lets Stripe.js, its Payment Element's frames and Stripe's API in, from the configured script's origin", () => {
    const csp = policy({ STRIPE_SECRET_KEY: 'sk_test_1', STRIPE_JS_URL: 'http://127.0.0.1:4711/v3/' });
    expect(csp['script-src']).toEqual(["'self'", 'http://127.0.0.1:4711']);
    expect(csp['frame-src']).toEqual(["'self'", 'http://127.0.0.1:4711', 'https://hooks.stripe.com']);
    expect(csp['connect-src']).toEqual(["'self'", 'https://api.stripe.com', 'http://127.0.0.1:4711']);
    expect(csp['frame-ancestors']).toEqual(["'none'"]);

    const live = policy({ STRIPE_SECRET_KEY: 'sk_live_1' });
    expect(live['script-src']).toEqual(["'self'", 'https://js.stripe.com']);
  });

  it('adds nothing of Stripe when billing is off', () => {
    const csp = policy({ STRIPE_JS_URL: 'http://127.0.0.1:4711/v3/' });
    expect(csp['script-src']).toEqual(["'self'"]);
    expect(csp['frame-src']).toEqual(["'self'"]);
    expect(csp['connect-src']).toEqual(["'self'"]);
  });
});
