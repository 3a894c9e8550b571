import { and, eq, inArray, like, sql } from 'drizzle-orm';
import type { Database } from './client.ts';
import { paymentAccounts, paymentPackages, paymentTransactions, sites } from './schema/index.ts';

/**
 * The paid Wi-Fi part of `npm run demo:data`: at the sites that sell access (Harbor Hotel and City Stadium
 * get the payment login), three or four packages (one a free trial) and months of purchases, renewals of
 * the recurring package, a few refunds and a couple of declined cards, so the money tiles, transactions and
 * payment accounts show something. Deterministic for a given day (a seeded generator, not random()) and
 * relative to today. A later run replaces what an earlier one wrote: its payment accounts are known by
 * their email domain (their transactions and refunds go with them), its packages by name once nothing else
 * was sold of them.
 */

const DEMO_DOMAIN = 'demo-guests.example';
/** The demo payment accounts' password (`demo-guest-7`), hashed as platform/passwords.ts hashes. */
const DEMO_PASSWORD_HASH = '$argon2id$v=19$m=19456,t=2,p=1$9Iq4KpUYuQhrYZ9vIUKdkQ$w1ZgE3geEp1iyyNLpzZKFtLdjAjZrRsODIdRZdER3yw';

interface DemoPackage {
  name: string;
  description: string;
  price: number;
  durationType: 'minutes' | 'hours' | 'days';
  durationVal: number;
  numDevices: number;
  speedDl: number;
  recurring?: boolean;
  isTrial?: boolean;
  /** How often guests choose it, against the others. */
  weight: number;
}

interface DemoShop {
  packages: DemoPackage[];
  /** Purchases on an ordinary day, by ISO weekday (Monday first). */
  perDay: [number, number, number, number, number, number, number];
  /** Local minutes of the day when guests buy: from, to. */
  hours: [number, number];
  /** Guests with a payment account. */
  guests: number;
}

const SHOPS: Record<string, DemoShop> = {
  'Harbor Hotel': {
    packages: [
      {
        name: 'Free 30 minutes',
        description: 'Try our Wi-Fi',
        price: 0,
        durationType: 'minutes',
        durationVal: 30,
        numDevices: 1,
        speedDl: 2048,
        isTrial: true,
        weight: 30,
      },
      {
        name: 'Day pass',
        description: 'Fast Wi-Fi for 24 hours, two devices',
        price: 499,
        durationType: 'days',
        durationVal: 1,
        numDevices: 2,
        speedDl: 20480,
        weight: 40,
      },
      {
        name: 'Week',
        description: 'Seven days, three devices',
        price: 1999,
        durationType: 'days',
        durationVal: 7,
        numDevices: 3,
        speedDl: 20480,
        weight: 18,
      },
      {
        name: 'Resident monthly',
        description: 'Renews every 30 days until you stop it',
        price: 2999,
        durationType: 'days',
        durationVal: 30,
        numDevices: 3,
        speedDl: 51200,
        recurring: true,
        weight: 6,
      },
    ],
    perDay: [6, 5, 6, 6, 8, 10, 8],
    hours: [7 * 60, 23 * 60],
    guests: 220,
  },
  'City Stadium': {
    packages: [
      {
        name: 'Free 15 minutes',
        description: 'A quick look',
        price: 0,
        durationType: 'minutes',
        durationVal: 15,
        numDevices: 1,
        speedDl: 1024,
        isTrial: true,
        weight: 35,
      },
      {
        name: 'Match day',
        description: 'Until midnight',
        price: 399,
        durationType: 'hours',
        durationVal: 12,
        numDevices: 1,
        speedDl: 10240,
        weight: 50,
      },
      {
        name: 'Season monthly',
        description: 'Every match this month; renews every 30 days',
        price: 999,
        durationType: 'days',
        durationVal: 30,
        numDevices: 2,
        speedDl: 10240,
        recurring: true,
        weight: 8,
      },
    ],
    perDay: [2, 2, 14, 2, 3, 30, 20],
    hours: [16 * 60, 22 * 60],
    guests: 400,
  },
};
const REFUND_REASONS = ['connectivity_issues', 'duplicate_transactions', 'no_longer_using'] as const;
const FIRST = ['Ana', 'Luis', 'Marta', 'Javier', 'Lucía', 'Pablo', 'Sofía', 'Emma', 'Noah', 'Olivia', 'Liam', 'Ava', 'Ethan', 'Zoe', 'Hugo', 'Irene', 'Mateo', 'Grace', 'Omar', 'Priya']; // prettier-ignore
const LAST = ['García', 'Martínez', 'López', 'Smith', 'Johnson', 'Brown', 'Jones', 'Miller', 'Davis', 'Wilson', 'Taylor', 'Clark', 'Patel', 'Silva', 'Rossi']; // prettier-ignore

