import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { campaignRecipients, emailCampaigns, sites } from '../../../db/schema/index.ts';
import { createSite, registerAccount, startServer, type TestClient, type TestServer } from '../../../../test/harness.ts';
import { signedInClient } from '../../../../test/clients.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server?.close());

const db = () => server.handle.db;
const rowOf = async (id: number) => (await db().select().from(emailCampaigns).where(eq(emailCampaigns.id, id)))[0];
const countRows = async (siteId: number) =>
  (await db().select().from(emailCampaigns).where(eq(emailCampaigns.siteId, siteId))).length;

async function operator() {
  const owner = await registerAccount(server, { plan_type: 'engage' });
  const site = await createSite(owner.client, { name: 'Harbor Café' });
  const [row] = await db().select().from(sites).where(eq(sites.id, site.id));
  return { client: owner.client, siteId: site.id as number, accountId: row!.accountId, api: `/s/${site.id}/api/v1/campaigns` };
}

const welcome = {
  templateId: 'welcome',
  name: 'Welcome back',
  subject: 'Welcome to {{site_name}}',
  trigger_type: 'connect',
  trigger_param: 2,
  campaign_html: '<p>Hi {{first_name}}, <a href="https://example.com/menu">see the menu</a></p>',
  campaign_json: { mjml: '<mjml><mj-body></mj-body></mjml>' },
};
const create = (client: TestClient, api: string, over: Record<string, unknown> = {}) =>
  client.post(`${api}/email`, { ...welcome, ...over });
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();

