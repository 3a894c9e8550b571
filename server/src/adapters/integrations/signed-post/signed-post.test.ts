import { afterEach, describe, expect, it } from 'vitest';
import type { IntegrationSettings } from '@splashboard/contract';
import { signature } from '../../../domains/integrations/connection.ts';
import { SignedPostReceiver } from '../../../../test/fakes/integrations/signed-post-receiver.ts';
import { connectionTo, ownOrigin, vendorContact } from '../../../../test/vendor-adapter.ts';
import { VendorError, type VendorContact } from '../vendor.ts';
import { SIGNED_POST_KINDS, signedPostAdapter } from './signed-post.ts';

const connection = (fake: SignedPostReceiver, settings: IntegrationSettings = fake.settings) =>
  connectionTo(fake.kind, fake, settings, { origin: ownOrigin, sign: (body, t) => signature(settings.api_key ?? '', body, t) });

const contact = (email: string, fields: VendorContact['fields'] = {}) =>
  vendorContact(email, { email, ...fields }, { phone: '+34600111222', consentAt: '2026-11-01T10:00:00.000Z' });

let fake: SignedPostReceiver | undefined;
afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

describe.each(SIGNED_POST_KINDS)('signed POST vendor %s', (kind) => {
  const adapter = signedPostAdapter(kind);

  it('pings with a valid signature, and a wrong key is refused as auth', async () => {
    fake = await new SignedPostReceiver(kind).start();
    await expect(adapter.test(connection(fake))).resolves.toMatchObject({ account: new URL(fake.url).host });
    expect(fake.accepted.at(-1)).toMatchObject({ type: 'ping', kind, contacts: [] });
    const err = await adapter.test(connection(fake, { ...fake.settings, api_key: 'wrong' })).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(VendorError);
    expect((err as VendorError).reason).toBe('auth');
  });

  it('upserts a batch with the kind’s settings and signed headers, never sending the key', async () => {
    fake = await new SignedPostReceiver(kind).start();
    const conn = connection(fake);
    const outcomes = await adapter.upsert!(conn, [contact('ana@example.com', { first_name: 'Ana' }), contact('bo@example.com')]);
    expect(outcomes).toEqual([
      { ok: true, httpStatus: 200 },
      { ok: true, httpStatus: 200 },
    ]);
    await adapter.upsert!(conn, [contact('ana@example.com', { first_name: 'Ana María', visits: 3 })]);
    expect(fake.count()).toBe(2);
    expect(fake.contact('ana@example.com')).toEqual({ email: 'ana@example.com', first_name: 'Ana María', visits: 3 });
    const req = fake.requests.at(-1)!;
    expect(req.headers['splashboard-event']).toBe('contact.upsert');
    expect(req.headers['splashboard-delivery']).toBe((req.json as { id: string }).id);
    expect(req.raw).not.toContain(fake.apiKey);
    const { url: _url, api_key: _key, ...expected } = fake.settings;
    expect(req.json).toMatchObject({ kind, settings: expected });
  });

  it('unsubscribes and erases', async () => {
    fake = await new SignedPostReceiver(kind).start();
    const conn = connection(fake);
    await adapter.upsert!(conn, [contact('ana@example.com')]);
    await expect(adapter.unsubscribe!(conn, contact('ana@example.com'))).resolves.toMatchObject({ ok: true });
    expect(fake.unsubscribed('ana@example.com')).toBe(true);
    await expect(adapter.erase!(conn, contact('ana@example.com'))).resolves.toMatchObject({ ok: true });
    expect(fake.erased('ana@example.com')).toBe(true);
    expect(fake.contact('ana@example.com')).toBeUndefined();
  });

  it('surfaces 429 with its Retry-After and a 503 as unavailable', async () => {
    fake = await new SignedPostReceiver(kind).start();
    fake.rateLimitNext(1, 42);
    const limited = (await adapter.upsert!(connection(fake), [contact('a@example.com')]).catch((e: unknown) => e)) as VendorError;
    expect(limited.reason).toBe('rate_limited');
    expect(limited.info.retryAfterSeconds).toBe(42);
    fake.failRandomly(1, Date.now() + 60_000);
    const down = (await adapter.upsert!(connection(fake), [contact('a@example.com')]).catch((e: unknown) => e)) as VendorError;
    expect(down.reason).toBe('unavailable');
    expect(fake.count()).toBe(0);
  });
});