/** A small seeded generator (mulberry32): the same numbers for the same site on every run. */
function seeded(text: string) {
  let a = [...text].reduce((h, c) => (Math.imul(h ^ c.charCodeAt(0), 16_777_619) >>> 0) as number, 2_166_136_261);
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const MINUTES = { minutes: 1, hours: 60, days: 1440 } as const;
const ascii = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[^\x20-\x7e]/g, '')
    .toLowerCase();

interface Sale {
  n: number;
  /** Days before today (the site's local day), and the local minute of that day. */
  k: number;
  minute: number;
  pkg: number;
  guest: number;
  kind: 'purchase' | 'renewal' | 'trial';
  status: 'succeeded' | 'failed';
  /** Refunded some days later (a part or all of it). */
  refund?: { amount: number; after_minutes: number; reason: (typeof REFUND_REASONS)[number] };
}

/** What guests bought over `days` days: purchases by weekday, renewals of the recurring package, refunds, declines. */
function salesOf(shop: DemoShop, siteName: string, days: number): Sale[] {
  const next = seeded(siteName);
  const total = shop.packages.reduce((n, p) => n + p.weight, 0);
  const pick = () => {
    let r = next() * total;
    return Math.max(
      0,
      shop.packages.findIndex((p) => (r -= p.weight) < 0),
    );
  };
  const today = new Date();
  const sales: Sale[] = [];
  const add = (sale: Omit<Sale, 'n'>) => sales.push({ ...sale, n: sales.length });
  for (let k = days; k >= 0; k--) {
    const weekday = (new Date(today.getTime() - k * 86_400_000).getUTCDay() + 6) % 7;
    // Busier towards today, a little different every day.
    const count = Math.round(shop.perDay[weekday]! * (0.75 + (0.25 * (days - k)) / days) * (0.8 + next() * 0.4));
    for (let i = 0; i < count; i++) {
      const pkg = pick();
      const plan = shop.packages[pkg]!;
      const guest = Math.floor(next() ** 1.6 * shop.guests);
      const minute = shop.hours[0] + Math.floor(next() * (shop.hours[1] - shop.hours[0]));
      const declined = !plan.isTrial && next() < 0.012;
      const refunded = !plan.isTrial && !declined && next() < 0.025;
      add({
        k,
        minute,
        pkg,
        guest,
        kind: plan.isTrial ? 'trial' : 'purchase',
        status: declined ? 'failed' : 'succeeded',
        ...(refunded && {
          refund: {
            amount: next() < 0.6 ? plan.price : Math.round(plan.price / 2),
            after_minutes: 30 + Math.floor(next() * 3 * 1440),
            reason: REFUND_REASONS[Math.floor(next() * REFUND_REASONS.length)]!,
          },
        }),
      });
      // A recurring package renews every period while the guest keeps it (most do).
      if (plan.recurring && !declined && !refunded)
        for (let r = k - plan.durationVal; r >= 0 && next() < 0.85; r -= plan.durationVal)
          add({ k: r, minute, pkg, guest, kind: 'renewal', status: next() < 0.03 ? 'failed' : 'succeeded' });
    }
  }
  return sales;
}

