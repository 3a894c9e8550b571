import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IntegrationSettings } from '@splashboard/contract';
import { HubSpotFake } from '../../../../test/fakes/integrations/hubspot.ts';
import { connectionTo, failureOf, vendorContact as contact } from '../../../../test/vendor-adapter.ts';
import type { OAuthTokens } from '../vendor.ts';
import { VendorError } from '../vendor.ts';
import { hubspotAdapter as hubspot } from './hubspot.ts';

let fake: HubSpotFake;
beforeAll(async () => {
  fake = await new HubSpotFake().start();
});
afterAll(() => fake.close());

const conn = (settings?: IntegrationSettings, oauth: OAuthTokens | null = null) =>
  connectionTo('hubspot', fake, settings, { oauth });

describe('HubSpot adapter', () => {
  it('tests the connection: the portal and its manual lists', async () => {
    const result = await hubspot.test(conn());
    expect(result.account).toBe(String(fake.portalId));
    expect(result.lists).toEqual([
      { id: '12', name: 'Wi-Fi guests' },
      { id: '13', name: 'Newsletter' },
    ]);
  });

  it('says the token was refused, and which list does not exist', async () => {
    const bad = await failureOf(hubspot.test(conn({ api_key: 'pat-na1-wrong' })));
    expect(bad).toMatchObject({ reason: 'auth', info: { httpStatus: 401 } });
    const list = await failureOf(hubspot.test(conn({ ...fake.settings, list_id: '999' })));
    expect(list).toMatchObject({ reason: 'not_found', info: { what: 'list' } });
  });

  it('upserts by email: creates, then updates the same contact, on the list', async () => {
    const [created] = await hubspot.upsert!(conn(), [contact('Ana@Example.com', { firstname: 'Ana', lastname: 'Ruiz' })]);
    expect(created).toMatchObject({ ok: true, vendorId: expect.any(String) });
    const [updated] = await hubspot.upsert!(conn(), [contact('ana@example.com', { firstname: 'Anabel', zip: '28001' })]);
    expect(updated).toMatchObject({ ok: true, vendorId: (created as { vendorId: string }).vendorId });
    expect(fake.contact('ana@example.com')).toMatchObject({
      email: 'ana@example.com',
      firstname: 'Anabel',
      lastname: 'Ruiz',
      zip: '28001',
    });
    expect(fake.listsOf('ana@example.com')).toEqual(['12']);
    const call = fake.requests.find((r) => r.path === '/crm/v3/objects/contacts/batch/upsert');
    expect(call?.headers.authorization).toBe(`Bearer ${fake.privateAppToken}`);
    expect(call?.json).toMatchObject({ inputs: [{ idProperty: 'email', id: 'ana@example.com' }] });
  });

  it('in a batch, refuses only the invalid address', async () => {
    const before = fake.count();
    const outcomes = await hubspot.upsert!(conn(), [
      contact('b1@example.com'),
      contact('not-an-address'),
      contact('b2@example.com'),
    ]);
    expect(outcomes.map((o) => o.ok)).toEqual([true, false, true]);
    expect(outcomes[1]).toMatchObject({ answer: expect.stringContaining('not-an-address') });
    expect(fake.count()).toBe(before + 2);
  });

  it('when HubSpot refuses the whole batch for an invalid address, sends the others again', async () => {
    fake.invalidInBatch = 'whole-batch';
    try {
      const outcomes = await hubspot.upsert!(conn(), [
        contact('w1@example.com'),
        contact('bad@@example'),
        contact('w2@example.com'),
      ]);
      expect(outcomes.map((o) => o.ok)).toEqual([true, false, true]);
      expect(fake.contact('w1@example.com')).toBeDefined();
      expect(fake.contact('w2@example.com')).toBeDefined();
    } finally {
      fake.invalidInBatch = 'multi-status';
    }
  });

  it('surfaces a 429 as rate_limited with its Retry-After', async () => {
    fake.rateLimitNext(1, 7);
    const err = await failureOf(hubspot.upsert!(conn(), [contact('c@example.com')]));
    expect(err).toBeInstanceOf(VendorError);
    expect(err).toMatchObject({ reason: 'rate_limited', info: { retryAfterSeconds: 7 } });
  });

  it('unsubscribes from all email and erases (GDPR delete)', async () => {
    await hubspot.upsert!(conn(), [contact('d@example.com', { firstname: 'Dani' })]);
    expect(await hubspot.unsubscribe!(conn(), contact('d@example.com'))).toMatchObject({ ok: true });
    expect(fake.unsubscribed('d@example.com')).toBe(true);
    expect(await hubspot.erase!(conn(), contact('d@example.com'))).toMatchObject({ ok: true });
    expect(fake.erased('d@example.com')).toBe(true);
    // Gone already: nothing left to erase is not a failure.
    expect(await hubspot.erase!(conn(), contact('d@example.com'))).toMatchObject({ ok: true, httpStatus: 404 });
  });

  it('calls with the OAuth access token instead of the key', async () => {
    const { accessToken, refreshToken } = fake.issueTokens();
    const tokens = { accessToken, refreshToken, expiresAt: Date.now() + 1_800_000, extra: {} };
    await hubspot.test(conn({ list_id: '12' }, tokens));
    expect(fake.requests.at(-1)?.headers.authorization).toBe(`Bearer ${accessToken}`);
  });

  it('connects a token without the lists scopes, with no lists to pick, and refuses a list with it', async () => {
    const { accessToken } = fake.issueTokens(false, false);
    const tokens = { accessToken, refreshToken: null, expiresAt: Date.now() + 1_800_000, extra: {} };
    await expect(hubspot.test(conn({}, tokens))).resolves.toEqual({ account: String(fake.portalId), lists: [] });
    expect(await failureOf(hubspot.test(conn({ list_id: '12' }, tokens)))).toMatchObject({
      reason: 'auth',
      info: { httpStatus: 403 },
    });
  });
});
