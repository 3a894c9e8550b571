import { afterAll, beforeAll, describe, it } from 'vitest';
import { INTEGRATION_KINDS, INTEGRATIONS, type IntegrationKind } from '@splashboard/contract';
import { startServer, type TestServer } from '../../../test/harness.ts';
import { apiBasesOf, startFakeVendor, type FakeVendor } from '../../../test/fakes/integrations/index.ts';
import { deliveryKit, SOON } from '../../../test/integration-delivery.ts';

/**
 * Every vendor, one journey each, through the real parts: the operator sets the integration up through
 * the API against the vendor's fake, guests log in at the portal, and what arrives at the fake is what
 * the vendor would hold. A guest without consent never reaches it; a 429 is waited out; an erasure
 * follows the guest there.
 */
let server: TestServer;
const closers: (() => Promise<void>)[] = [];
const fakes = new Map<IntegrationKind, FakeVendor>();
const kit = deliveryKit(() => server, closers);

beforeAll(async () => {
  for (const kind of INTEGRATION_KINDS) fakes.set(kind, await startFakeVendor(kind));
  server = await startServer({ INTEGRATION_API_BASES: apiBasesOf([...fakes.values()]), INTEGRATIONS_POLL_MS: '200' });
}, 60_000);
afterAll(async () => {
  for (const close of closers) await close();
  await Promise.all([...fakes.values()].map((f) => f.close()));
  await server?.close();
});

/** Whether any request the vendor received names the address (in its body, path or query). */
const sawAddress = (fake: FakeVendor, email: string) =>
  fake.requests.some(
    (r) =>
      `${r.path}?${r.query.toString()} ${r.raw}`.toLowerCase().includes(email.toLowerCase()) ||
      decodeURIComponent(r.path).toLowerCase().includes(email.toLowerCase()),
  );

describe.concurrent('each vendor, from the portal to its API', () => {
  it.for(INTEGRATION_KINDS)(
    '%s: consenting guests arrive with their fields, others never; a 429 is waited out; erasure follows',
    async (kind, { expect }) => {
      const fake = fakes.get(kind)!;
      const s = await kit.consentSite();
      const api = `${s.api}/integrations/${kind}`;

      const saved = await s.owner.put(api, { settings: fake.settings, enabled: true });
      expect(saved.status, JSON.stringify(saved.body)).toBe(200);
      expect(saved.body.state).toBe('active');
      const tested = await s.owner.post(`${api}/test`, {});
      expect(tested.body, JSON.stringify(tested.body)).toMatchObject({ ok: true });

      const ana = `ana.${kind}@example.com`;
      const ben = `ben.${kind}@example.com`;
      await kit.logsIn(s, ben, false);
      await kit.logsIn(s, ana, true);
      await expect.poll(() => fake.contact(ana), SOON).toBeDefined();
      // The field map's first name reached the vendor under the vendor's own field name.
      expect(JSON.stringify(fake.contact(ana))).toContain('Ana');
      const id = await integrationId(s.siteId, kind);
      const rowsOf = async (email: string) => (await kit.deliveriesOf(id)).filter((d) => d.guestLabel === email);
      // Its delivery is over (a second call, a list or a subscription, may follow the contact's).
      await expect.poll(async () => (await rowsOf(ana)).map((d) => d.status), SOON).toEqual(['delivered']);

      // A 429: the retry comes after the vendor's Retry-After, and the guest arrives once.
      const cai = `cai.${kind}@example.com`;
      fake.rateLimitNext(1, 2);
      const limitedAt = Date.now();
      await kit.logsIn(s, cai, true);
      await expect.poll(() => fake.contact(cai), { timeout: 15_000, interval: 100 }).toBeDefined();
      expect(Date.now() - limitedAt).toBeGreaterThanOrEqual(2000);
      await expect.poll(async () => (await rowsOf(cai)).map((d) => [d.status, d.attempts]), SOON).toEqual([['delivered', 2]]);

      // Ben never ticked the box: nothing of his ever left.
      expect(sawAddress(fake, ben)).toBe(false);
      expect(fake.contact(ben)).toBeUndefined();

      const guest = await kit.guestOf(s.siteId, ana);
      expect((await s.owner.del(`${s.api}/guest/${guest.id}`)).status).toBe(200);
      if (INTEGRATIONS[kind].erases) await expect.poll(() => fake.erased(ana), SOON).toBe(true);
      else expect((await kit.deliveriesOf(id)).filter((d) => d.action === 'erase')).toEqual([]);
    },
  );
});

async function integrationId(siteId: number, kind: IntegrationKind) {
  const rows = await kit.db().query.integrations.findMany();
  return rows.find((r) => r.siteId === siteId && r.kind === kind)!.id;
}
