import { and, asc, count, desc, eq, gte, ilike, inArray, isNotNull, isNull, lte, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Database, Executor } from '../../../db/client.ts';
import { paymentAccountDevices, paymentAccounts, paymentPackages, paymentTransactions } from '../../../db/schema/index.ts';
import type { PaymentAccountRow } from '../ledger.repo.ts';

export interface AccountFilters {
  search: string;
  /** ISO days (YYYY-MM-DD) in the site's time zone, both included. */
  fromdate: string | null;
  todate: string | null;
}

const startOfDay = (day: string, timeZone: string) => sql`(${day}::date::timestamp at time zone ${timeZone})`;
const startOfNextDay = (day: string, timeZone: string) => sql`((${day}::date + 1)::timestamp at time zone ${timeZone})`;

/** `column` within the days of `f` in the site's time zone (as the guests list bounds its days). */
export function withinDays(
  column: typeof paymentAccounts.createdAt,
  f: Pick<AccountFilters, 'fromdate' | 'todate'>,
  timeZone: string,
) {
  return and(
    f.fromdate ? sql`${column} >= ${startOfDay(f.fromdate, timeZone)}` : undefined,
    f.todate ? sql`${column} < ${startOfNextDay(f.todate, timeZone)}` : undefined,
  );
}

/** `%text%` with LIKE's own characters taken literally. */
export const containing = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function accountMatches(search: string): SQL | undefined {
  if (!search) return undefined;
  const like = containing(search);
  return or(
    ilike(paymentAccounts.email, like),
    ilike(paymentAccounts.phone, like),
    ilike(sql`${paymentAccounts.firstName} || ' ' || ${paymentAccounts.lastName}`, like),
  );
}

