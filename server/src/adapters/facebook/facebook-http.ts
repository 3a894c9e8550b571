import { fetch } from 'undici';
import { dispatcherFor } from '../controllers/http.ts';
import { FacebookError, type FacebookErrorCode } from './facebook-error.ts';
import { causeCode, isTimeout } from '../fetch-errors.ts';

export interface GraphAnswer {
  status: number;
  body: unknown;
}

/** Facebook's error body: `{error: {message, type, code, error_subcode, fbtrace_id}}`. */
export interface GraphErrorBody {
  message: string;
  type: string;
  code: number | null;
  subcode: number | null;
}

// Connection-level failures, where the request most likely never reached Facebook: worth one more try.
// A timeout is not retried: the guest has already waited the whole timeout once.
const RETRYABLE = new Set(['ECONNRESET', 'ECONNREFUSED', 'EPIPE', 'ENOTFOUND', 'EAI_AGAIN', 'UND_ERR_SOCKET', 'UND_ERR_CLOSED']);

/**
 * One GET to Facebook with a timeout and one retry on a dropped or refused connection. The URL carries
 * secrets (client_secret, access_token), so messages name only its host.
 */
export async function graphGet(url: URL, timeoutMs: number, failure: FacebookErrorCode): Promise<GraphAnswer> {
  const where = `Facebook (${url.host})`;
  const attempt = async (): Promise<GraphAnswer> => {
    const res = await fetch(url, {
      headers: { accept: 'application/json' },
      redirect: 'manual',
      signal: AbortSignal.timeout(timeoutMs),
      dispatcher: dispatcherFor(false),
    });
    const text = await res.text();
    try {
      return { status: res.status, body: JSON.parse(text) as unknown };
    } catch {
      throw new FacebookError(failure, `${where} answered HTTP ${res.status} with something that is not JSON`);
    }
  };
  try {
    try {
      return await attempt();
    } catch (error) {
      const code = causeCode(error);
      if (error instanceof FacebookError || isTimeout(error) || !code || !RETRYABLE.has(code)) throw error;
      return await attempt();
    }
  } catch (error) {
    if (error instanceof FacebookError) throw error;
    if (isTimeout(error)) {
      throw new FacebookError('unreachable', `${where} did not answer within ${timeoutMs / 1000} s`, { cause: error });
    }
    const code = causeCode(error);
    throw new FacebookError('unreachable', `${where} cannot be reached${code ? ` (${code})` : ''}`, { cause: error });
  }
}

export function graphError(body: unknown): GraphErrorBody | null {
  const error = (body as { error?: unknown } | null)?.error;
  if (!error || typeof error !== 'object') return null;
  const e = error as Record<string, unknown>;
  return {
    message: typeof e.message === 'string' ? e.message.slice(0, 300) : '',
    type: typeof e.type === 'string' ? e.type.slice(0, 100) : '',
    code: typeof e.code === 'number' ? e.code : null,
    subcode: typeof e.error_subcode === 'number' ? e.error_subcode : null,
  };
}

/** `Error validating client secret. (OAuthException, code 1)` */
export function describeGraphError(status: number, error: GraphErrorBody | null): string {
  if (!error) return `HTTP ${status}`;
  const details = [
    error.type,
    error.code !== null ? `code ${error.code}` : '',
    error.subcode !== null ? `subcode ${error.subcode}` : '',
  ]
    .filter(Boolean)
    .join(', ');
  return `${error.message || `HTTP ${status}`}${details ? ` (${details})` : ''}`;
}
