// What the dashboard's files weigh on the wire: the built server asked for index.html, the entry script,
// its stylesheet and everything the sign-in route preloads, once without compression, once accepting gzip
// and once accepting Brotli (as browsers do), with the answers' Content-Encoding and Cache-Control.
// Bytes are the body as sent (not decoded). Usage: npm run build && node bench/transfer.bench.mjs
// SERVER_MAIN and WEB_DIST measure another build (e.g. an older one kept aside) the same way.
import { Buffer } from 'node:buffer';
import http from 'node:http';
import { createServer } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startProcess } from './lib.mjs';

/** A port the OS has just handed out and taken back. */
function freePort() {
  return new Promise((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

/** GET with this Accept-Encoding; the body is counted as it came, compressed or not. */
function get(base, path, acceptEncoding) {
  return new Promise((resolve, reject) => {
    const headers = acceptEncoding ? { 'accept-encoding': acceptEncoding } : {};
    http
      .get(`${base}${path}`, { headers }, (res) => {
        let bytes = 0;
        const chunks = [];
        res.on('data', (c) => {
          bytes += c.length;
          chunks.push(c);
        });
        res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, bytes, body: Buffer.concat(chunks) }));
      })
      .on('error', reject);
  });
}

const port = await freePort();
const dataDir = mkdtempSync(path.join(tmpdir(), 'sb-bench-'));
const server = await startProcess(
  [process.env.SERVER_MAIN ?? 'server/dist/main.js', 'start'],
  {
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    ROLES: 'api,portal',
    ...(process.env.WEB_DIST ? { WEB_DIST: process.env.WEB_DIST } : {}),
  },
  /Splashboard is running/,
);
server.on('exit', () => rmSync(dataDir, { recursive: true, force: true }));
const base = `http://127.0.0.1:${port}`;
try {
  const index = await get(base, '/newapp/');
  const html = index.body.toString('utf8');
  const entry = /<script type="module"[^>]* src="([^"]+)"/.exec(html)?.[1];
  const css = /<link rel="stylesheet"[^>]* href="([^"]+)"/.exec(html)?.[1];
  const preloads = [...html.matchAll(/<link rel="modulepreload"[^>]* href="([^"]+)"/g)].map((m) => m[1]);
  if (!entry || !css) throw new Error('no entry script or stylesheet in index.html: build web first');

  const ENCODINGS = [
    ['none', undefined],
    ['gzip', 'gzip'],
    ['br', 'gzip, deflate, br'],
  ];
  const rows = [];
  for (const [name, path] of [
    ['index.html', '/newapp/'],
    ['entry script', entry],
    ['entry stylesheet', css],
  ]) {
    const row = { file: name };
    for (const [label, accept] of ENCODINGS) {
      const r = await get(base, path, accept);
      row[`${label} bytes`] = r.bytes;
      if (label === 'br') {
        row['br: content-encoding'] = r.headers['content-encoding'] ?? '-';
        row['cache-control'] = r.headers['cache-control'] ?? '-';
      }
    }
    rows.push(row);
  }
  const sum = async (accept) => {
    let total = 0;
    for (const path of ['/newapp/', entry, css, ...preloads]) total += (await get(base, path, accept)).bytes;
    return total;
  };
  rows.push({
    file: `sign-in route (index.html + ${2 + preloads.length} files)`,
    'none bytes': await sum(undefined),
    'gzip bytes': await sum('gzip'),
    'br bytes': await sum('gzip, deflate, br'),
  });
  console.log(`entry script ${entry}`);
  console.table(rows);
} finally {
  server.kill();
}
