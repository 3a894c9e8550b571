import { afterEach, describe, expect, it, vi } from 'vitest';
import { configureTelemetry, envelopeUrl, identify, reportError, resetTelemetry, track } from './telemetry.ts';

const calls: { url: string; body: string }[] = [];
// Stands in for the browser's network: the vendors are outside; what matters is what would be sent.
vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
  calls.push({ url, body: String(init.body) });
  return new Response('{}');
});

afterEach(() => {
  calls.length = 0;
  configureTelemetry({ sentry_dsn: '', analytics_key: '' });
  resetTelemetry();
});

describe('error reporting and analytics', () => {
  it('send nothing when the server has not configured them', () => {
    configureTelemetry({ sentry_dsn: '', analytics_key: '' });
    identify({ id: 1, email: 'a@b.test', name: 'A' });
    track('user signed up');
    reportError(new Error('boom'));
    expect(calls).toEqual([]);
  });

  it('report an error to the DSN envelope endpoint with the identified user', () => {
    configureTelemetry({ sentry_dsn: 'https://pub123@errors.example/42', analytics_key: '' });
    identify({ id: 7, email: 'a@b.test', name: 'A' });
    reportError(new Error('boom'));
    expect(calls).toHaveLength(1);
    expect(calls[0]!.url).toBe('https://errors.example/api/42/envelope/?sentry_key=pub123&sentry_version=7');
    const [, item, event] = calls[0]!.body.split('\n').map((l) => JSON.parse(l));
    expect(item).toEqual({ type: 'event' });
    expect(event.exception.values[0]).toMatchObject({ type: 'Error', value: 'boom' });
    expect(event.user).toEqual({ id: '7', email: 'a@b.test' });
  });

  it('identify the user and record the sign-up event with the analytics key', () => {
    configureTelemetry({ sentry_dsn: '', analytics_key: 'write-key' });
    identify({ id: 7, email: 'a@b.test', name: 'A' });
    track('user signed up', { plan_type: 'engage' });
    expect(calls.map((c) => c.url)).toEqual(['https://api.segment.io/v1/identify', 'https://api.segment.io/v1/track']);
    expect(JSON.parse(calls[1]!.body)).toMatchObject({
      writeKey: 'write-key',
      userId: '7',
      event: 'user signed up',
      properties: { plan_type: 'engage' },
    });
  });

  it('reads a DSN and refuses what is not one', () => {
    expect(envelopeUrl('not a dsn')).toBeNull();
    expect(envelopeUrl('https://errors.example/42')).toBeNull();
  });
});
