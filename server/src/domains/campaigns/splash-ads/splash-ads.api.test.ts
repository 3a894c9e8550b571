import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { sites, splashAds } from '../../../db/schema/index.ts';
import { createSite, registerAccount, startServer, type TestClient, type TestServer } from '../../../../test/harness.ts';
import { signedInClient } from '../../../../test/clients.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server?.close());

const db = () => server.handle.db;
const rowsOfSite = (siteId: number) => db().select().from(splashAds).where(eq(splashAds.siteId, siteId));

async function operator() {
  const owner = await registerAccount(server);
  const site = await createSite(owner.client, { name: 'Harbour Café' });
  const [row] = await db().select().from(sites).where(eq(sites.id, site.id));
  return {
    client: owner.client,
    siteId: site.id as number,
    accountId: row!.accountId,
    api: `/s/${site.id}/api/v1/campaigns/splash-ads`,
  };
}

const summerAd = {
  name: 'Summer terrace',
  splashad_html: '<div><h1>Cold drinks on the terrace</h1><img src="https://cdn.example.com/terrace.jpg" alt=""></div>',
  link_url: 'https://harbour.example.com/terrace',
  autoskiptime: 3,
};
const UNSAFE = /^The content has a script or an unsafe link \(.+\): remove it and save again$/;
const create = (client: TestClient, api: string, over: Record<string, unknown> = {}) =>
  client.post(api, { ...summerAd, ...over });

