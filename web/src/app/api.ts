import i18n from 'i18next';
import type { ApiError } from '@splashboard/contract';
import { reportError } from './telemetry.ts';

/** A failed call, in the server's error shape. */
export class ApiFailure extends Error {
  constructor(readonly error: ApiError) {
    super(error.message);
  }
}

/** The code of a failure the server did not word (no connection, an answer that is not ours): its message is already in the dashboard's language. */
const NO_CODE = '';

let onUnauthorized: () => void = () => {};
/** Any 401 clears the session and sends the user to sign in (start-up rule of the spec). */
export const setUnauthorizedHandler = (fn: () => void) => (onUnauthorized = fn);

function xsrfToken() {
  const match = document.cookie.match(/(?:^|;\s*)XSRF-TOKEN=([^;]+)/);
  return match ? decodeURIComponent(match[1]!) : '';
}

export async function api<T>(method: string, path: string, body?: unknown): Promise<T> {
  const headers: Record<string, string> = {};
  const token = xsrfToken();
  if (token && method !== 'GET') headers['x-xsrf-token'] = token;
  let payload: BodyInit | undefined;
  if (body instanceof FormData) payload = body;
  else if (body !== undefined) {
    headers['content-type'] = 'application/json';
    payload = JSON.stringify(body);
  }
  let res: Response;
  try {
    res = await fetch(path, { method, headers, body: payload, credentials: 'same-origin' });
  } catch {
    throw new ApiFailure({ status: 0, message: i18n.t('common.couldNotConnect'), schema_errors: {}, code: NO_CODE });
  }
  const text = await res.text();
  const data = text ? safeJson(text) : null;
  if (res.ok) return data as T;
  if (res.status === 401 && !path.startsWith('/login') && !path.startsWith('/tf-validate')) onUnauthorized();
  const err = (data ?? {}) as Partial<ApiError> & { errors?: unknown };
  if (!err.message && !err.errors && !err.schema_errors)
    reportError(new Error(`Unknown error: ${method} ${path} answered ${res.status}`), { body: text.slice(0, 500) });
  throw new ApiFailure({
    status: res.status,
    message: err.message ?? i18n.t('common.unknownError'),
    schema_errors: err.schema_errors ?? {},
    code: err.code ?? NO_CODE,
    ...(err.params && { params: err.params }),
  });
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

export const get = <T>(path: string) => api<T>('GET', path);
export const post = <T>(path: string, body?: unknown) => api<T>('POST', path, body ?? {});
export const put = <T>(path: string, body?: unknown) => api<T>('PUT', path, body ?? {});
export const del = <T>(path: string) => api<T>('DELETE', path);

/** The first message per field, as forms show them. */
export function fieldErrors(e: unknown): Record<string, string> {
  if (!(e instanceof ApiFailure)) return {};
  return Object.fromEntries(Object.entries(e.error.schema_errors).map(([k, v]) => [k, v[0] ?? '']));
}
