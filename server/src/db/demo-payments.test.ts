import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { dashboardCallUrl } from '@splashboard/contract';
import { paymentPackages, sites, users } from './schema/index.ts';
import { seedDemo } from './seed.ts';
import { fillDemoData } from './demo-data.ts';
import { hashPassword } from '../platform/passwords.ts';
import { startServer, type TestClient, type TestServer } from '../../test/harness.ts';

/**
 * `npm run demo:data`, paid Wi-Fi: two of the demo sites sell access, and the money tiles agree with the
 * reconciliation query of README.md ("Paid Wi-Fi").
 */
let server: TestServer;
let demo: TestClient;
let shops: { id: number; name: string; currency: string; timezone: string }[];
const credentials = { email: 'demo-payments@example.test', password: 'demo-data-pass' };

/** README.md's reconciliation query, for the local days from..to, limited to the given sites. */
const reconciliation = (from: string, to: string, siteIds: number[]) => `
select currency, sum(amount)::bigint as collected
from (
  select t.currency, t.amount, (t.paid_at at time zone s.timezone)::date as day
  from payment_transactions t join sites s on s.id = t.site_id
  where t.status = 'succeeded' and s.id in (${siteIds.join(',')})
  union all
  select r.currency, -r.amount, (r.created_at at time zone s.timezone)::date
  from payment_refunds r join sites s on s.id = r.site_id
  where r.status = 'succeeded' and s.id in (${siteIds.join(',')})
) money
where day between date '${from}' and date '${to}'
group by currency order by currency`;

const count = async (query: string) => Number((await server.handle.executeSql(query)).rows[0]!.n);

beforeAll(async () => {
  server = await startServer({}, { console: { write: () => {} } });
  await seedDemo(server.handle.db, credentials, hashPassword);
  await fillDemoData(server.handle.db, credentials, { days: 120 });
  demo = server.client();
  expect((await demo.post('/login', credentials)).status).toBe(200);
  const [user] = await server.handle.db.select().from(users).where(eq(users.email, credentials.email));
  const all = await server.handle.db.select().from(sites).where(eq(sites.accountId, user!.accountId)).orderBy(sites.id);
  shops = all.filter((s) => s.authMethods.includes('payment'));
}, 300_000);
afterAll(() => server?.close());

describe('demo data: paid Wi-Fi', () => {
  it('gives two sites the payment login, packages with a trial, and four months of sales, renewals, refunds and declines', async () => {
    expect(shops.map((s) => s.name)).toEqual(['Harbor Hotel', 'City Stadium']);
    for (const shop of shops) {
      const list = (await demo.get(`/s/${shop.id}/api/v1/paymentloginconfig/packages`)).body.packages as {
        is_trial: boolean;
        recurring: boolean;
        currency: string;
        transactions_count: number;
      }[];
      expect(list.length).toBeGreaterThanOrEqual(3);
      expect(list.filter((p) => p.is_trial)).toHaveLength(1);
      expect(list.filter((p) => p.recurring)).toHaveLength(1);
      expect(list.every((p) => p.currency === shop.currency && p.transactions_count > 0)).toBe(true);
      const of = `from payment_transactions where site_id = ${shop.id}`;
      expect(await count(`select count(*) as n ${of} and kind = 'renewal' and status = 'succeeded'`)).toBeGreaterThan(0);
      expect(await count(`select count(*) as n ${of} and status = 'failed'`)).toBeGreaterThan(0);
      expect(await count(`select count(*) as n from payment_refunds where site_id = ${shop.id}`)).toBeGreaterThan(0);
      expect(await count(`select count(*) as n ${of} and paid_at < now() - interval '100 days'`)).toBeGreaterThan(0);
      expect(await count(`select count(*) as n ${of} and (paid_at > now() or created_at > now())`)).toBe(0);
      expect(await count(`select count(*) as n ${of} and refunded > amount`)).toBe(0);
    }
  });

  it('shows money in the tiles equal to the reconciliation query, per site and per currency in the control panel', async () => {
    const tile = async (siteId: number) => {
      const res = await demo.get(dashboardCallUrl(siteId, 'payments_collected'));
      expect(res.status).toBe(200);
      return res.body as { period: { from: string; to: string }; amounts: { currency: string; value: number }[] };
    };
    for (const shop of shops) {
      const answer = await tile(shop.id);
      const sums = (await server.handle.executeSql(reconciliation(answer.period.from, answer.period.to, [shop.id]))).rows;
      expect(answer.amounts).toEqual([
        {
          currency: shop.currency,
          value: Number(sums[0]!.collected),
          previous: expect.any(Number),
          change: expect.any(Number),
          change_pct: expect.anything(),
        },
      ]);
      expect(answer.amounts[0]!.value).toBeGreaterThan(0);
    }
    // The control panel counts each site's own local days; its dates are UTC's today, as the query's here.
    const all = await tile(0);
    const sums = (
      await server.handle.executeSql(
        reconciliation(
          all.period.from,
          all.period.to,
          shops.map((s) => s.id),
        ),
      )
    ).rows;
    const byCurrency = Object.fromEntries(sums.map((r) => [String(r.currency), Number(r.collected)]));
    for (const a of all.amounts) expect(a.value, a.currency).toBe(byCurrency[a.currency] ?? 0);
    expect(all.amounts.map((a) => a.currency)).toEqual(['EUR', 'GBP', 'USD']);
    const latest = await demo.get(dashboardCallUrl(0, 'latest_transactions'));
    expect(latest.body.items).toHaveLength(5);
    const popular = await demo.get(dashboardCallUrl(0, 'popular_packages'));
    expect(popular.body.items).toHaveLength(5);
  });

  it('replaces its own packages and sales on a second run, and leaves the operator’s alone', async () => {
    const hotel = shops[0]!;
    const own = await demo.post(`/s/${hotel.id}/api/v1/paymentloginconfig/packages`, {
      name: 'Conference day',
      price: 1500,
      duration_type: 'days',
      duration_val: 1,
    });
    expect(own.status).toBe(200);
    const before = await count(`select count(*) as n from payment_transactions where site_id = ${hotel.id}`);
    await fillDemoData(server.handle.db, credentials, { days: 120 });
    const after = await count(`select count(*) as n from payment_transactions where site_id = ${hotel.id}`);
    // The same sales (a sale's minute may have come while it ran).
    expect(Math.abs(after - before)).toBeLessThanOrEqual(2);
    const names = (await server.handle.db.select().from(paymentPackages).where(eq(paymentPackages.siteId, hotel.id))).map(
      (p) => p.name,
    );
    expect(names.sort()).toEqual(['Conference day', 'Day pass', 'Free 30 minutes', 'Resident monthly', 'Week']);
    expect(
      await count(
        `select count(*) as n from payment_accounts where site_id = ${hotel.id} and email not like '%@demo-guests.example'`,
      ),
    ).toBe(0);
  }, 300_000);
});
