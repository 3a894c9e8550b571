import type { FastifyBaseLogger } from 'fastify';
import { fetch, type Response } from 'undici';
import type { SmsGatewayConfig } from '@splashboard/contract';
import { causeCode, isTimeout } from '../fetch-errors.ts';
import { buildGatewayRequest, secretValuesOf, type GatewayRequest, type SmsSecrets } from './sms-request.ts';

export type { SmsSecrets };

export type SmsErrorCode = 'not_configured' | 'failed';

/** Why a message did not go out; the message names the gateway's host and answer, never a secret. */
export class SmsError extends Error {
  override readonly name = 'SmsError';
  constructor(
    readonly code: SmsErrorCode,
    message: string,
    options?: ErrorOptions,
  ) {
    super(message, options);
  }
}

const RETRY_DELAY_MS = 300;
const SNIPPET_BYTES = 2048;
const SNIPPET_CHARS = 200;

type Attempt =
  | { kind: 'answer'; status: number; snippet: string; location: string | null }
  | { kind: 'timeout' }
  | { kind: 'unreachable'; code: string | undefined };

/**
 * Sends one text to an E.164 number through an operator's HTTP SMS gateway, as its settings describe the
 * request. Any 2xx is success. A connection failure or a 5xx is tried once more; a 4xx is the gateway
 * refusing the request, and a timeout may already have sent the message, so neither is repeated. Throws
 * SmsError('failed') with what the gateway answered.
 */
export async function sendThroughGateway(
  config: SmsGatewayConfig,
  secrets: SmsSecrets,
  to: string,
  text: string,
  log: { logger: FastifyBaseLogger; siteId: number },
): Promise<void> {
  const request = buildGatewayRequest(config, secrets, to, text);
  const hidden = secretValuesOf(config, secrets);
  const host = new URL(config.url).host;
  for (let attemptNo = 1; ; attemptNo++) {
    const outcome = await attempt(request, config.timeout * 1000, hidden);
    if (outcome.kind === 'answer' && outcome.status >= 200 && outcome.status < 300) {
      log.logger.info({ siteId: log.siteId, gateway: host, status: outcome.status, attempts: attemptNo }, 'SMS sent');
      return;
    }
    const failure = failureOf(outcome, host, config.timeout);
    const retry = outcome.kind === 'unreachable' || (outcome.kind === 'answer' && outcome.status >= 500);
    if (!retry || attemptNo === 2) throw new SmsError('failed', failure);
    log.logger.warn({ siteId: log.siteId, gateway: host, failure }, 'SMS gateway failed; trying once more');
    await new Promise((resolve) => setTimeout(resolve, RETRY_DELAY_MS));
  }
}

async function attempt(request: GatewayRequest, timeoutMs: number, hidden: string[]): Promise<Attempt> {
  let res: Response;
  try {
    res = await fetch(request.url, {
      method: request.method,
      headers: request.headers,
      body: request.body,
      // A redirect is reported rather than followed: the operator should enter the final address.
      redirect: 'manual',
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (error) {
    return isTimeout(error) ? { kind: 'timeout' } : { kind: 'unreachable', code: causeCode(error) };
  }
  if (res.status >= 200 && res.status < 300) {
    await res.body?.cancel().catch(() => undefined);
    return { kind: 'answer', status: res.status, snippet: '', location: null };
  }
  return {
    kind: 'answer',
    status: res.status,
    snippet: snippetOf(redact(await readStart(res), hidden)),
    location: redact(res.headers.get('location') ?? '', hidden) || null,
  };
}

function failureOf(outcome: Attempt, host: string, timeoutSeconds: number): string {
  const gateway = `The SMS gateway at ${host}`;
  switch (outcome.kind) {
    case 'timeout':
      return `${gateway} did not answer within ${timeoutSeconds} s`;
    case 'unreachable':
      return `${gateway} cannot be reached${outcome.code ? ` (${outcome.code})` : ''}`;
    case 'answer': {
      const redirect =
        outcome.status >= 300 && outcome.status < 400 && outcome.location ? ` (a redirect to ${outcome.location})` : '';
      return `${gateway} answered HTTP ${outcome.status}${redirect}${outcome.snippet ? `: ${outcome.snippet}` : ''}`;
    }
  }
}

/** The start of an error answer, enough for an operator to see what the gateway said. */
async function readStart(res: Response): Promise<string> {
  if (!res.body) return '';
  const reader = res.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    while (size < SNIPPET_BYTES) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      size += value.length;
    }
  } catch {
    // A body cut short still has its start.
  } finally {
    await reader.cancel().catch(() => undefined);
  }
  return Buffer.concat(chunks).subarray(0, SNIPPET_BYTES).toString('utf8');
}

function snippetOf(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > SNIPPET_CHARS ? `${line.slice(0, SNIPPET_CHARS)}…` : line;
}

// Gateways sometimes echo the request back in their error; keep the credentials out of logs.
const redact = (text: string, hidden: string[]) => hidden.reduce((out, secret) => out.split(secret).join('••••'), text);
