import type { FastifyReply } from 'fastify';
import { AUTO_SUBMIT_SCRIPT } from '@splashboard/splash';
import { createHash } from 'node:crypto';
import type { PortalAnswer } from './views.ts';
import { compressedCopy } from './compressed-pages.ts';

const BASE_CSP =
  "default-src 'none'; img-src * data:; style-src 'self' 'unsafe-inline'; font-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'";

const DEFAULT_RETRY_SECONDS = 60;

const scriptCsp = new Map<string, string>();
/** The policy that also lets a page run a script from this origin (WiFi4EU's snippet), made once per origin. */
function scriptCspOf(origin: string) {
  let csp = scriptCsp.get(origin);
  if (!csp) {
    csp = BASE_CSP.replace("default-src 'none';", `default-src 'none'; script-src 'unsafe-inline' ${origin};`);
    scriptCsp.set(origin, csp);
  }
  return csp;
}

/**
 * A gateway login page posts to the gateway (any address the gateway named) and runs one known script.
 * form-action is left open: a gateway answers the login with a redirect to anywhere.
 */
const GATEWAY_FORM_CSP = BASE_CSP.replace(" form-action 'self';", '').replace(
  "default-src 'none';",
  `default-src 'none'; script-src 'sha256-${createHash('sha256').update(AUTO_SUBMIT_SCRIPT).digest('base64')}';`,
);

/** The gateway login page's policy for another known script (an ad before the gateway's form). */
export const gatewayFormCspFor = (script: string) =>
  GATEWAY_FORM_CSP.replace(/script-src [^;]+;/, `script-src 'sha256-${createHash('sha256').update(script).digest('base64')}';`);

/** Sends a portal answer with the headers every guest page carries. */
export function send(reply: FastifyReply, answer: PortalAnswer, scriptOrigin?: string) {
  reply.header('cache-control', 'no-store');
  // The pass is in the address: it must not travel to other sites in a Referer header.
  reply.header('referrer-policy', 'no-referrer');
  reply.header('x-content-type-options', 'nosniff');
  if ('redirect' in answer) return reply.redirect(answer.redirect, 303);
  const csp = answer.csp ?? (answer.gatewayForm ? GATEWAY_FORM_CSP : scriptOrigin ? scriptCspOf(scriptOrigin) : BASE_CSP);
  reply.header('content-security-policy', csp);
  const status = answer.status ?? 200;
  // Every 429 says when to come back; a page that names no time says a minute.
  if (status === 429) reply.header('retry-after', String(Math.max(1, Math.ceil(answer.retryAfter ?? DEFAULT_RETRY_SECONDS))));
  reply.status(status).type('text/html; charset=utf-8');
  const compressed = Buffer.isBuffer(answer.html) ? compressedCopy(answer.html, reply.request.headers['accept-encoding']) : null;
  if (!compressed) return reply.send(answer.html);
  return reply.header('content-encoding', compressed.encoding).header('vary', 'accept-encoding').send(compressed.body);
}