describe('creating, reading, changing and deleting email campaigns', () => {
  it('creates a draft with the spec’s defaults, reads it, lists it and changes it', async () => {
    const { client, api, siteId } = await operator();
    const created = await create(client, api);
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect(created.body).toMatchObject({
      ...welcome,
      active: false,
      state: 'draft',
      campaign_type: 'email',
      trigger_param_type: 'days',
      email_type: 'Html',
      run_now: true,
      start_time: null,
      end_time: null,
      sending_frequency: 'only_once',
      track_opens: true,
      figures: { sent: 0, failed: 0, opened: 0, clicked: 0, unsubscribed: 0 },
    });
    const { id } = created.body;
    expect((await client.get(`${api}/email/${id}`)).body).toEqual(created.body);

    const list = await client.get(`${api}/email`);
    expect(list.status).toBe(200);
    expect(list.body.can_write).toBe(true);
    expect(list.body.campaigns).toHaveLength(1);
    expect(list.body.campaigns[0]).toMatchObject({ id, name: 'Welcome back', state: 'draft' });
    expect(list.body.campaigns[0]).not.toHaveProperty('campaign_html');

    const changed = await client.put(`${api}/email/${id}`, {
      subject: 'Hello {{first_name}}',
      trigger_type: 'inactive',
      trigger_param: 30,
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(changed.body).toMatchObject({
      subject: 'Hello {{first_name}}',
      trigger_type: 'inactive',
      trigger_param: 30,
      name: 'Welcome back',
    });
    expect(await rowOf(id)).toMatchObject({ siteId, subject: 'Hello {{first_name}}', triggerType: 'inactive', triggerParam: 30 });
  });

  it('computes the state: active now when run now, not yet started, ended', async () => {
    const { client, api } = await operator();
    const before = Date.now();
    const now = await create(client, api, { active: true, run_now: true });
    expect(now.body.state).toBe('active');
    expect(Date.parse(now.body.start_time)).toBeGreaterThanOrEqual(before - 1000);

    const later = await create(client, api, { active: true, run_now: false, start_time: inDays(3), end_time: inDays(10) });
    expect(later.status, JSON.stringify(later.body)).toBe(200);
    expect(later.body.state).toBe('not_yet_started');

    const draft = await create(client, api, { run_now: false, start_time: inDays(-10), end_time: inDays(-1) });
    expect(draft.body.state).toBe('draft');
    const ended = await client.put(`${api}/email/${draft.body.id}`, { active: true });
    expect(ended.body.state).toBe('ended');
  });

  it('stores the HTML sanitized and a birthday campaign whatever its trigger value', async () => {
    const { client, api } = await operator();
    const tidy = await create(client, api, {
      campaign_html: '<p style="color:red">Hi</p><!--[if mso]><table><![endif]--><link rel="x" href="https://x.example/a.css">',
    });
    expect(tidy.status).toBe(200);
    expect(tidy.body.campaign_html).toBe('<p style="color:red">Hi</p>');
    expect((await rowOf(tidy.body.id))!.campaignHtml).toBe('<p style="color:red">Hi</p>');

    const birthday = await create(client, api, { trigger_type: 'birthday', trigger_param: 1 });
    expect(birthday.status, JSON.stringify(birthday.body)).toBe(200);
    expect(birthday.body).toMatchObject({ trigger_type: 'birthday', trigger_param: 1 });
    const noValue = await client.post(`${api}/email`, { name: 'Birthday', subject: 'Happy birthday', trigger_type: 'birthday' });
    expect(noValue.status, JSON.stringify(noValue.body)).toBe(200);
  });

  it('deletes a campaign: gone from the API, its row kept with deleted_at', async () => {
    const { client, api } = await operator();
    const { id } = (await create(client, api)).body;
    const gone = await client.del(`${api}/email/${id}`);
    expect(gone.status).toBe(200);
    expect((await client.get(`${api}/email/${id}`)).status).toBe(404);
    expect((await client.get(`${api}/email`)).body.campaigns).toEqual([]);
    expect((await client.del(`${api}/email/${id}`)).status).toBe(404);
    expect((await rowOf(id))!.deletedAt).toBeInstanceOf(Date);
  });
});

describe('refusing bad campaigns with the spec’s message, storing nothing', () => {
  const refusals: [string, Record<string, unknown>, string, string][] = [
    [
      'a trigger value of 1',
      { trigger_param: 1 },
      'trigger_param',
      'Campaign trigger value must be more than 1 and less than 31',
    ],
    [
      'a trigger value of 31',
      { trigger_param: 31 },
      'trigger_param',
      'Campaign trigger value must be more than 1 and less than 31',
    ],
    [
      'a start after the end',
      { run_now: false, start_time: inDays(5), end_time: inDays(2) },
      'end_time',
      'Start date must be less than or equal to end date',
    ],
    ['a template that does not exist', { templateId: 'halloween' }, 'templateId', 'There is no template halloween'],
    [
      'a script in the HTML',
      { campaign_html: '<p>Hi</p><script>alert(1)</script>' },
      'campaign_html',
      'The content has a script or an unsafe link (<script>): remove it and save again',
    ],
    [
      'a javascript link in the HTML',
      { campaign_html: '<a href="javascript:alert(1)">x</a>' },
      'campaign_html',
      'The content has a script or an unsafe link (javascript: URL in href): remove it and save again',
    ],
    ['no start time without run now', { run_now: false }, 'start_time', 'Choose when the campaign starts, or run it now'],
  ];

  it.each(refusals)('on create: %s', async (_name, over, field, message) => {
    const { client, api, siteId } = await operator();
    const res = await create(client, api, over);
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ status: 422, message: 'Campaign creation failed', schema_errors: { [field]: [message] } });
    expect(await countRows(siteId)).toBe(0);
  });

  it.each(refusals)('on update: %s', async (_name, over, field, message) => {
    const { client, api } = await operator();
    const { body: stored } = await create(client, api);
    const res = await client.put(`${api}/email/${stored.id}`, over);
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ status: 422, message: 'Campaign update failed', schema_errors: { [field]: [message] } });
    expect((await client.get(`${api}/email/${stored.id}`)).body).toEqual(stored);
  });

  it('checks the merged campaign: an end before the stored start is refused', async () => {
    const { client, api } = await operator();
    const { body: stored } = await create(client, api, { run_now: false, start_time: inDays(5) });
    const res = await client.put(`${api}/email/${stored.id}`, { end_time: inDays(2) });
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({
      message: 'Campaign update failed',
      schema_errors: { end_time: ['Start date must be less than or equal to end date'] },
    });
    const birthday = await create(client, api, { trigger_type: 'birthday', trigger_param: 1 });
    const toConnect = await client.put(`${api}/email/${birthday.body.id}`, { trigger_type: 'connect' });
    expect(toConnect.body).toMatchObject({
      message: 'Campaign update failed',
      schema_errors: { trigger_param: [refusals[0]![3]] },
    });
    expect((await rowOf(birthday.body.id))!.triggerType).toBe('birthday');
  });

  it('answers a missing name and subject field by field', async () => {
    const { client, api, siteId } = await operator();
    const res = await client.post(`${api}/email`, { trigger_param: 5 });
    expect(res.status).toBe(422);
    expect(res.body.message).toBe('Campaign creation failed');
    expect(Object.keys(res.body.schema_errors).sort()).toEqual(['name', 'subject']);
    expect(await countRows(siteId)).toBe(0);
  });
});

