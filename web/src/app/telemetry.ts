import type { Profile } from '@splashboard/contract';
import type { Meta } from './serverMeta.ts';

/**
 * Error reporting (Sentry's envelope endpoint) and product analytics (Segment's HTTP tracking API),
 * both configured by the server's meta `ui_settings`. Without a DSN or a key every call is a no-op and
 * nothing leaves the browser; there are no vendor scripts.
 */
type UiSettings = Meta['ui_settings'];

interface State {
  sentry: { url: string; dsn: string } | null;
  analyticsKey: string;
  user: { id: string; email: string } | null;
  anonymousId: string;
}

const state: State = { sentry: null, analyticsKey: '', user: null, anonymousId: randomId() };

function randomId() {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** `https://{key}@{host}/{project}` → the project's envelope endpoint, or null when not a DSN. */
export function envelopeUrl(dsn: string): string | null {
  try {
    const u = new URL(dsn);
    const project = u.pathname.split('/').filter(Boolean).pop();
    if (!u.username || !project) return null;
    return `${u.protocol}//${u.host}/api/${project}/envelope/?sentry_key=${u.username}&sentry_version=7`;
  } catch {
    return null;
  }
}

export function configureTelemetry(settings: Pick<UiSettings, 'sentry_dsn' | 'analytics_key'>) {
  const url = settings.sentry_dsn ? envelopeUrl(settings.sentry_dsn) : null;
  state.sentry = url ? { url, dsn: settings.sentry_dsn } : null;
  state.analyticsKey = settings.analytics_key;
}

export const telemetryEnabled = () => ({ errors: Boolean(state.sentry), analytics: Boolean(state.analyticsKey) });

function send(url: string, body: string, headers: Record<string, string>) {
  void fetch(url, { method: 'POST', body, headers, keepalive: true, credentials: 'omit' }).catch(() => {});
}

function analytics(kind: 'identify' | 'track', payload: Record<string, unknown>) {
  if (!state.analyticsKey) return;
  const body = {
    writeKey: state.analyticsKey,
    anonymousId: state.anonymousId,
    ...(state.user ? { userId: state.user.id } : {}),
    timestamp: new Date().toISOString(),
    ...payload,
  };
  send(`https://api.segment.io/v1/${kind}`, JSON.stringify(body), { 'content-type': 'application/json' });
}

/** Identifies the signed-in user to analytics and error reporting. */
export function identify(user: Pick<Profile, 'id' | 'email' | 'name'>) {
  state.user = { id: String(user.id), email: user.email };
  analytics('identify', { traits: { email: user.email, name: user.name } });
}

export function track(event: string, properties: Record<string, unknown> = {}) {
  analytics('track', { event, properties });
}

/** Forgets the user (logout). */
export function resetTelemetry() {
  state.user = null;
  state.anonymousId = randomId();
}

export function reportError(error: unknown, extra: Record<string, unknown> = {}) {
  if (!state.sentry) return;
  const err = error instanceof Error ? error : new Error(String(error));
  const eventId = randomId();
  const event = {
    event_id: eventId,
    timestamp: Date.now() / 1000,
    platform: 'javascript',
    level: 'error',
    exception: { values: [{ type: err.name, value: err.message, stacktrace: err.stack ? { frames: [] } : undefined }] },
    request: { url: location.href, headers: { 'User-Agent': navigator.userAgent } },
    ...(state.user ? { user: state.user } : {}),
    extra: { ...extra, stack: err.stack },
  };
  const envelope = [
    JSON.stringify({ event_id: eventId, sent_at: new Date().toISOString(), dsn: state.sentry.dsn }),
    JSON.stringify({ type: 'event' }),
    JSON.stringify(event),
  ].join('\n');
  send(state.sentry.url, envelope, { 'content-type': 'application/x-sentry-envelope' });
}

/** Uncaught errors and rejected promises go to error reporting (when configured). */
export function watchUncaught(win: Window = window) {
  win.addEventListener('error', (e) => reportError(e.error ?? e.message));
  win.addEventListener('unhandledrejection', (e) => reportError(e.reason));
}
