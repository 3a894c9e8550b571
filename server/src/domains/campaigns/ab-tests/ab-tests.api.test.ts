import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { splashAbTests, splashDesigns, splashFunnelCounts } from '../../../db/schema/index.ts';
import { createSite, registerAccount, startServer, type TestClient, type TestServer } from '../../../../test/harness.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startServer({ LOG_LEVEL: 'silent' });
});
afterAll(() => server?.close());

const db = () => server.handle.db;

async function operator() {
  const owner = await registerAccount(server, { plan_type: 'engage' });
  const site = await createSite(owner.client, { name: 'Harbour Café', auth_methods: ['clickthrough'] });
  return { client: owner.client, siteId: site.id as number, api: `/s/${site.id}/api/v1/campaigns` };
}

const twoVariants = {
  name: 'Dark or light',
  variants: [
    { name: 'A', weight: 50, design: {} },
    { name: 'B', weight: 50, design: { body_color: '#101820', optional_h1: 'Join us' } },
  ],
};
const start = (client: TestClient, api: string, body: unknown = twoVariants) => client.post(`${api}/ab-tests`, body);

/** Funnel rows as the portal writes them, for today. */
async function counted(siteId: number, variantId: number, impressions: number, granted: number) {
  const day = new Date().toISOString().slice(0, 10);
  await db()
    .insert(splashFunnelCounts)
    .values({ siteId, day, variantId, impressions, methodChosen: impressions, submitted: granted, granted });
}

describe('starting a test', () => {
  it('starts a test with its variants, listed first with the site funnel', async () => {
    const { client, api } = await operator();
    const res = await start(client, api);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      name: 'Dark or light',
      status: 'running',
      kept_variant_id: null,
      ended_at: null,
      verdict: null,
      variants: [
        { name: 'A', weight: 50, design: {}, funnel: { impressions: 0, method_chosen: 0, submitted: 0, granted: 0 } },
        { name: 'B', weight: 50, design: { body_color: '#101820', optional_h1: 'Join us' } },
      ],
    });
    const list = await client.get(`${api}/ab-tests`);
    expect(list.status).toBe(200);
    expect(list.body.tests.map((t: { name: string }) => t.name)).toEqual(['Dark or light']);
    expect(list.body).toMatchObject({ can_write: true, funnel: { impressions: 0, granted: 0 } });
  });

  it('refuses a split that does not add up to 100 %, and stores nothing', async () => {
    const { client, api, siteId } = await operator();
    const res = await start(client, api, {
      name: 'Uneven',
      variants: [
        { name: 'A', weight: 50, design: {} },
        { name: 'B', weight: 40, design: {} },
      ],
    });
    expect(res.status).toBe(422);
    expect(res.body.schema_errors).toEqual({ variants: ['The traffic split must add up to 100 %'] });
    expect(await db().select().from(splashAbTests).where(eq(splashAbTests.siteId, siteId))).toEqual([]);
  });

  it('needs two to four variants', async () => {
    const { client, api } = await operator();
    const one = await start(client, api, { name: 'Alone', variants: [{ name: 'A', weight: 100, design: {} }] });
    expect(one.status).toBe(422);
    expect(one.body.schema_errors.variants).toContain('An A/B test needs two to four variants');
    const five = await start(client, api, {
      name: 'Crowd',
      variants: Array.from({ length: 5 }, (_, i) => ({ name: `V${i}`, weight: 20, design: {} })),
    });
    expect(five.status).toBe(422);
    expect(five.body.schema_errors.variants).toContain('An A/B test needs two to four variants');
  });

  it('checks a variant design as the splash designer does: no unknown field, no bad colour', async () => {
    const { client, api } = await operator();
    const res = await start(client, api, {
      name: 'Bad design',
      variants: [
        { name: 'A', weight: 50, design: { body_color: 'blue-ish' } },
        { name: 'B', weight: 50, design: { script: '<script>alert(1)</script>' } },
      ],
    });
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.schema_errors).sort()).toEqual(['variants.0.design.body_color', 'variants.1.design.script']);
    expect(res.body.schema_errors['variants.1.design.script']).toEqual(['This field is not accepted here']);
  });

  it('runs one test at a time per site', async () => {
    const { client, api } = await operator();
    expect((await start(client, api)).status).toBe(200);
    const second = await start(client, api, { ...twoVariants, name: 'Another' });
    expect(second.status).toBe(409);
    expect(second.body.message).toBe('This site already runs an A/B test: end it before starting another');
  });
});