describe('figures', () => {
  it('counts sent, failed, opened, clicked and unsubscribed per campaign from its recipients', async () => {
    const { client, api, siteId, accountId } = await operator();
    const first = (await create(client, api)).body;
    const second = (await create(client, api, { name: 'Second' })).body;
    const untouched = (await create(client, api, { name: 'Untouched' })).body;
    const at = new Date();
    const recipient = (campaignId: number, n: number, over: Partial<typeof campaignRecipients.$inferInsert>) => ({
      accountId,
      siteId,
      campaignId,
      email: `guest${n}@example.test`,
      ...over,
    });
    await db()
      .insert(campaignRecipients)
      .values([
        recipient(first.id, 1, { status: 'sent', sentAt: at, openedAt: at, clickedAt: at }),
        recipient(first.id, 2, { status: 'sent', sentAt: at, openedAt: at, unsubscribedAt: at }),
        recipient(first.id, 3, { status: 'sent', sentAt: at }),
        recipient(first.id, 4, { status: 'failed', lastError: '550 no such user' }),
        recipient(first.id, 5, { status: 'queued' }),
        recipient(second.id, 6, { status: 'failed' }),
      ]);
    const list = (await client.get(`${api}/email`)).body.campaigns as { id: number; figures: unknown }[];
    const figuresOf = (id: number) => list.find((c) => c.id === id)!.figures;
    expect(figuresOf(first.id)).toEqual({ sent: 3, failed: 1, opened: 2, clicked: 1, unsubscribed: 1 });
    expect(figuresOf(second.id)).toEqual({ sent: 0, failed: 1, opened: 0, clicked: 0, unsubscribed: 0 });
    expect(figuresOf(untouched.id)).toEqual({ sent: 0, failed: 0, opened: 0, clicked: 0, unsubscribed: 0 });
    expect((await client.get(`${api}/email/${first.id}`)).body.figures).toEqual(figuresOf(first.id));
  });
});

describe('who may see and change campaigns', () => {
  it('answers another account’s site and campaign as not found, changing nothing', async () => {
    const mine = await operator();
    const theirs = await operator();
    const { body: campaign } = await create(theirs.client, theirs.api);

    const site = await mine.client.get(`${theirs.api}/email`);
    expect(site.status).toBe(404);
    expect(site.body.code).toBe('common.siteNotFound');
    expect((await mine.client.post(`${theirs.api}/email`, welcome)).status).toBe(404);
    const other = await mine.client.get(`${mine.api}/email/${campaign.id}`);
    expect(other.status).toBe(404);
    expect(other.body).toMatchObject({ code: 'campaigns.campaignNotFound', message: 'No campaign with this id at this site' });
    expect((await mine.client.put(`${mine.api}/email/${campaign.id}`, { name: 'Mine now' })).status).toBe(404);
    expect((await mine.client.del(`${mine.api}/email/${campaign.id}`)).status).toBe(404);
    expect((await mine.client.get(`${theirs.api}/templates`)).status).toBe(404);
    expect(await rowOf(campaign.id)).toMatchObject({ name: 'Welcome back', deletedAt: null });
  });

  it('lets a client with Read Only read campaigns and templates but not write them', async () => {
    const mine = await operator();
    const { body: campaign } = await create(mine.client, mine.api);
    const { client } = await signedInClient(server, mine.accountId, [{ siteId: mine.siteId, area: 'campaigns', level: 'read' }]);
    const list = await client.get(`${mine.api}/email`);
    expect(list.status).toBe(200);
    expect(list.body).toMatchObject({ can_write: false, campaigns: [{ id: campaign.id }] });
    expect((await client.get(`${mine.api}/email/${campaign.id}`)).status).toBe(200);
    expect((await client.get(`${mine.api}/templates`)).status).toBe(200);
    expect((await client.post(`${mine.api}/email`, welcome)).status).toBe(403);
    expect((await client.put(`${mine.api}/email/${campaign.id}`, { name: 'Client' })).status).toBe(403);
    expect((await client.del(`${mine.api}/email/${campaign.id}`)).status).toBe(403);
    expect(await countRows(mine.siteId)).toBe(1);
    expect(await rowOf(campaign.id)).toMatchObject({ name: 'Welcome back', deletedAt: null });
  });
});