describe('creating and listing splash-page ads', () => {
  it('creates with the spec’s defaults and lists the ad with its state, impressions and clicks', async () => {
    const { client, api } = await operator();
    const bare = await client.post(api, {});
    expect(bare.status, JSON.stringify(bare.body)).toBe(200);
    expect(bare.body).toMatchObject({
      name: 'Untitled Campaign',
      active: 1,
      trigger_type: 'always',
      autoskip: true,
      autoskiptime: 5,
      placement: 'before_login',
      rules_chaining: 'and',
      enable_rules: false,
      rules: [],
      run_now: true,
      state: 'active',
      impressions: 0,
      clicks: 0,
    });
    // Run now: it starts when it is made.
    expect(Date.parse(bare.body.start_time)).toBeLessThanOrEqual(Date.now());

    const later = await create(client, api, {
      run_now: false,
      start_time: '2099-01-01T00:00:00Z',
      end_time: '2099-02-01T00:00:00Z',
    });
    expect(later.body.state).toBe('not_yet_started');
    const draft = await create(client, api, { name: 'Winter', active: 0 });
    expect(draft.body.state).toBe('draft');
    const ended = await create(client, api, {
      name: 'Spring',
      start_time: '2020-03-01T00:00:00Z',
      end_time: '2020-06-01T00:00:00Z',
    });
    expect(ended.body.state).toBe('ended');

    const list = await client.get(api);
    expect(list.status).toBe(200);
    expect(list.body.can_write).toBe(true);
    expect(list.body.ads.map((a: { name: string; state: string }) => [a.name, a.state])).toEqual([
      ['Spring', 'ended'],
      ['Winter', 'draft'],
      ['Summer terrace', 'not_yet_started'],
      ['Untitled Campaign', 'active'],
    ]);
    expect(list.body.ads[0]).not.toHaveProperty('splashad_html');
    expect(list.body.ads[0]).toMatchObject({ impressions: 0, clicks: 0 });
  });

  it('edits any subset, checks the ad as it would be, and deletes (kept, hidden)', async () => {
    const { client, api, siteId } = await operator();
    const ad = (await create(client, api)).body;
    const edited = await client.put(`${api}/${ad.id}`, {
      active: 0,
      enable_rules: true,
      rules_chaining: 'or',
      rules: [{ field: 'language', operator: 'eq', value: 'es' }],
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(edited.body).toMatchObject({ name: 'Summer terrace', state: 'draft', rules_chaining: 'or', enable_rules: true });
    expect((await client.get(`${api}/${ad.id}`)).body.rules).toEqual([{ field: 'language', operator: 'eq', value: 'es' }]);

    // An end before the stored start is refused, though the start was not sent.
    await client.put(`${api}/${ad.id}`, { start_time: '2030-05-01T00:00:00Z' });
    const backwards = await client.put(`${api}/${ad.id}`, { end_time: '2030-04-01T00:00:00Z' });
    expect(backwards.status).toBe(422);
    expect(backwards.body).toMatchObject({
      message: 'Campaign update failed',
      schema_errors: { end_time: ['Start date must be less than or equal to end date'] },
    });
    expect((await rowsOfSite(siteId))[0]!.endTime).toBeNull();

    expect((await client.del(`${api}/${ad.id}`)).status).toBe(200);
    expect((await client.get(`${api}/${ad.id}`)).status).toBe(404);
    expect((await client.get(api)).body.ads).toEqual([]);
    expect((await rowsOfSite(siteId))[0]!.deletedAt).not.toBeNull();
  });
});

describe('bad input stores nothing', () => {
  it.each<[string, Record<string, unknown>, string, string | RegExp]>([
    [
      'start after end',
      { start_time: '2030-02-01T00:00:00Z', end_time: '2030-01-01T00:00:00Z' },
      'end_time',
      'Start date must be less than or equal to end date',
    ],
    ['a script', { splashad_html: '<p>Hi</p><script>alert(1)</script>' }, 'splashad_html', UNSAFE],
    ['a javascript: link', { splashad_html: '<a href="javascript:alert(1)">Win</a>' }, 'splashad_html', UNSAFE],
    ['an event handler', { splashad_html: '<img src="x.png" onerror="alert(1)">' }, 'splashad_html', UNSAFE],
    [
      // A photo pasted into the ad as data: cannot be squeezed into a captive portal's page.
      'an ad over the portal page budget',
      { splashad_html: `<img alt="" src="data:image/png;base64,${randomBytes(40_000).toString('base64')}">` },
      'splashad_html',
      /^The ad is too large for a captive portal’s page \(\d+ KB compressed, at most 24 KB\)/,
    ],
    ['a link that is not http', { link_url: 'ftp://example.com' }, 'link_url', ''],
    ['auto-skip beyond a minute', { autoskiptime: 61 }, 'autoskiptime', ''],
    ['an unknown display', { trigger_type: 'sometimes' }, 'trigger_type', ''],
    ['a rule without a value', { rules: [{ field: 'age', operator: 'gt', value: '' }] }, 'rules.0.value', ''],
  ])('%s: Campaign creation failed, per field', async (_name, over, field, message) => {
    const { client, api, siteId } = await operator();
    const res = await create(client, api, over);
    expect(res.status).toBe(422);
    expect(res.body.message).toBe('Campaign creation failed');
    expect(res.body.schema_errors[field], JSON.stringify(res.body)).toBeDefined();
    if (message) expect(res.body.schema_errors[field]).toEqual([expect.stringMatching(message)]);
    expect(await rowsOfSite(siteId)).toEqual([]);
  });

  it('refuses an unsafe edit with Campaign update failed and keeps the ad as it was', async () => {
    const { client, api, siteId } = await operator();
    const ad = (await create(client, api)).body;
    const res = await client.put(`${api}/${ad.id}`, {
      name: 'Hacked',
      splashad_html: '<iframe src="https://evil.example"></iframe>',
    });
    expect(res.status).toBe(422);
    expect(res.body.message).toBe('Campaign update failed');
    expect(Object.keys(res.body.schema_errors)).toEqual(['splashad_html']);
    const bad = await client.put(`${api}/${ad.id}`, { autoskiptime: 0 });
    expect(bad.body).toMatchObject({ message: 'Campaign update failed', schema_errors: { autoskiptime: [expect.any(String)] } });
    expect((await rowsOfSite(siteId))[0]).toMatchObject({ name: 'Summer terrace', autoskiptime: 3 });
  });
});

describe('who may see and change ads', () => {
  it('answers another account’s site and ad as not found, and a read-only client 403 on writes', async () => {
    const mine = await operator();
    const theirs = await operator();
    const ad = (await create(theirs.client, theirs.api)).body;
    const site = await mine.client.get(theirs.api);
    expect(site.status).toBe(404);
    expect(site.body.code).toBe('common.siteNotFound');
    expect((await mine.client.post(theirs.api, summerAd)).status).toBe(404);
    const other = await mine.client.get(`${mine.api}/${ad.id}`);
    expect(other.status).toBe(404);
    expect(other.body.code).toBe('campaigns.adNotFound');
    expect((await mine.client.put(`${mine.api}/${ad.id}`, { name: 'Mine now' })).status).toBe(404);
    expect((await mine.client.del(`${mine.api}/${ad.id}`)).status).toBe(404);
    expect((await rowsOfSite(theirs.siteId))[0]).toMatchObject({ name: 'Summer terrace', deletedAt: null });

    const own = (await create(mine.client, mine.api)).body;
    const { client: reader } = await signedInClient(server, mine.accountId, [
      { siteId: mine.siteId, area: 'campaigns', level: 'read' },
    ]);
    const seen = await reader.get(mine.api);
    expect(seen.status).toBe(200);
    expect(seen.body.can_write).toBe(false);
    expect((await reader.get(`${mine.api}/${own.id}`)).status).toBe(200);
    expect((await reader.post(mine.api, summerAd)).status).toBe(403);
    expect((await reader.put(`${mine.api}/${own.id}`, { name: 'Reader' })).status).toBe(403);
    expect((await reader.del(`${mine.api}/${own.id}`)).status).toBe(403);
    expect(await rowsOfSite(mine.siteId)).toHaveLength(1);
    expect((await rowsOfSite(mine.siteId))[0]).toMatchObject({ name: 'Summer terrace', deletedAt: null });
  });
});
