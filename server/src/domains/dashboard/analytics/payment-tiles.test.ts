import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { dashboardCallUrl, type DashboardTileKey } from '@splashboard/contract';
import { sites } from '../../../db/schema/index.ts';
import { createSite, registerAccount, startServer, type TestClient, type TestServer } from '../../../../test/harness.ts';

/**
 * The money tiles against figures worked out by hand from the ledger written below (through the ledger
 * repo, as the checkout and refunds write it): site A (New York, USD) and site B (Madrid, EUR), 1–7 March
 * 2025 against 22–28 February.
 *
 * A: Day pass 4.99 (one-off), Monthly 19.99 (recurring), Free hour (trial).
 *   a1 purchase Day    4.99  paid 1 Mar 12:00     (Ana López)
 *   a2 purchase Monthly 19.99 paid 7 Mar 23:30     (8 Mar in UTC: still the 7th in New York)
 *   a3 purchase Day    4.99  paid 8 Mar 00:30     (out of the period)
 *   a4 renewal Monthly 19.99 paid 28 Feb 20:00     (1 Mar in UTC: the previous period in New York)
 *   a5 purchase Day    4.99  failed 5 Mar          (a declined card: no money)
 *   a6 trial   Free hour 0   paid 3 Mar            (not a payment, but a use of the package)
 *   a7 purchase Day    4.99  pending 4 Mar         (unfinished: nowhere)
 *   a8 purchase Day    4.99  paid 4 Mar
 *   refunds: 5.00 of a4 made 2 Mar (succeeded: out of the period's money, and of the recurring revenue);
 *            2.00 of a1 made 3 Mar, still pending (nothing yet)
 * B: Week 15.00.
 *   b1 purchase 15.00 paid 1 Mar 00:30 Madrid (28 Feb in UTC)
 *   b2 purchase 15.00 paid 28 Feb 23:30 Madrid (the previous period)
 *   refund: 15.00 of b1 made 8 Mar 00:10 Madrid (after the period)
 */
let server: TestServer;
let owner: TestClient;
let A: number;
let B: number;
let accountId: number;
const march = { fromdate: '01/03/2025', todate: '07/03/2025' };
const pkg: Record<string, number> = {};
const tx: Record<string, number> = {};

const at = (iso: string, zone: string) => {
  // Wall-clock time of a zone as an instant (the offsets of these dates: New York -5, Madrid +1).
  const offset = { 'America/New_York': '-05:00', 'Europe/Madrid': '+01:00' }[zone]!;
  return new Date(`${iso}${offset}`);
};

