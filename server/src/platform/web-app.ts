import type { FastifyInstance, FastifyReply } from 'fastify';
import fastifyStatic, { type SetHeadersResponse } from '@fastify/static';
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Config } from '../config.ts';

/** Vite's content-hashed files: a new build gives them new names, so a browser may keep them for good. */
const HASHED_ASSET = /[/\\]assets[/\\][^/\\]+-[\w-]{8,}\.\w+(?:\.(?:br|gz))?$/;
export const IMMUTABLE = 'public, max-age=31536000, immutable';

/** The origin of an outside service the dashboard talks to, or null when the setting is not an address. */
function originOf(address: string): string | null {
  try {
    const url = new URL(address);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.origin : null;
  } catch {
    return null;
  }
}

/**
 * The dashboard's content security policy. Scripts only from our origin (Vite's build puts no inline
 * script in index.html), plus the chat widget, error reporting and analytics when they are configured.
 * Styles keep 'unsafe-inline': MUI's emotion writes its rules into <style> elements at run time, and the
 * splash designer's preview is a srcdoc frame, which inherits this policy and carries the guest page's
 * own <style> (redrawn at every keystroke, so neither a hash nor a per-response nonce can name it).
 * Styles cannot run code; scripts stay strict. Images may come from anywhere: a splash design may point
 * at an image by its address, and the preview shows it as guests will. With billing on, Stripe.js and
 * its Payment Element (Stripe's documented policy entries, with the script's origin from the settings).
 */
export function dashboardCsp(
  config: Pick<Config, 'crisp' | 'sentryDsn' | 'analyticsKey'> & { stripe: Pick<Config['stripe'], 'enabled' | 'jsUrl'> },
): string {
  const script = ["'self'"];
  const style = ["'self'", "'unsafe-inline'"];
  const font = ["'self'", 'data:'];
  const connect = ["'self'"];
  const frame = ["'self'"];
  if (config.crisp.siteId) {
    // The widget's documented hosts (script, its settings, the relay's websockets, images and fonts).
    script.push('https://client.crisp.chat', 'https://settings.crisp.chat');
    style.push('https://client.crisp.chat');
    font.push('https://client.crisp.chat');
    connect.push(
      'https://client.crisp.chat',
      'https://storage.crisp.chat',
      'wss://client.relay.crisp.chat',
      'wss://stream.relay.crisp.chat',
    );
    frame.push('https://game.crisp.chat');
  }
  const sentry = config.sentryDsn ? originOf(config.sentryDsn) : null;
  if (sentry) connect.push(sentry);
  if (config.analyticsKey) connect.push('https://api.segment.io');
  const stripeJs = config.stripe.enabled ? originOf(config.stripe.jsUrl) : null;
  if (stripeJs) {
    script.push(stripeJs);
    frame.push(stripeJs, 'https://hooks.stripe.com');
    connect.push('https://api.stripe.com', stripeJs);
  }
  return [
    "default-src 'self'",
    `script-src ${script.join(' ')}`,
    `style-src ${style.join(' ')}`,
    'img-src * data: blob:',
    `font-src ${font.join(' ')}`,
    `connect-src ${connect.join(' ')}`,
    `frame-src ${frame.join(' ')}`,
    "worker-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/**
 * The dashboard SPA: its files (Brotli or gzip made at build time, chosen by Accept-Encoding), and
 * index.html for every other path under /newapp. Every answer carries the policy and the security headers.
 */
export async function registerWebApp(app: FastifyInstance, config: Config, webDist: string | undefined) {
  if (!webDist || !existsSync(path.join(webDist, 'index.html'))) return;
  const csp = dashboardCsp(config);
  const secure = (res: SetHeadersResponse) => {
    res.setHeader('content-security-policy', csp);
    res.setHeader('x-content-type-options', 'nosniff');
    res.setHeader('referrer-policy', 'same-origin');
    // For browsers older than frame-ancestors.
    res.setHeader('x-frame-options', 'DENY');
    // The same address answers Brotli, gzip or neither, by the request's Accept-Encoding.
    res.setHeader('vary', 'Accept-Encoding');
  };
  await app.register(fastifyStatic, {
    root: webDist,
    prefix: '/newapp/',
    decorateReply: true,
    wildcard: false,
    index: false,
    preCompressed: true,
    // Served in place of their originals, never under their own names.
    globIgnore: ['**/*.br', '**/*.gz'],
    // Set here per file instead (send's own header would override setHeaders).
    cacheControl: false,
    setHeaders: (res, file) => {
      secure(res);
      if (!res.getHeader('cache-control'))
        res.setHeader(
          'cache-control',
          HASHED_ASSET.test(file) ? IMMUTABLE : file.endsWith('.html') ? 'no-cache' : 'public, max-age=0',
        );
    },
  });
  const sendIndex = (_req: unknown, reply: FastifyReply) => {
    // Revalidated every time: it names the hashed files of the build being served.
    reply.header('cache-control', 'no-cache');
    return reply.sendFile('index.html');
  };
  app.get('/newapp', { config: { public: true }, schema: { hide: true } }, sendIndex);
  app.get('/newapp/*', { config: { public: true }, schema: { hide: true } }, sendIndex);
}
