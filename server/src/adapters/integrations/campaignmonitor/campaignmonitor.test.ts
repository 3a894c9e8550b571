import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IntegrationSettings } from '@splashboard/contract';
import { CampaignMonitorFake } from '../../../../test/fakes/integrations/campaignmonitor.ts';
import { connectionTo, failureOf, vendorContact } from '../../../../test/vendor-adapter.ts';
import type { VendorContact } from '../vendor.ts';
import { campaignMonitorAdapter as cm } from './campaignmonitor.ts';

let fake: CampaignMonitorFake;
beforeAll(async () => {
  fake = await new CampaignMonitorFake().start();
});
afterAll(() => fake.close());

const conn = (settings?: IntegrationSettings) => connectionTo('campaignmonitor', fake, settings);

const contact = (email: string, fields: VendorContact['fields'] = {}) => vendorContact(email, fields, { consentAt: null });

describe('Campaign Monitor adapter', () => {
  it('tests the list, and lists the lists of the clients', async () => {
    const result = await cm.test(conn());
    expect(result.account).toBe('Wi-Fi guests');
    expect(result.lists?.map((l) => l.name)).toEqual(['Wi-Fi guests', 'Members']);
    const auth = fake.requests.at(-1)!.headers.authorization as string;
    expect(Buffer.from(auth.replace('Basic ', ''), 'base64').toString()).toBe(`${fake.apiKey}:x`);
  });

  it('says the key was refused, and that the list does not exist (its 400 Code 101)', async () => {
    expect(await failureOf(cm.test(conn({ ...fake.settings, api_key: 'wrong' })))).toMatchObject({ reason: 'auth' });
    expect(await failureOf(cm.test(conn({ ...fake.settings, list_id: 'ffffffff' })))).toMatchObject({
      reason: 'not_found',
      info: { what: 'list' },
    });
  });

  it('adds, then updates the same subscriber, with its name and custom fields and consent to track', async () => {
    expect(await cm.upsert!(conn(), [contact('ana@example.com', { FirstName: 'Ana', LastName: 'Ruiz', Visits: 2 })])).toEqual([
      { ok: true, httpStatus: 201 },
    ]);
    await cm.upsert!(conn(), [contact('Ana@example.com', { FirstName: 'Anabel', LastName: 'Ruiz', Visits: 3 })]);
    expect(fake.count()).toBe(1);
    expect(fake.contact('ana@example.com')).toEqual({ Name: 'Anabel Ruiz', Visits: '3' });
    expect(fake.stateOf('ana@example.com')).toEqual({ State: 'Active', ConsentToTrack: 'Yes' });
  });

  it('refuses an invalid address for that contact only', async () => {
    const outcomes = await cm.upsert!(conn(), [contact('x@'), contact('b@example.com')]);
    expect(outcomes.map((o) => o.ok)).toEqual([false, true]);
    expect(outcomes[0]).toMatchObject({ answer: 'Invalid Email Address' });
  });

  it('surfaces a 429 as rate_limited with its Retry-After', async () => {
    fake.rateLimitNext(1, 20);
    expect(await failureOf(cm.upsert!(conn(), [contact('c@example.com')]))).toMatchObject({
      reason: 'rate_limited',
      info: { retryAfterSeconds: 20 },
    });
  });

  it('unsubscribes, resubscribes on a new consent, and deletes', async () => {
    await cm.upsert!(conn(), [contact('d@example.com')]);
    expect(await cm.unsubscribe!(conn(), contact('d@example.com'))).toMatchObject({ ok: true, httpStatus: 200 });
    expect(fake.unsubscribed('d@example.com')).toBe(true);
    await cm.upsert!(conn(), [contact('d@example.com')]);
    expect(fake.unsubscribed('d@example.com')).toBe(false);
    expect(await cm.erase!(conn(), contact('d@example.com'))).toMatchObject({ ok: true, httpStatus: 200 });
    expect(fake.erased('d@example.com')).toBe(true);
  });
});