beforeAll(async () => {
  server = await startServer({}, { console: { write: () => {} } });
  ({ client: owner } = await registerAccount(server, { plan_type: 'provider' }));
  A = (await createSite(owner, { name: 'Nueva York', timezone: 'America/New_York', currency: 'USD', auth_methods: ['payment'] }))
    .id;
  B = (await createSite(owner, { name: 'Madrid', timezone: 'Europe/Madrid', currency: 'EUR', auth_methods: ['payment'] })).id;
  accountId = (await server.handle.db.select().from(sites).where(eq(sites.id, A)))[0]!.accountId;
  const create = async (siteId: number, name: string, body: Record<string, unknown>) => {
    const res = await owner.post(`/s/${siteId}/api/v1/paymentloginconfig/packages`, {
      name,
      duration_type: 'days',
      duration_val: 1,
      ...body,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    pkg[name] = res.body.id;
  };
  await create(A, 'Day pass', { price: 499 });
  await create(A, 'Monthly', { price: 1999, recurring: true, duration_val: 30 });
  await create(A, 'Free hour', { price: 0, is_trial: true, duration_type: 'hours' });
  await create(B, 'Week', { price: 1500, duration_val: 7 });

  const { ledger } = server.built.ctx.payments;
  const ana = await ledger.insertAccount({
    accountId,
    siteId: A,
    email: 'ana@example.com',
    passwordHash: 'x',
    firstName: 'Ana',
    lastName: 'López',
  });
  const leo = await ledger.insertAccount({ accountId, siteId: A, email: 'leo@example.com', passwordHash: 'x' });
  const terms = {
    duration_type: 'days',
    duration_val: 1,
    bytes_t: 0,
    bytes_type: 'MB',
    speed_ul: 0,
    speed_dl: 0,
    num_devices: 1,
  } as const;
  const write = async (
    key: string,
    siteId: number,
    name: string,
    kind: string,
    status: string,
    amount: number,
    when: Date,
    account: number | null,
  ) => {
    const row = await ledger.insertTransaction({
      accountId,
      siteId,
      paymentAccountId: account,
      packageId: pkg[name]!,
      packageName: name,
      terms,
      kind,
      status,
      amount,
      currency: siteId === A ? 'USD' : 'EUR',
      numDevices: 1,
      mac: account ? null : '02:00:00:00:00:a6',
      createdAt: new Date(when.getTime() - 5 * 60_000),
      paidAt: status === 'succeeded' ? when : null,
    });
    tx[key] = row.id;
  };
  const ny = (iso: string) => at(iso, 'America/New_York');
  const mad = (iso: string) => at(iso, 'Europe/Madrid');
  await write('a1', A, 'Day pass', 'purchase', 'succeeded', 499, ny('2025-03-01T12:00:00'), ana.id);
  await write('a2', A, 'Monthly', 'purchase', 'succeeded', 1999, ny('2025-03-07T23:30:00'), leo.id);
  await write('a3', A, 'Day pass', 'purchase', 'succeeded', 499, ny('2025-03-08T00:30:00'), ana.id);
  await write('a4', A, 'Monthly', 'renewal', 'succeeded', 1999, ny('2025-02-28T20:00:00'), leo.id);
  await write('a5', A, 'Day pass', 'purchase', 'failed', 499, ny('2025-03-05T10:00:00'), leo.id);
  await write('a6', A, 'Free hour', 'trial', 'succeeded', 0, ny('2025-03-03T09:00:00'), null);
  await write('a7', A, 'Day pass', 'purchase', 'pending', 499, ny('2025-03-04T08:00:00'), ana.id);
  await write('a8', A, 'Day pass', 'purchase', 'succeeded', 499, ny('2025-03-04T18:00:00'), ana.id);
  await write('b1', B, 'Week', 'purchase', 'succeeded', 1500, mad('2025-03-01T00:30:00'), null);
  await write('b2', B, 'Week', 'purchase', 'succeeded', 1500, mad('2025-02-28T23:30:00'), null);
  const refund = (siteId: number, key: string, amount: number, status: string, when: Date) =>
    ledger.insertRefund({
      accountId,
      siteId,
      transactionId: tx[key]!,
      amount,
      currency: siteId === A ? 'USD' : 'EUR',
      reason: 'connectivity_issues',
      status,
      createdAt: when,
    });
  await refund(A, 'a4', 500, 'succeeded', ny('2025-03-02T12:00:00'));
  await refund(A, 'a1', 200, 'pending', ny('2025-03-03T12:00:00'));
  await refund(B, 'b1', 1500, 'succeeded', mad('2025-03-08T00:10:00'));
});
afterAll(() => server?.close());

const CP = 0;
async function tile(siteId: number, key: DashboardTileKey) {
  const res = await owner.get(dashboardCallUrl(siteId, key, march));
  expect(res.status, `${key} at ${siteId}: ${JSON.stringify(res.body)}`).toBe(200);
  return res.body;
}
const period = (timezone: string | null) => ({
  from: '2025-03-01',
  to: '2025-03-07',
  previous_from: '2025-02-22',
  previous_to: '2025-02-28',
  timezone,
});

describe('money of the period', () => {
  it('payments collected: succeeded payments of the local days, minus the refunds made on them', async () => {
    // A: a1 + a2 + a8 - 5.00 refunded of a4 = 4.99 + 19.99 + 4.99 - 5.00; before: a4.
    expect(await tile(A, 'payments_collected')).toEqual({
      period: period('America/New_York'),
      amounts: [{ currency: 'USD', value: 2497, previous: 1999, change: 498, change_pct: 24.9 }],
    });
    // B: b1 (its refund is on 8 Mar); before: b2.
    expect((await tile(B, 'payments_collected')).amounts).toEqual([
      { currency: 'EUR', value: 1500, previous: 1500, change: 0, change_pct: 0 },
    ]);
    // Control panel: per currency, each site in its own time zone.
    expect(await tile(CP, 'payments_collected')).toEqual({
      period: period(null),
      amounts: [
        { currency: 'EUR', value: 1500, previous: 1500, change: 0, change_pct: 0 },
        { currency: 'USD', value: 2497, previous: 1999, change: 498, change_pct: 24.9 },
      ],
    });
  });

  it('recurring revenue: renewals and purchases of recurring packages, their refunds deducted', async () => {
    // A: a2 (Monthly bought) - 5.00 refunded of the renewal a4; before: a4.
    expect((await tile(A, 'recurring_revenue')).amounts).toEqual([
      { currency: 'USD', value: 1499, previous: 1999, change: -500, change_pct: -25 },
    ]);
    expect((await tile(CP, 'recurring_revenue')).amounts).toEqual([
      { currency: 'EUR', value: 0, previous: 0, change: 0, change_pct: null },
      { currency: 'USD', value: 1499, previous: 1999, change: -500, change_pct: -25 },
    ]);
  });

  it('daily transactions: paid purchases and renewals per local day, with their amounts per currency', async () => {
    const days = (await tile(A, 'daily_transactions')).days as { date: string; transactions: number; amounts: unknown[] }[];
    expect(days.map((d) => d.date)).toEqual([
      '2025-03-01',
      '2025-03-02',
      '2025-03-03',
      '2025-03-04',
      '2025-03-05',
      '2025-03-06',
      '2025-03-07',
    ]);
    expect(days.map((d) => d.transactions)).toEqual([1, 0, 0, 1, 0, 0, 1]);
    expect(days[0]!.amounts).toEqual([{ currency: 'USD', amount: 499 }]);
    expect(days[6]!.amounts).toEqual([{ currency: 'USD', amount: 1999 }]);
    const all = (await tile(CP, 'daily_transactions')).days as typeof days;
    expect(all[0]).toEqual({
      date: '2025-03-01',
      transactions: 2,
      amounts: [
        { currency: 'EUR', amount: 1500 },
        { currency: 'USD', amount: 499 },
      ],
    });
  });
});

describe('lists', () => {
  it('latest transactions: the last five that succeeded or failed, newest first, with the guest', async () => {
    const a = await tile(A, 'latest_transactions');
    expect(a.period).toEqual(period('America/New_York'));
    expect(a.items.map((i: { id: number }) => i.id)).toEqual([tx.a2, tx.a5, tx.a8, tx.a6, tx.a1]);
    expect(a.items[0]).toEqual({
      id: tx.a2,
      site_id: A,
      site_name: 'Nueva York',
      package_name: 'Monthly',
      guest: 'leo@example.com',
      amount: 1999,
      currency: 'USD',
      status: 'succeeded',
      created_at: '2025-03-08T04:25:00.000Z',
    });
    expect(a.items.map((i: { guest: string; status: string }) => [i.guest, i.status])).toEqual([
      ['leo@example.com', 'succeeded'],
      ['leo@example.com', 'failed'],
      ['Ana López', 'succeeded'],
      ['02:00:00:00:00:a6', 'succeeded'],
      ['Ana López', 'succeeded'],
    ]);
    // The control panel: both sites, still five (b1, the oldest, is left out).
    expect((await tile(CP, 'latest_transactions')).items.map((i: { id: number }) => i.id)).toEqual([
      tx.a2,
      tx.a5,
      tx.a8,
      tx.a6,
      tx.a1,
    ]);
    expect((await tile(B, 'latest_transactions')).items.map((i: { id: number }) => i.id)).toEqual([tx.b1]);
  });

  it('popular packages: the most bought in the period (trials included), with what they brought', async () => {
    expect(await tile(A, 'popular_packages')).toEqual({
      period: period('America/New_York'),
      items: [
        { package_id: pkg['Day pass'], site_id: A, name: 'Day pass', transactions: 2, amount: 998, currency: 'USD' },
        { package_id: pkg.Monthly, site_id: A, name: 'Monthly', transactions: 1, amount: 1999, currency: 'USD' },
        { package_id: pkg['Free hour'], site_id: A, name: 'Free hour', transactions: 1, amount: 0, currency: 'USD' },
      ],
    });
    // A package renamed since is shown by its name now.
    await owner.put(`/s/${B}/api/v1/paymentloginconfig/package/${pkg.Week}`, { name: 'Semana' });
    const all = await tile(CP, 'popular_packages');
    expect(all.items.map((i: { name: string; transactions: number }) => [i.name, i.transactions])).toEqual([
      ['Day pass', 2],
      ['Monthly', 1],
      ['Semana', 1],
      ['Free hour', 1],
    ]);
  });
});
