import { AsyncLocalStorage } from 'node:async_hooks';
import { causeCode, isTimeout } from '../fetch-errors.ts';
import { resolvesPrivate } from './private-address.ts';
import { VendorError } from './vendor.ts';

/** What a vendor answered: its status, headers, body text and, when JSON, the parsed body. */
export interface VendorResponse {
  status: number;
  headers: Headers;
  text: string;
  json: unknown;
}

const TIMEOUT_MS = 15_000;
/** Longest wait a Retry-After may ask for before the engine parks instead (an hour). */
const RETRY_AFTER_MAX = 3600;

/**
 * How the requests of one delivery or test are made: `pace` waited for before each (the vendor's rate,
 * kept by the caller), and `publicOnly` refusing a host that resolves to a private address (an operator's
 * URL must not reach inside our network).
 */
export interface CallPolicy {
  pace?: () => Promise<void>;
  publicOnly?: boolean;
}
const policies = new AsyncLocalStorage<CallPolicy>();

/** Runs `fn` with every vendor request it makes under `policy`, however many requests an adapter's call takes. */
export const withCallPolicy = <T>(policy: CallPolicy, fn: () => Promise<T>): Promise<T> => policies.run(policy, fn);

async function refusePrivate(url: string) {
  let host: string;
  try {
    host = new URL(url).hostname;
  } catch {
    throw new VendorError('rejected', 'the address is not a valid URL');
  }
  let inside: boolean;
  try {
    inside = await resolvesPrivate(host);
  } catch {
    throw new VendorError('unavailable', `${host} cannot be resolved`);
  }
  if (inside) throw new VendorError('rejected', `${host} is a private network address: refused`);
}

/**
 * One HTTP call to a vendor. A timeout or a refused connection is a VendorError `unavailable`; any
 * answer, errors included, is returned for the adapter to read (`failure` turns an error status into
 * the VendorError an operator can act on).
 */
export async function vendorRequest(
  url: string,
  init: { method?: string; headers?: Record<string, string>; body?: string; timeoutMs?: number } = {},
): Promise<VendorResponse> {
  const timeoutMs = init.timeoutMs ?? TIMEOUT_MS;
  const policy = policies.getStore();
  if (policy?.publicOnly) await refusePrivate(url);
  await policy?.pace?.();
  let res: Response;
  try {
    res = await fetch(url, {
      method: init.method ?? 'GET',
      headers: init.headers,
      body: init.body,
      redirect: 'manual',
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (err) {
    if (isTimeout(err)) throw new VendorError('unavailable', `no answer within ${timeoutMs / 1000} s`);
    const code = causeCode(err);
    throw new VendorError('unavailable', `cannot be reached${code ? ` (${code})` : ''}`);
  }
  let text = '';
  try {
    text = await res.text();
  } catch (err) {
    if (isTimeout(err)) throw new VendorError('unavailable', `no answer within ${timeoutMs / 1000} s`);
    throw new VendorError('unavailable', 'the answer was cut off');
  }
  let json: unknown = null;
  if (text && (res.headers.get('content-type') ?? '').includes('json')) {
    try {
      json = JSON.parse(text);
    } catch {
      json = null;
    }
  }
  return { status: res.status, headers: res.headers, text, json };
}

/** A JSON request body with its content type. */
export const jsonBody = (body: unknown, headers: Record<string, string> = {}) => ({
  headers: { 'content-type': 'application/json', accept: 'application/json', ...headers },
  body: JSON.stringify(body),
});

export const basicAuth = (user: string, password: string) =>
  `Basic ${Buffer.from(`${user}:${password}`, 'utf8').toString('base64')}`;

/** Seconds to wait from a Retry-After header (seconds, or an HTTP date); `fallback` when absent or unreadable. */
export function retryAfterSeconds(header: string | null, fallback = 30, now = Date.now()): number {
  if (header) {
    const trimmed = header.trim();
    const seconds = /^\d+(\.\d+)?$/.test(trimmed) ? Number(trimmed) : (Date.parse(trimmed) - now) / 1000;
    if (Number.isFinite(seconds)) return Math.min(RETRY_AFTER_MAX, Math.max(0, Math.ceil(seconds)));
  }
  return fallback;
}

/** The vendor's words from an error body: its message field when it has one, else the text, shortened. */
export function vendorWords(res: VendorResponse): string {
  const body = res.json as Record<string, unknown> | null;
  const pick = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : null);
  const words =
    (body &&
      (pick(body.message) ??
        pick(body.detail) ??
        pick(body.error_description) ??
        pick(body.title) ??
        pick(body.error) ??
        pick(body.Message) ??
        pick(body.ErrorMessage) ??
        (Array.isArray(body.errors) ? pick((body.errors[0] as Record<string, unknown> | undefined)?.detail) : null))) ??
    res.text.trim();
  return (words || `HTTP ${res.status}`).slice(0, 300);
}

/**
 * The VendorError for an error answer: 401/403 auth, 404 not_found (of `what`), 429 rate_limited with
 * its Retry-After, 5xx unavailable, any other 4xx rejected.
 */
export function failure(res: VendorResponse, what = 'list'): VendorError {
  const detail = vendorWords(res);
  const httpStatus = res.status;
  if (httpStatus === 401 || httpStatus === 403) return new VendorError('auth', detail, { httpStatus });
  if (httpStatus === 404) return new VendorError('not_found', detail, { httpStatus, what });
  if (httpStatus === 429)
    return new VendorError('rate_limited', detail, {
      httpStatus,
      retryAfterSeconds: retryAfterSeconds(res.headers.get('retry-after')),
    });
  if (httpStatus >= 500) return new VendorError('unavailable', detail, { httpStatus });
  return new VendorError('rejected', detail, { httpStatus });
}

/** Throws the VendorError of an answer that is not 2xx; returns it otherwise. */
export function ok(res: VendorResponse, what?: string): VendorResponse {
  if (res.status < 200 || res.status >= 300) throw failure(res, what);
  return res;
}