/** What the dashboard's payment accounts read: the list, an account's money, the renewal and reminder jobs' picks. */
export function createPaymentAccountsRepo(db: Database) {
  return {
    async page(siteId: number, timeZone: string, q: AccountFilters & { page: number; per_page: number }) {
      const where = and(
        eq(paymentAccounts.siteId, siteId),
        withinDays(paymentAccounts.createdAt, q, timeZone),
        accountMatches(q.search),
      );
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(paymentAccounts)
          .where(where)
          .orderBy(desc(paymentAccounts.createdAt), desc(paymentAccounts.id))
          .limit(q.per_page)
          .offset((q.page - 1) * q.per_page),
        db.select({ n: count() }).from(paymentAccounts).where(where),
      ]);
      return { rows, total: total?.n ?? 0 };
    },

    /** Devices bound to each account. */
    async deviceCounts(ids: number[]): Promise<Map<number, number>> {
      if (!ids.length) return new Map();
      const rows = await db
        .select({ id: paymentAccountDevices.paymentAccountId, n: count() })
        .from(paymentAccountDevices)
        .where(inArray(paymentAccountDevices.paymentAccountId, ids))
        .groupBy(paymentAccountDevices.paymentAccountId);
      return new Map(rows.map((r) => [r.id, r.n]));
    },

    /** What each account paid, refunds deducted (succeeded transactions only). */
    async totalsPaid(ids: number[]): Promise<Map<number, number>> {
      if (!ids.length) return new Map();
      const rows = await db
        .select({
          id: paymentTransactions.paymentAccountId,
          paid: sql<string>`coalesce(sum(${paymentTransactions.amount} - ${paymentTransactions.refunded}), 0)`,
        })
        .from(paymentTransactions)
        .where(and(inArray(paymentTransactions.paymentAccountId, ids), eq(paymentTransactions.status, 'succeeded')))
        .groupBy(paymentTransactions.paymentAccountId);
      return new Map(rows.map((r) => [r.id!, Number(r.paid)]));
    },

    async packageNames(ids: number[]): Promise<Map<number, { name: string; recurring: boolean; price: number }>> {
      if (!ids.length) return new Map();
      const rows = await db
        .select({
          id: paymentPackages.id,
          name: paymentPackages.name,
          recurring: paymentPackages.recurring,
          price: paymentPackages.price,
        })
        .from(paymentPackages)
        .where(inArray(paymentPackages.id, ids));
      return new Map(rows.map((r) => [r.id, r]));
    },

    async packageById(id: number) {
      const [row] = await db.select().from(paymentPackages).where(eq(paymentPackages.id, id));
      return row;
    },

    /** The account's transactions, newest first. */
    async transactionsOf(paymentAccountId: number, limit: number) {
      return db
        .select()
        .from(paymentTransactions)
        .where(eq(paymentTransactions.paymentAccountId, paymentAccountId))
        .orderBy(desc(paymentTransactions.createdAt), desc(paymentTransactions.id))
        .limit(limit);
    },

    /** The latest paid purchase or renewal of an account (what a renewal charges again). */
    async lastPaid(paymentAccountId: number, tx: Executor = db) {
      const [row] = await tx
        .select()
        .from(paymentTransactions)
        .where(
          and(
            eq(paymentTransactions.paymentAccountId, paymentAccountId),
            eq(paymentTransactions.status, 'succeeded'),
            ne(paymentTransactions.kind, 'trial'),
          ),
        )
        .orderBy(desc(paymentTransactions.paidAt), desc(paymentTransactions.id))
        .limit(1);
      return row;
    },

    /** Whether a renewal was already tried for the account since `since` (one try per account and day). */
    async renewalTriedSince(paymentAccountId: number, since: Date, tx: Executor = db): Promise<boolean> {
      const [row] = await tx
        .select({ n: count() })
        .from(paymentTransactions)
        .where(
          and(
            eq(paymentTransactions.paymentAccountId, paymentAccountId),
            eq(paymentTransactions.kind, 'renewal'),
            gte(paymentTransactions.createdAt, since),
          ),
        );
      return (row?.n ?? 0) > 0;
    },

    /** Recurring accounts whose next payment is due, with a saved card. */
    async dueForRenewal(now: Date, limit: number): Promise<PaymentAccountRow[]> {
      return db
        .select()
        .from(paymentAccounts)
        .where(
          and(
            eq(paymentAccounts.recurring, true),
            lte(paymentAccounts.nextPaymentOn, now),
            isNotNull(paymentAccounts.stripeCustomerId),
            isNotNull(paymentAccounts.stripePaymentMethodId),
          ),
        )
        .orderBy(asc(paymentAccounts.nextPaymentOn))
        .limit(limit);
    },

    /** Accounts whose package ends within (from, to] and who were not reminded of that end yet. */
    async expiringUnreminded(from: Date, to: Date, limit: number): Promise<PaymentAccountRow[]> {
      return db
        .select()
        .from(paymentAccounts)
        .where(
          and(
            sql`${paymentAccounts.expiresAt} > ${from}`,
            lte(paymentAccounts.expiresAt, to),
            // A recurring account is charged instead of reminded.
            eq(paymentAccounts.recurring, false),
            or(isNull(paymentAccounts.expiryRemindedFor), ne(paymentAccounts.expiryRemindedFor, paymentAccounts.expiresAt)),
          ),
        )
        .orderBy(asc(paymentAccounts.expiresAt))
        .limit(limit);
    },

    /** Marks the reminder of this expiry sent; false when another run did it first. */
    async claimReminder(id: number, expiresAt: Date): Promise<boolean> {
      const done = await db
        .update(paymentAccounts)
        .set({ expiryRemindedFor: expiresAt })
        .where(
          and(
            eq(paymentAccounts.id, id),
            eq(paymentAccounts.expiresAt, expiresAt),
            or(isNull(paymentAccounts.expiryRemindedFor), ne(paymentAccounts.expiryRemindedFor, expiresAt)),
          ),
        )
        .returning({ id: paymentAccounts.id });
      return done.length > 0;
    },

    /** A site's accounts whose package runs at `now` (started, not yet ended), with the package's name, soonest to end first. */
    async runningAt(siteId: number, now: Date, limit: number) {
      return db
        .select({ account: paymentAccounts, packageName: sql<string | null>`${paymentPackages.name}` })
        .from(paymentAccounts)
        .leftJoin(paymentPackages, eq(paymentPackages.id, paymentAccounts.packageId))
        .where(
          and(
            eq(paymentAccounts.siteId, siteId),
            isNotNull(paymentAccounts.startsAt),
            sql`${paymentAccounts.startsAt} <= ${now}`,
            sql`${paymentAccounts.expiresAt} > ${now}`,
          ),
        )
        .orderBy(asc(paymentAccounts.expiresAt), asc(paymentAccounts.id))
        .limit(limit);
    },
  };
}
export type PaymentAccountsRepo = ReturnType<typeof createPaymentAccountsRepo>;