describe('reading a test', () => {
  it('gives each variant its funnel, conversion, chance to win and a sure verdict once the data says so', async () => {
    const { client, api, siteId } = await operator();
    const test = (await start(client, api)).body;
    const [a, b] = test.variants as { id: number }[];
    await counted(siteId, a!.id, 2000, 200);
    await counted(siteId, b!.id, 2000, 240);
    const res = await client.get(`${api}/ab-tests/${test.id}`);
    expect(res.status).toBe(200);
    const [va, vb] = res.body.variants;
    expect(va.funnel).toEqual({ impressions: 2000, method_chosen: 2000, submitted: 200, granted: 200 });
    expect(va.conversion).toBeCloseTo(0.1, 6);
    expect(vb.conversion).toBeCloseTo(0.12, 6);
    expect(vb.chance_to_win).toBeCloseTo(0.978, 2);
    expect(res.body.verdict).toMatchObject({ variant_id: b!.id, sure: true });
    // The site's funnel holds every variant's counts.
    const funnel = await client.get(`${api}/funnel`);
    expect(funnel.body.funnel).toEqual({ impressions: 4000, method_chosen: 4000, submitted: 440, granted: 440 });
  });

  it('is not sure while a variant has under 100 impressions', async () => {
    const { client, api, siteId } = await operator();
    const test = (await start(client, api)).body;
    await counted(siteId, test.variants[0].id, 50, 2);
    await counted(siteId, test.variants[1].id, 50, 30);
    const res = await client.get(`${api}/ab-tests/${test.id}`);
    expect(res.body.verdict).toMatchObject({ variant_id: test.variants[1].id, sure: false });
  });

  it('answers 404 for another site’s test and another account’s site', async () => {
    const mine = await operator();
    const theirs = await operator();
    const test = (await start(theirs.client, theirs.api)).body;
    const res = await mine.client.get(`${mine.api}/ab-tests/${test.id}`);
    expect(res.status).toBe(404);
    expect(res.body.message).toBe('No A/B test with this id at this site');
    expect((await mine.client.get(`${theirs.api}/ab-tests/${test.id}`)).status).toBe(404);
  });

  it('gives the site funnel over a date range, refusing one that ends before it starts', async () => {
    const { client, api, siteId } = await operator();
    await db().insert(splashFunnelCounts).values({ siteId, day: '2026-01-10', variantId: 0, impressions: 7, granted: 3 });
    await db().insert(splashFunnelCounts).values({ siteId, day: '2026-02-10', variantId: 0, impressions: 5, granted: 1 });
    const jan = await client.get(`${api}/funnel?fromdate=2026-01-01&todate=2026-01-31`);
    expect(jan.body).toEqual({
      fromdate: '2026-01-01',
      todate: '2026-01-31',
      funnel: { impressions: 7, method_chosen: 0, submitted: 0, granted: 3 },
    });
    const backwards = await client.get(`${api}/funnel?fromdate=2026-02-01&todate=2026-01-01`);
    expect(backwards.status).toBe(422);
    expect(backwards.body.schema_errors).toEqual({ todate: ['Start date must be less than or equal to end date'] });
  });
});

describe('ending a test', () => {
  it('keeps a variant: its design becomes the site design, and the test cannot end again', async () => {
    const { client, api, siteId } = await operator();
    const test = (await start(client, api)).body;
    const b = test.variants[1];
    const ended = await client.post(`${api}/ab-tests/${test.id}/end`, { keep_variant_id: b.id });
    expect(ended.status).toBe(200);
    expect(ended.body).toMatchObject({ status: 'ended', kept_variant_id: b.id });
    expect(ended.body.ended_at).not.toBeNull();
    const design = await client.get(`/s/${siteId}/api/v1/splashpage/design`);
    expect(design.body).toMatchObject({ body_color: '#101820', optional_h1: 'Join us' });
    const [row] = await db().select().from(splashDesigns).where(eq(splashDesigns.siteId, siteId));
    expect(row!.design).toMatchObject({ body_color: '#101820' });
    const again = await client.post(`${api}/ab-tests/${test.id}/end`, { keep_variant_id: b.id });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('This A/B test has ended');
    // A new test may start once the last one ended.
    expect((await start(client, api)).status).toBe(200);
  });

  it('keeps only a variant of this test', async () => {
    const { client, api } = await operator();
    const other = await operator();
    const foreign = (await start(other.client, other.api)).body.variants[0].id as number;
    const test = (await start(client, api)).body;
    const res = await client.post(`${api}/ab-tests/${test.id}/end`, { keep_variant_id: foreign });
    expect(res.status).toBe(422);
    expect(res.body.schema_errors).toEqual({ keep_variant_id: [`This test has no variant ${foreign}`] });
    expect((await client.get(`${api}/ab-tests/${test.id}`)).body.status).toBe('running');
  });
});
