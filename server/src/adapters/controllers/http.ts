import { Agent, request, type Dispatcher } from 'undici';
import { ControllerError } from './controller.ts';
import { causeCode, isTimeout } from '../fetch-errors.ts';

// The package's own Agent (kept-alive connections, so TLS is set up once per connection): mixing it
// with Node's bundled fetch is not supported across versions. One agent that verifies certificates,
// one that does not (for controllers with the self-signed certificate they ship with, chosen per
// controller).
let verifying: Agent | undefined;
let insecure: Agent | undefined;
export function dispatcherFor(skipTlsVerify: boolean): Dispatcher {
  if (skipTlsVerify) return (insecure ??= new Agent({ connect: { rejectUnauthorized: false } }));
  return (verifying ??= new Agent());
}

const TLS_CODES = new Set([
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'CERT_HAS_EXPIRED',
  'ERR_TLS_CERT_ALTNAME_INVALID',
  'CERT_NOT_YET_VALID',
]);

/** Turns what fetch throws into a ControllerError an operator can act on. */
export function networkError(error: unknown, where: string, timeoutMs: number): ControllerError {
  if (error instanceof ControllerError) return error;
  if (isTimeout(error)) {
    return new ControllerError('timeout', `${where} did not answer within ${timeoutMs / 1000} s`, { cause: error });
  }
  const code = causeCode(error);
  if (code && TLS_CODES.has(code)) {
    return new ControllerError(
      'tls',
      `${where} presented a TLS certificate that is not trusted (${code}); turn on "skip certificate check" for a controller with a self-signed certificate`,
      { cause: error },
    );
  }
  return new ControllerError('unreachable', `${where} cannot be reached${code ? ` (${code})` : ''}`, { cause: error });
}

/** The few cookies a controller session needs; no domain or path logic, one jar per controller. */
export class CookieJar {
  private readonly cookies = new Map<string, string>();
  get(name: string): string | undefined {
    return this.cookies.get(name);
  }
  clear(): void {
    this.cookies.clear();
  }
  header(): string | undefined {
    return this.cookies.size ? [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ') : undefined;
  }
  store(res: ControllerResponse): void {
    for (const line of res.headers.getSetCookie()) {
      const [pair = '', ...attrs] = line.split(';');
      const eq = pair.indexOf('=');
      if (eq <= 0) continue;
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const expired = attrs.some((a) => /^\s*max-age\s*=\s*0\s*$/i.test(a) || /^\s*expires\s*=.*1970/i.test(a));
      if (expired || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
}

export interface HttpCall {
  method: 'GET' | 'POST' | 'PUT';
  url: string;
  headers?: Record<string, string>;
  json?: unknown;
  timeoutMs: number;
  skipTlsVerify: boolean;
  where: string;
}

/** A controller's answer: its status and headers, and its body to read once (or to drop). */
export interface ControllerResponse {
  status: number;
  headers: {
    /** A header by name (any case), several values joined with ", " as fetch's Headers do; null when absent. */
    get(name: string): string | null;
    getSetCookie(): string[];
  };
  body: { cancel(): Promise<void> };
  text(): Promise<string>;
}

/**
 * One request with a timeout over the whole exchange (the answer read included); redirects are not
 * followed (a controller's redirect is an answer). undici's request rather than its fetch: the same
 * connections, a quarter of the CPU per call (no WHATWG Request, Response and streams), which every
 * guest's grant pays.
 */
export async function call(c: HttpCall): Promise<ControllerResponse> {
  const headers: Record<string, string> = { accept: 'application/json', ...c.headers };
  let body: string | undefined;
  if (c.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(c.json);
  }
  const signal = AbortSignal.timeout(c.timeoutMs);
  try {
    const sent = request(c.url, { method: c.method, headers, body, signal, dispatcher: dispatcherFor(c.skipTlsVerify) });
    // undici acts on the signal only once the request has a connection: a controller that takes the
    // connection and never finishes the TLS handshake is given up at the timeout all the same (the
    // request itself ends at undici's connect timeout, unheard).
    sent.catch(() => {});
    const res = await Promise.race([sent, abortedBy(signal)]);
    const raw = res.headers;
    return {
      status: res.statusCode,
      headers: {
        get(name) {
          const value = raw[name.toLowerCase()];
          return value === undefined ? null : Array.isArray(value) ? value.join(', ') : value;
        },
        getSetCookie() {
          const value = raw['set-cookie'];
          return value === undefined ? [] : Array.isArray(value) ? value : [value];
        },
      },
      body: { cancel: () => res.body.dump().then(() => undefined) },
      text: () => res.body.text(),
    };
  } catch (error) {
    throw networkError(error, c.where, c.timeoutMs);
  }
}

/** Rejects with the signal's reason once it aborts. */
function abortedBy(signal: AbortSignal): Promise<never> {
  return new Promise((_, reject) => signal.addEventListener('abort', () => reject(signal.reason), { once: true }));
}

/** Reads a JSON body, or throws bad_response naming what was expected. */
export async function readJson(res: ControllerResponse, where: string, timeoutMs: number): Promise<unknown> {
  let text: string;
  try {
    text = await res.text();
  } catch (error) {
    throw networkError(error, where, timeoutMs);
  }
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new ControllerError('bad_response', `${where} answered HTTP ${res.status} with something that is not JSON`);
  }
}
