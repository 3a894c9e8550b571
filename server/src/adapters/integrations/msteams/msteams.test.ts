import { afterEach, describe, expect, it } from 'vitest';
import type { IntegrationSettings } from '@splashboard/contract';
import { TeamsWorkflow } from '../../../../test/fakes/integrations/msteams.ts';
import { connectionTo, ownOrigin } from '../../../../test/vendor-adapter.ts';
import { VendorError, type LoginNotice } from '../vendor.ts';
import { msteamsAdapter } from './msteams.ts';

const notice = (event: LoginNotice['event'] = 'guest.login'): LoginNotice => ({
  id: 'dlv_1',
  event,
  site: { id: 3, name: 'Café Sol' },
  guest: {
    id: 7,
    email: 'ana@example.com',
    phone: null,
    first_name: 'Ana',
    last_name: 'López',
    visits: 4,
    login_method: 'email',
    marketing_consent: true,
    fields: {},
  },
  at: '2026-11-28T18:30:00.000Z',
});

let fake: TeamsWorkflow;
afterEach(() => fake.close());
const connection = (settings: IntegrationSettings) => connectionTo('msteams', fake, settings, { origin: ownOrigin });

describe('Microsoft Teams (Workflows webhook)', () => {
  it('test posts a small card; a wrong signature is refused as auth', async () => {
    fake = await new TeamsWorkflow().start();
    await expect(msteamsAdapter.test(connection(fake.settings))).resolves.toMatchObject({ account: new URL(fake.url).host });
    expect(fake.lines()).toEqual([['Splashboard is connected']]);
    const err = (await msteamsAdapter
      .test(connection({ url: fake.settings.url.replace(/sig=\w+/, 'sig=nope') }))
      .catch((e: unknown) => e)) as VendorError;
    expect(err.reason).toBe('auth');
    expect(err.detail).toContain('DirectApiAuthorizationRequired');
  });

  it('posts one Adaptive Card per login: who, where, visits, when', async () => {
    fake = await new TeamsWorkflow().start();
    const outcomes = await msteamsAdapter.notify!(connection(fake.settings), [notice()]);
    expect(outcomes).toEqual([{ ok: true, httpStatus: 202 }]);
    const sent = fake.cards[0]!;
    expect(sent.attachments[0]).toMatchObject({ contentUrl: null, content: { version: '1.4' } });
    expect(fake.contact('ana@example.com')).toEqual({
      lines: ['Ana López logged in', 'Email: ana@example.com', 'Site: Café Sol', 'Visits: 4', 'When: 2026-11-28T18:30:00.000Z'],
    });
  });

  it('posts nothing for an unsubscribe or an erasure', async () => {
    fake = await new TeamsWorkflow().start();
    const outcomes = await msteamsAdapter.notify!(connection(fake.settings), [
      notice('guest.unsubscribed'),
      notice('guest.erased'),
    ]);
    expect(outcomes).toEqual([
      { ok: true, answer: 'Teams keeps no contacts' },
      { ok: true, answer: 'Teams keeps no contacts' },
    ]);
    expect(fake.requests).toHaveLength(0);
  });

  it('surfaces the workflow’s 429 with its Retry-After', async () => {
    fake = await new TeamsWorkflow().start();
    fake.rateLimitNext(1, 17);
    const err = (await msteamsAdapter.notify!(connection(fake.settings), [notice()]).catch((e: unknown) => e)) as VendorError;
    expect(err.reason).toBe('rate_limited');
    expect(err.info.retryAfterSeconds).toBe(17);
  });
});
