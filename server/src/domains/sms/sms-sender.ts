import type { FastifyBaseLogger } from 'fastify';
import { fetch, type Response } from 'undici';
import {
  messageText,
  smsGatewayProblems,
  type MessageCode,
  type MessageParams,
  type SmsGatewayConfig,
} from '@splashboard/contract';
import type { Database } from '../../db/client.ts';
import type { SecretBox } from '../../platform/crypto.ts';
import { buildGatewayRequest, secretValuesOf, type GatewayRequest } from './sms-request.ts';
import { secretsPresent } from './sms-settings.ts';
import { readSmsGateway } from './sms-store.ts';
import { causeCode, isTimeout } from '../../adapters/fetch-errors.ts';

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

/** A gateway that cannot be used as it is set up; `reason` words it for the dashboard. */
export class SmsSetupError extends SmsError {
  constructor(
    readonly reason: MessageCode,
    readonly params?: MessageParams,
  ) {
    super('not_configured', messageText(reason, params));
  }
}

export interface SmsSendOptions {
  /** For the dashboard's test: send with the saved settings even while they are switched off. */
  evenWhenDisabled?: boolean;
}

export interface SmsSender {
  /** Sends one text to an E.164 number through the site's gateway; throws SmsError. */
  send(siteId: number, to: string, text: string, options?: SmsSendOptions): Promise<void>;
}

const E164 = /^\+[1-9]\d{6,14}$/;
const RETRY_DELAY_MS = 300;
const SNIPPET_BYTES = 2048;
const SNIPPET_CHARS = 200;

type Attempt =
  | { kind: 'answer'; status: number; snippet: string; location: string | null }
  | { kind: 'timeout' }
  | { kind: 'unreachable'; code: string | undefined };

/**
 * Sends through a site's SMS gateway as its settings say. It reads the settings itself (it is called
 * for guests, without a signed-in user). Any 2xx is success. A connection failure or a 5xx is tried once
 * more; a 4xx is the gateway refusing the request, and a timeout may already have sent the message, so
 * neither is repeated.
 */
export function createSmsSender({ db, secrets, log }: { db: Database; secrets: SecretBox; log: FastifyBaseLogger }): SmsSender {
  return {
    async send(siteId, to, text, options = {}) {
      if (!E164.test(to)) throw new SmsError('failed', 'The phone number is not in international (E.164) format');
      const settings = await readSmsGateway(db, secrets, siteId);
      if (!settings) throw new SmsSetupError('sms.notConfigured');
      if (!settings.config.enabled && !options.evenWhenDisabled) throw new SmsSetupError('sms.switchedOff');
      if (!settings.secretsReadable) throw new SmsSetupError('sms.secretsUnreadable');
      const config: SmsGatewayConfig = { ...settings.config, enabled: true };
      const problems = Object.values(smsGatewayProblems(config, secretsPresent(settings.secrets))).flat();
      if (problems.length) throw new SmsSetupError('sms.incomplete', { problems: problems.join('; ') });

      const request = buildGatewayRequest(config, settings.secrets, to, text);
      const hidden = secretValuesOf(config, settings.secrets);
      const host = new URL(config.url).host;
      for (let attemptNo = 1; ; attemptNo++) {
        const outcome = await attempt(request, config.timeout * 1000, hidden);
        if (outcome.kind === 'answer' && outcome.status >= 200 && outcome.status < 300) {
          log.info({ siteId, gateway: host, status: outcome.status, attempts: attemptNo }, 'SMS sent');
          return;
        }
        const failure = failureOf(outcome, host, config.timeout);
        const retry = outcome.kind === 'unreachable' || (outcome.kind === 'answer' && outcome.status >= 500);
        if (!retry || attemptNo === 2) throw new SmsError('failed', failure);
        log.warn({ siteId, gateway: host, failure }, 'SMS gateway failed; trying once more');
        await new Promise((resolve) => setTimeout(resolve, RETRY_DELAY_MS));
      }
    },
  };
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