/** What an earlier run wrote at the site: its accounts (their transactions, refunds and devices), then its packages. */
async function clearDemoPayments(db: Database, siteId: number, names: string[]) {
  const accounts = db
    .select({ id: paymentAccounts.id })
    .from(paymentAccounts)
    .where(and(eq(paymentAccounts.siteId, siteId), like(paymentAccounts.email, `%@${DEMO_DOMAIN}`)));
  await db.delete(paymentTransactions).where(inArray(paymentTransactions.paymentAccountId, accounts));
  await db
    .delete(paymentAccounts)
    .where(and(eq(paymentAccounts.siteId, siteId), like(paymentAccounts.email, `%@${DEMO_DOMAIN}`)));
  await db.execute(sql`delete from payment_packages p where p.site_id = ${siteId} and p.name = any(${`{${names.map((n) => `"${n}"`).join(',')}}`}::text[])
    and not exists (select 1 from payment_transactions t where t.package_id = p.id)`);
}

export interface DemoPaymentsSummary {
  packages: number;
  transactions: number;
  refunds: number;
}

/** The site's packages and sales, when it is one of the demo shops; null for the others. */
export async function fillDemoPayments(
  db: Database,
  site: typeof sites.$inferSelect,
  days: number,
): Promise<DemoPaymentsSummary | null> {
  const shop = SHOPS[site.name];
  if (!shop) return null;
  await clearDemoPayments(
    db,
    site.id,
    shop.packages.map((p) => p.name),
  );
  if (!site.authMethods.includes('payment'))
    await db
      .update(sites)
      .set({ authMethods: [...site.authMethods, 'payment'] })
      .where(eq(sites.id, site.id));

  const packages = await db
    .insert(paymentPackages)
    .values(
      shop.packages.map((p, i) => ({
        accountId: site.accountId,
        siteId: site.id,
        name: p.name,
        description: p.description,
        price: p.price,
        currency: site.currency,
        durationType: p.durationType,
        durationVal: p.durationVal,
        numDevices: p.numDevices,
        speedDl: p.speedDl,
        speedUl: Math.round(p.speedDl / 4),
        isTrial: Boolean(p.isTrial),
        recurring: Boolean(p.recurring),
        displayOrder: i + 1,
        createdAt: new Date(Date.now() - (days + 1) * 86_400_000),
      })),
    )
    .returning();

  const tag = (site.id % 256).toString(16).padStart(2, '0');
  const guests = await db
    .insert(paymentAccounts)
    .values(
      Array.from({ length: shop.guests }, (_, n) => {
        const first = FIRST[n % FIRST.length]!;
        const last = LAST[Math.floor(n / FIRST.length) % LAST.length]!;
        return {
          accountId: site.accountId,
          siteId: site.id,
          email: `${ascii(first)}.${ascii(last)}${n}@${DEMO_DOMAIN}`,
          passwordHash: DEMO_PASSWORD_HASH,
          firstName: first,
          lastName: last,
          phone: `+3460${String(site.id * 10_000 + n).padStart(7, '0')}`,
          createdAt: new Date(Date.now() - (days + 1) * 86_400_000),
        };
      }),
    )
    .returning({ id: paymentAccounts.id });
  const macOf = (n: number) =>
    `02:d9:${tag}:${[n >> 16, n >> 8, n].map((b) => (b & 255).toString(16).padStart(2, '0')).join(':')}`;

  const sales = salesOf(shop, site.name, days).map((s) => {
    const p = packages[s.pkg]!;
    return {
      n: s.n,
      k: s.k,
      minute: s.minute,
      package_id: p.id,
      package_name: p.name,
      terms: {
        duration_type: p.durationType,
        duration_val: p.durationVal,
        bytes_t: p.bytesT,
        bytes_type: p.bytesType,
        speed_ul: p.speedUl,
        speed_dl: p.speedDl,
        num_devices: p.numDevices,
      },
      minutes: p.durationVal * MINUTES[p.durationType as keyof typeof MINUTES],
      account: guests[s.guest]!.id,
      mac: macOf(s.guest),
      kind: s.kind,
      status: s.status,
      amount: s.kind === 'trial' ? 0 : p.price,
      num_devices: p.numDevices,
      intent: s.kind === 'trial' ? null : `pi_demo_${site.id}_${s.n}`,
      failure: s.status === 'failed' ? 'Your card was declined.' : '',
      refund: s.refund ?? null,
    };
  });

  // Each sale at its local time (the site's time zone), none in the future.
  const made = (await db.execute(sql`
    insert into payment_transactions (account_id, site_id, payment_account_id, package_id, package_name, terms, kind, status,
      amount, currency, stripe_payment_intent_id, mac, num_devices, endtime, failure_message, created_at, paid_at)
    select ${site.accountId}, ${site.id}, r.account, r.package_id, r.package_name, r.terms, r.kind, r.status,
      r.amount, ${site.currency}, r.intent, r.mac, r.num_devices,
      case when r.status = 'succeeded' then at + make_interval(mins => r.minutes) end, r.failure,
      at - interval '2 minutes', case when r.status = 'succeeded' then at end
    from jsonb_to_recordset(${JSON.stringify(sales)}::jsonb) as r(k int, minute int, account int, package_id int, package_name text,
      terms jsonb, kind text, status text, amount int, intent text, mac text, num_devices int, minutes int, failure text)
    cross join lateral (select (date_trunc('day', now() at time zone ${site.timezone}) - r.k * interval '1 day'
      + r.minute * interval '1 minute') at time zone ${site.timezone} as at) t
    where t.at <= now()
    returning id, stripe_payment_intent_id as intent, paid_at`)) as unknown as {
    rows: { id: number | string; intent: string | null; paid_at: Date | string | null }[];
  };

  const byIntent = new Map(made.rows.filter((r) => r.intent).map((r) => [r.intent!, r]));
  const refunds = sales.flatMap((s) => {
    const row = s.intent && s.refund ? byIntent.get(s.intent) : undefined;
    return row?.paid_at && s.refund ? [{ transaction: Number(row.id), ...s.refund, n: s.n }] : [];
  });
  if (refunds.length)
    await db.execute(sql`
      with made as (
        insert into payment_refunds (account_id, site_id, transaction_id, amount, currency, reason, comments, stripe_refund_id, status, created_at)
        select ${site.accountId}, ${site.id}, t.id, r.amount, t.currency, r.reason, 'Demo data', 're_demo_' || ${site.id} || '_' || r.n,
          'succeeded', least(t.paid_at + make_interval(mins => r.after_minutes), now())
        from jsonb_to_recordset(${JSON.stringify(refunds)}::jsonb) as r(transaction int, amount int, after_minutes int, reason text, n int)
        join payment_transactions t on t.id = r.transaction
        returning transaction_id, amount
      )
      update payment_transactions t set refunded = made.amount from made where t.id = made.transaction_id`);

  // Each guest's package is the last one they paid for; recurring ones renew while they have not ended.
  const ids = `{${guests.map((g) => g.id).join(',')}}`;
  await db.execute(sql`
    update payment_accounts a set package_id = l.package_id, terms = l.terms, starts_at = l.paid_at, expires_at = l.endtime,
      recurring = p.recurring and l.endtime > now(), next_payment_on = case when p.recurring and l.endtime > now() then l.endtime end,
      created_at = f.first_at
    from (select distinct on (payment_account_id) payment_account_id, package_id, terms, paid_at, endtime from payment_transactions
          where payment_account_id = any(${ids}::int[]) and status = 'succeeded' order by payment_account_id, paid_at desc) l
    join payment_packages p on p.id = l.package_id
    join (select payment_account_id, min(created_at) as first_at from payment_transactions
          where payment_account_id = any(${ids}::int[]) group by 1) f on f.payment_account_id = l.payment_account_id
    where a.id = l.payment_account_id`);
  await db.execute(sql`delete from payment_accounts a where a.id = any(${ids}::int[])
    and not exists (select 1 from payment_transactions t where t.payment_account_id = a.id)`);
  await db.execute(sql`
    insert into payment_account_devices (site_id, payment_account_id, mac, source, bound_at, last_login_at)
    select distinct on (t.payment_account_id) ${site.id}, t.payment_account_id, t.mac, 'login', a.created_at, a.starts_at
    from payment_transactions t join payment_accounts a on a.id = t.payment_account_id
    where t.payment_account_id = any(${ids}::int[]) and t.status = 'succeeded' and t.mac is not null
    order by t.payment_account_id
    on conflict (site_id, mac) do nothing`);
  return { packages: packages.length, transactions: made.rows.length, refunds: refunds.length };
}
