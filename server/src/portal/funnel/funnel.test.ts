import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { splashFunnelCounts } from '../../db/schema/index.ts';
import { startServer, type TestServer } from '../../../test/harness.ts';
import { arriveFromUnifi, randomMac, unifiPortalSite, type PortalSite } from '../../../test/portal.ts';
import { pickVariant } from './split.ts';

let server: TestServer;
const fakes: PortalSite[] = [];
beforeAll(async () => {
  server = await startServer({ PUBLIC_URL: 'http://portal.test', LOG_LEVEL: 'silent' });
});
afterAll(async () => {
  await Promise.all(fakes.map((f) => f.unifi.close()));
  await server?.close();
});
const site = async (methods: string[]) => {
  const s = await unifiPortalSite(server, methods);
  fakes.push(s);
  return s;
};

const DARK = '#101820';
const LIGHT = '#fafafa';
/** A test whose variant A is light and variant B dark, each with its own name for the terms. */
async function startTest(s: PortalSite) {
  const res = await s.owner.post(`${s.api}/campaigns/ab-tests`, {
    name: 'Light or dark',
    variants: [
      { name: 'A', weight: 50, design: { body_color: LIGHT, tos_text: 'Light rules' } },
      { name: 'B', weight: 50, design: { body_color: DARK, tos_text: 'Dark rules' } },
    ],
  });
  expect(res.status).toBe(200);
  return res.body as { id: number; variants: { id: number; name: string; weight: number }[] };
}
const colourOf = (html: string) => (html.includes(`background:${DARK}`) ? 'B' : html.includes(`background:${LIGHT}`) ? 'A' : '-');

/** The funnel rows of a site by variant, once the background writes have landed. */
async function funnelOf(siteId: number, variantId: number) {
  const [row] = await server.handle.db
    .select()
    .from(splashFunnelCounts)
    .where(and(eq(splashFunnelCounts.siteId, siteId), eq(splashFunnelCounts.variantId, variantId)));
  return row && { impressions: row.impressions, method_chosen: row.methodChosen, submitted: row.submitted, granted: row.granted };
}

describe('the split', () => {
  it('places devices on the weights, the same device always on the same variant', () => {
    const variants = [
      { id: 1, weight: 20 },
      { id: 2, weight: 80 },
    ];
    const seen = { 1: 0, 2: 0 };
    for (let i = 0; i < 2000; i++) seen[pickVariant(7, `device-${i}`, variants).id as 1 | 2]++;
    expect(seen[1] / 2000).toBeGreaterThan(0.16);
    expect(seen[1] / 2000).toBeLessThan(0.24);
    expect(pickVariant(7, 'device-1', variants)).toBe(pickVariant(7, 'device-1', variants));
  });

  it('shows a guest the same variant on every visit, with that variant’s design', async () => {
    const s = await site(['email', 'clickthrough']);
    await startTest(s);
    const seen = new Set<string>();
    for (let i = 0; i < 12; i++) {
      const mac = randomMac();
      const first = colourOf((await (await arriveFromUnifi(server, s, { mac })).guest.get()).html);
      const again = colourOf((await (await arriveFromUnifi(server, s, { mac })).guest.get()).html);
      expect(again).toBe(first);
      seen.add(first);
    }
    // Twelve devices on a 50/50 split: both variants show (a chance of 1 in 2048 that they do not).
    expect([...seen].sort()).toEqual(['A', 'B']);
  });
});

describe('the funnel', () => {
  it('counts impressions, method chosen, login submitted and granted per variant', async () => {
    const s = await site(['email', 'clickthrough']);
    const test = await startTest(s);
    const { guest } = await arriveFromUnifi(server, s);
    const start = await guest.get();
    const variant = test.variants.find((v) => v.name === colourOf(start.html))!;
    expect((await guest.get('clickthrough')).status).toBe(200);
    expect((await guest.post('clickthrough', {})).status).toBe(200);
    await expect
      .poll(() => funnelOf(s.siteId, variant.id))
      .toEqual({ impressions: 1, method_chosen: 1, submitted: 1, granted: 1 });
    const read = await s.owner.get(`${s.api}/campaigns/ab-tests/${test.id}`);
    const mine = read.body.variants.find((v: { id: number }) => v.id === variant.id);
    expect(mine).toMatchObject({ funnel: { impressions: 1, granted: 1 }, conversion: 1 });
  });

  it('counts the site’s funnel as variant 0 without a test, the only method’s form as chosen', async () => {
    const s = await site(['clickthrough']);
    const { guest } = await arriveFromUnifi(server, s);
    expect((await guest.get()).html).toContain('action="clickthrough"');
    await guest.post('clickthrough', {});
    await expect.poll(() => funnelOf(s.siteId, 0)).toEqual({ impressions: 1, method_chosen: 1, submitted: 1, granted: 1 });
    const funnel = await s.owner.get(`${s.api}/campaigns/funnel`);
    expect(funnel.body.funnel).toEqual({ impressions: 1, method_chosen: 1, submitted: 1, granted: 1 });
  });

  it('does not count the operator’s test mode', async () => {
    const s = await site(['clickthrough']);
    const opened = await s.owner.post(`${s.api}/setup/portal-test`, {});
    expect(opened.status).toBe(200);
    const testMode = await fetch(new URL(opened.body.url, server.url), { redirect: 'follow' });
    expect(await testMode.text()).toContain('action="clickthrough"');
    // A real guest afterwards is counted once; the test-mode visit before is not.
    const { guest } = await arriveFromUnifi(server, s);
    await guest.get();
    await guest.post('clickthrough', {});
    await expect.poll(() => funnelOf(s.siteId, 0)).toEqual({ impressions: 1, method_chosen: 1, submitted: 1, granted: 1 });
  });
});

describe('ending the test', () => {
  it('shows the kept variant’s design to every guest', async () => {
    const s = await site(['email', 'clickthrough']);
    const test = await startTest(s);
    const dark = test.variants.find((v) => v.name === 'B')!;
    const ended = await s.owner.post(`${s.api}/campaigns/ab-tests/${test.id}/end`, { keep_variant_id: dark.id });
    expect(ended.status).toBe(200);
    for (let i = 0; i < 6; i++) {
      const page = await (await arriveFromUnifi(server, s)).guest.get();
      expect(colourOf(page.html)).toBe('B');
      expect(page.html).toContain('Dark rules');
    }
  });
});
