import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IntegrationSettings } from '@splashboard/contract';
import { MailrelayFake } from '../../../../test/fakes/integrations/mailrelay.ts';
import {
  connectionTo,
  failureOf,
  failureWhileUnavailable,
  ownOrigin,
  vendorContact as contact,
} from '../../../../test/vendor-adapter.ts';
import { mailrelayAdapter as mailrelay } from './mailrelay.ts';

let fake: MailrelayFake;
beforeAll(async () => {
  fake = await new MailrelayFake().start();
});
afterAll(() => fake.close());

/** The origin is the account's own address from the settings (no INTEGRATION_API_BASES replacement). */
const conn = (settings?: IntegrationSettings, origin = ownOrigin) => connectionTo('mailrelay', fake, settings, { origin });

describe('Mailrelay adapter', () => {
  it('tests the key at the account address, lists its groups and checks the chosen one', async () => {
    expect(await mailrelay.test(conn())).toEqual({
      account: new URL(fake.url).host,
      lists: [
        { id: '3', name: 'Wi-Fi guests' },
        { id: '4', name: 'Clientes VIP' },
      ],
    });
    expect(fake.requests.at(-1)).toMatchObject({ path: '/api/v1/groups', headers: { 'x-auth-token': fake.apiKey } });
  });

  it('reads the account address as a full address, a host or an account name', async () => {
    const seen: string[] = [];
    const spy = (real: string) => (seen.push(real), fake.url);
    for (const url of ['https://demo.ipzmarketing.com/admin/', 'demo.ipzmarketing.com', 'demo'])
      await mailrelay.test(conn({ ...fake.settings, url }, spy));
    expect(seen).toEqual(Array(3).fill('https://demo.ipzmarketing.com'));
    expect(await failureOf(mailrelay.test(conn({ ...fake.settings, url: 'http://exa mple' })))).toMatchObject({
      reason: 'rejected',
    });
  });

  it('says the key was refused, or that the group does not exist', async () => {
    expect(await failureOf(mailrelay.test(conn({ ...fake.settings, api_key: 'nope' })))).toMatchObject({
      reason: 'auth',
      info: { httpStatus: 401 },
    });
    expect(await failureOf(mailrelay.test(conn({ ...fake.settings, list_id: '99' })))).toMatchObject({
      reason: 'not_found',
      info: { what: 'group' },
    });
  });

  it('syncs the subscriber into the group, then updates the same one, custom fields apart', async () => {
    const [first] = await mailrelay.upsert!(conn(), [contact('ana@example.com', { name: 'Ana', country: 'ES', visits: 2 })]);
    expect(first).toMatchObject({ ok: true, httpStatus: 201, vendorId: expect.stringMatching(/^\d+$/) });
    const [second] = await mailrelay.upsert!(conn(), [contact('ana@example.com', { name: 'Anabel', visits: 3 })]);
    expect(second).toMatchObject({ ok: true, httpStatus: 200, vendorId: (first as { vendorId: string }).vendorId });
    expect(fake.count()).toBe(1);
    expect(fake.contact('ana@example.com')).toEqual({ name: 'Anabel', country: 'ES', visits: 3 });
    expect(fake.inGroup(3, 'ana@example.com')).toBe(true);
    expect(fake.requests.at(-1)!.json).toEqual({
      status: 'active',
      email: 'ana@example.com',
      name: 'Anabel',
      custom_fields: { visits: 3 },
      group_ids: [3],
      replace_groups: false,
      restore_if_deleted: false,
    });
  });

  it('refuses an invalid address (and one without email) for that contact only', async () => {
    const outcomes = await mailrelay.upsert!(conn(), [contact('nope'), contact(null), contact('ben@example.com')]);
    expect(outcomes.map((o) => o.ok)).toEqual([false, false, true]);
    expect(outcomes[0]).toMatchObject({ httpStatus: 422, answer: 'email is invalid' });
  });

  it('surfaces a 429 as rate_limited with its Retry-After', async () => {
    fake.rateLimitNext(1, 5);
    expect(await failureOf(mailrelay.upsert!(conn(), [contact('cai@example.com')]))).toMatchObject({
      reason: 'rate_limited',
      info: { retryAfterSeconds: 5 },
    });
  });

  it('surfaces a 503 as unavailable (retried by the engine)', async () => {
    expect(await failureWhileUnavailable(fake, () => mailrelay.upsert!(conn(), [contact('eve@example.com')]))).toMatchObject({
      reason: 'unavailable',
      info: { httpStatus: 503 },
    });
    expect(fake.contact('eve@example.com')).toBeUndefined();
  });

  it('bans the subscriber found by email, then deletes the one known by id', async () => {
    const [saved] = await mailrelay.upsert!(conn(), [contact('dora@example.com', { name: 'Dora' })]);
    expect(await mailrelay.unsubscribe!(conn(), contact('dora@example.com'))).toMatchObject({ ok: true, httpStatus: 200 });
    expect(fake.unsubscribed('dora@example.com')).toBe(true);
    expect(fake.requests.at(-1)).toMatchObject({
      method: 'PATCH',
      path: expect.stringMatching(/^\/api\/v1\/subscribers\/\d+\/ban$/),
    });

    const id = (saved as { vendorId: string }).vendorId;
    expect(await mailrelay.erase!(conn(), contact(null, {}, { vendorId: id }))).toMatchObject({ ok: true, httpStatus: 204 });
    expect(fake.erased('dora@example.com')).toBe(true);
    expect(fake.requests.at(-1)).toMatchObject({ method: 'DELETE', path: `/api/v1/subscribers/${id}` });
    expect(await mailrelay.erase!(conn(), contact('dora@example.com'))).toMatchObject({ ok: true });
  });
});
