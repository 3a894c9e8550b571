import { Agent, fetch, type Dispatcher, type Response } from 'undici';
import { ControllerError } from './controller.ts';
import { causeCode, isTimeout } from '../fetch-errors.ts';

// undici's own fetch with its own Agent: mixing the package's Agent with Node's bundled fetch is
// not supported across versions. One agent that verifies certificates, one that does not (for
// controllers with the self-signed certificate they ship with, chosen per controller).
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
  store(res: Response): void {
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

/** One request with a timeout; redirects are not followed (a controller's redirect is an answer). */
export async function call(c: HttpCall): Promise<Response> {
  const headers: Record<string, string> = { accept: 'application/json', ...c.headers };
  let body: string | undefined;
  if (c.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(c.json);
  }
  try {
    return await fetch(c.url, {
      method: c.method,
      headers,
      body,
      redirect: 'manual',
      signal: AbortSignal.timeout(c.timeoutMs),
      dispatcher: dispatcherFor(c.skipTlsVerify),
    });
  } catch (error) {
    throw networkError(error, c.where, c.timeoutMs);
  }
}

/** Reads a JSON body, or throws bad_response naming what was expected. */
export async function readJson(res: Response, where: string, timeoutMs: number): Promise<unknown> {
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
