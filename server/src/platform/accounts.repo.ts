import { and, asc, eq, gt, inArray, isNotNull, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { Database, Executor } from '../db/client.ts';
import { accounts, clientSiteAccess, oneTimeTokens, sessions, users } from '../db/schema/index.ts';

/** The one-time tokens behind 'Forgot password' links (auth area); a password change in Account voids them too. */
export const PASSWORD_RESET_TOKEN = 'password_reset';

export type AccountRow = typeof accounts.$inferSelect;
export type UserRow = typeof users.$inferSelect;
export type OneTimeTokenRow = typeof oneTimeTokens.$inferSelect;
/** What the billing area changes on an account. */
export type BillingChanges = Partial<
  Pick<
    typeof accounts.$inferInsert,
    | 'planType'
    | 'subscriptionStatus'
    | 'billingCycle'
    | 'trialEnd'
    | 'currentPeriodStart'
    | 'currentPeriodEnd'
    | 'cancelAtPeriodEnd'
    | 'cardUpdatedRequired'
    | 'stripeSubscriptionId'
    | 'stripeStatus'
    | 'cancelReason'
    | 'cancelComments'
  >
>;
export type AccountPlanAndPeriod = Pick<
  AccountRow,
  'planType' | 'currentPeriodStart' | 'currentPeriodEnd' | 'trialEnd' | 'createdAt'
>;
type UserChanges = Partial<Omit<typeof users.$inferInsert, 'id' | 'accountId'>>;

const actorUser = { id: users.id, email: users.email, role: users.role, billingAccess: users.billingAccess };
const actorAccount = {
  id: accounts.id,
  planType: accounts.planType,
  subscriptionStatus: accounts.subscriptionStatus,
  trialEnd: accounts.trialEnd,
  currentPeriodEnd: accounts.currentPeriodEnd,
};

/**
 * Who can sign in and what they belong to: accounts, their users, clients' access per site and area,
 * sign-in sessions and one-time tokens. The only module that queries these tables.
 */
export function createAccountsRepo(db: Database) {
  // Prepared once, and only the columns an actor needs: this runs on every signed-in request.
  const actorBySessionId = db
    .select({
      session: { id: sessions.id, csrfToken: sessions.csrfToken, lastSeenAt: sessions.lastSeenAt },
      user: actorUser,
      account: actorAccount,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .innerJoin(accounts, eq(accounts.id, users.accountId))
    .where(and(eq(sessions.id, sql.placeholder('id')), gt(sessions.expiresAt, sql`now()`)))
    .prepare('session_by_id');

  // Read on every page load (the profile), with only the columns shown.
  const profileById = db
    .select({
      user: {
        id: users.id,
        email: users.email,
        name: users.name,
        emailVerified: users.emailVerified,
        tfEnabled: users.tfEnabled,
        language: users.language,
      },
      cardUpdatedRequired: accounts.cardUpdatedRequired,
    })
    .from(users)
    .innerJoin(accounts, eq(accounts.id, users.accountId))
    .where(eq(users.id, sql.placeholder('userId')))
    .prepare('profile_by_user');

  return {
    // ---- Sessions -------------------------------------------------------------------------------

    /** A live session (by the hash of its token) with the user and account an actor is made of. */
    async actorBySession(sessionId: string) {
      const [row] = await actorBySessionId.execute({ id: sessionId });
      return row ?? null;
    },

    async actorByApiKeyHash(keyHash: string) {
      const [row] = await db
        .select({ user: actorUser, account: actorAccount })
        .from(users)
        .innerJoin(accounts, eq(accounts.id, users.accountId))
        .where(eq(users.apiKeyHash, keyHash));
      return row ?? null;
    },

    async insertSession(values: typeof sessions.$inferInsert) {
      await db.insert(sessions).values(values);
    },

    async renewSession(sessionId: string, expiresAt: Date) {
      await db.update(sessions).set({ lastSeenAt: new Date(), expiresAt }).where(eq(sessions.id, sessionId));
    },

    async deleteSession(sessionId: string) {
      await db.delete(sessions).where(eq(sessions.id, sessionId));
    },

    /** Every session of a user but the one kept (if any). */
    async deleteUserSessions(userId: number, keepSessionId?: string) {
      await db
        .delete(sessions)
        .where(
          keepSessionId ? and(eq(sessions.userId, userId), sql`${sessions.id} <> ${keepSessionId}`) : eq(sessions.userId, userId),
        );
    },

    async clientAccessRows(userId: number) {
      return db.select().from(clientSiteAccess).where(eq(clientSiteAccess.userId, userId));
    },

    /** Every client's access to a site that is going away. */
    async deleteSiteAccess(siteId: number, tx: Executor = db) {
      await tx.delete(clientSiteAccess).where(eq(clientSiteAccess.siteId, siteId));
    },

    // ---- Users and accounts ---------------------------------------------------------------------

    async userByEmail(email: string): Promise<UserRow | null> {
      const [user] = await db.select().from(users).where(eq(users.email, email));
      return user ?? null;
    },

    async userById(userId: number): Promise<UserRow | null> {
      const [user] = await db.select().from(users).where(eq(users.id, userId));
      return user ?? null;
    },

    async accountById(accountId: number): Promise<AccountRow | null> {
      const [account] = await db.select().from(accounts).where(eq(accounts.id, accountId));
      return account ?? null;
    },

    /** The account's plan (null before it has one); undefined for an account that does not exist. */
    async planTypeOf(accountId: number, tx: Executor = db): Promise<{ planType: string | null } | undefined> {
      const [account] = await tx.select({ planType: accounts.planType }).from(accounts).where(eq(accounts.id, accountId));
      return account;
    },

    /** What the plan's limits and their billing period are read from; null for an account that does not exist. */
    async planAndPeriodOf(accountId: number, tx: Executor = db): Promise<AccountPlanAndPeriod | null> {
      const [account] = await tx
        .select({
          planType: accounts.planType,
          currentPeriodStart: accounts.currentPeriodStart,
          currentPeriodEnd: accounts.currentPeriodEnd,
          trialEnd: accounts.trialEnd,
          createdAt: accounts.createdAt,
        })
        .from(accounts)
        .where(eq(accounts.id, accountId));
      return account ?? null;
    },

    async profileOf(userId: number) {
      const [row] = await profileById.execute({ userId });
      return row ?? null;
    },

    async emailTakenByOther(email: string, userId: number) {
      const [taken] = await db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.email, email), ne(users.id, userId)));
      return Boolean(taken);
    },

    async updateUser(userId: number, changes: UserChanges, tx: Executor = db) {
      await tx.update(users).set(changes).where(eq(users.id, userId));
    },

    /** Stores the last two-factor time step used, only if it moves forward: answers whether it did. */
    async advanceTfCounter(userId: number, counter: number) {
      const updated = await db
        .update(users)
        .set({ tfLastCounter: counter })
        .where(and(eq(users.id, userId), sql`coalesce(${users.tfLastCounter}, -1) < ${counter}`))
        .returning({ id: users.id });
      return updated.length === 1;
    },

    async insertAccount(values: typeof accounts.$inferInsert, tx: Executor = db) {
      const [account] = await tx.insert(accounts).values(values).returning({ id: accounts.id });
      return account!.id;
    },

    /** The new user's id, or null when the email is taken (two registrations at once). */
    async insertUser(values: typeof users.$inferInsert, tx: Executor = db): Promise<number | null> {
      const [user] = await tx.insert(users).values(values).onConflictDoNothing().returning({ id: users.id });
      return user?.id ?? null;
    },

    transaction: <T>(work: (tx: Executor) => Promise<T>) => db.transaction(work),

    // ---- Billing: the account's subscription on Stripe (billing area) ----------------------------

    /** The account a Stripe customer belongs to. */
    async accountByStripeCustomer(customerId: string, tx: Executor = db): Promise<AccountRow | null> {
      const [account] = await tx.select().from(accounts).where(eq(accounts.stripeCustomerId, customerId));
      return account ?? null;
    },

    /** Stores the account's Stripe customer unless it has one already; answers the one it has. */
    async setStripeCustomer(accountId: number, customerId: string): Promise<string> {
      await db
        .update(accounts)
        .set({ stripeCustomerId: customerId })
        .where(and(eq(accounts.id, accountId), isNull(accounts.stripeCustomerId)));
      const [row] = await db.select({ id: accounts.stripeCustomerId }).from(accounts).where(eq(accounts.id, accountId));
      return row?.id ?? customerId;
    },

    /** The account's plan, status, periods and Stripe fields change. */
    async updateBilling(accountId: number, changes: BillingChanges, tx: Executor = db) {
      await tx.update(accounts).set(changes).where(eq(accounts.id, accountId));
    },

    // ---- Team: an account's admins and clients --------------------------------------------------

    /** The account's users of a role, oldest first. */
    async membersOf(accountId: number, role: 'admin' | 'client', tx: Executor = db): Promise<UserRow[]> {
      return tx
        .select()
        .from(users)
        .where(and(eq(users.accountId, accountId), eq(users.role, role)))
        .orderBy(asc(users.id));
    },

    /** One user of the account (null for another account's or none). */
    async memberOf(accountId: number, userId: number, tx: Executor = db): Promise<UserRow | null> {
      const [user] = await tx
        .select()
        .from(users)
        .where(and(eq(users.accountId, accountId), eq(users.id, userId)));
      return user ?? null;
    },

    /** The owner: the account's first admin (who registered it). */
    async ownerIdOf(accountId: number, tx: Executor = db): Promise<number | null> {
      const [row] = await tx
        .select({ id: sql<number>`min(${users.id})::int` })
        .from(users)
        .where(and(eq(users.accountId, accountId), eq(users.role, 'admin')));
      return row?.id ?? null;
    },

    /** Names and emails of these users (missing ones left out). */
    async namesOfUsers(ids: number[]) {
      if (!ids.length) return [];
      return db.select({ id: users.id, name: users.name, email: users.email }).from(users).where(inArray(users.id, ids));
    },

    /** A user goes, and with them their sessions, API key, tokens and client access (cascades). */
    async deleteUser(userId: number, tx: Executor = db) {
      await tx.delete(users).where(eq(users.id, userId));
    },

    /** Every access row of these users. */
    async clientAccessOfUsers(userIds: number[], tx: Executor = db) {
      if (!userIds.length) return [];
      return tx.select().from(clientSiteAccess).where(inArray(clientSiteAccess.userId, userIds));
    },

    /** Every client's access rows at one site. */
    async clientAccessAtSite(siteId: number, tx: Executor = db) {
      return tx.select().from(clientSiteAccess).where(eq(clientSiteAccess.siteId, siteId));
    },

    /**
     * A client's access becomes these rows: at one site (siteId given) or across all (the rows of other
     * sites go too). Rows at No Access are not stored.
     */
    async replaceClientAccess(
      userId: number,
      rows: { siteId: number; area: string; level: string }[],
      tx: Executor,
      siteId?: number,
    ) {
      await tx
        .delete(clientSiteAccess)
        .where(
          siteId === undefined
            ? eq(clientSiteAccess.userId, userId)
            : and(eq(clientSiteAccess.userId, userId), eq(clientSiteAccess.siteId, siteId)),
        );
      const kept = rows.filter((r) => r.level !== 'none');
      if (kept.length) await tx.insert(clientSiteAccess).values(kept.map((r) => ({ userId, ...r })));
    },

    // ---- One-time tokens ------------------------------------------------------------------------

    async insertToken(values: typeof oneTimeTokens.$inferInsert) {
      await db.insert(oneTimeTokens).values(values);
    },

    /** A token of a kind that is unused and not expired. */
    async liveToken(id: string, kind: string): Promise<OneTimeTokenRow | null> {
      const [row] = await db
        .select()
        .from(oneTimeTokens)
        .where(
          and(
            eq(oneTimeTokens.id, id),
            eq(oneTimeTokens.kind, kind),
            isNull(oneTimeTokens.usedAt),
            gt(oneTimeTokens.expiresAt, sql`now()`),
          ),
        );
      return row ?? null;
    },

    /** A token of a kind whatever its state (used or expired too): what an old link was for. */
    async anyToken(id: string, kind: string): Promise<OneTimeTokenRow | null> {
      const [row] = await db
        .select()
        .from(oneTimeTokens)
        .where(and(eq(oneTimeTokens.id, id), eq(oneTimeTokens.kind, kind)));
      return row ?? null;
    },

    /** Counts one more attempt at a live token and answers it as it is now, or null when none is live. */
    async attemptToken(id: string, kind: string): Promise<OneTimeTokenRow | null> {
      const [row] = await db
        .update(oneTimeTokens)
        .set({ attempts: sql`${oneTimeTokens.attempts} + 1` })
        .where(
          and(
            eq(oneTimeTokens.id, id),
            eq(oneTimeTokens.kind, kind),
            isNull(oneTimeTokens.usedAt),
            gt(oneTimeTokens.expiresAt, sql`now()`),
          ),
        )
        .returning();
      return row ?? null;
    },

    async markTokenUsed(id: string, tx: Executor = db) {
      await tx.update(oneTimeTokens).set({ usedAt: new Date() }).where(eq(oneTimeTokens.id, id));
    },

    /** Spends a live token of a user once: answers whether this call was the one that spent it. */
    async spendUserToken(id: string, kind: string, userId: number) {
      const spent = await db
        .update(oneTimeTokens)
        .set({ usedAt: new Date() })
        .where(
          and(
            eq(oneTimeTokens.id, id),
            eq(oneTimeTokens.kind, kind),
            eq(oneTimeTokens.userId, userId),
            isNull(oneTimeTokens.usedAt),
            gt(oneTimeTokens.expiresAt, sql`now()`),
          ),
        )
        .returning({ id: oneTimeTokens.id });
      return spent.length === 1;
    },

    /** Every token of a kind a user has (used or not) goes. */
    async deleteUserTokens(userId: number, kind: string, tx: Executor = db) {
      await tx.delete(oneTimeTokens).where(and(eq(oneTimeTokens.userId, userId), eq(oneTimeTokens.kind, kind)));
    },

    /** A user's tokens of a kind become these (the old ones, used or not, go), in one transaction. */
    async replaceUserTokens(userId: number, kind: string, values: (typeof oneTimeTokens.$inferInsert)[]) {
      await db.transaction(async (tx) => {
        await tx.delete(oneTimeTokens).where(and(eq(oneTimeTokens.userId, userId), eq(oneTimeTokens.kind, kind)));
        if (values.length > 0) await tx.insert(oneTimeTokens).values(values);
      });
    },

    /** How many live tokens of a kind a user has. */
    async liveUserTokens(userId: number, kind: string) {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(oneTimeTokens)
        .where(
          and(
            eq(oneTimeTokens.userId, userId),
            eq(oneTimeTokens.kind, kind),
            isNull(oneTimeTokens.usedAt),
            gt(oneTimeTokens.expiresAt, sql`now()`),
          ),
        );
      return Number(row?.n ?? 0);
    },

    /** Expired sessions, and tokens expired or used over a day ago: how many of each went. */
    async deleteExpired() {
      const dayAgo = sql`now() - interval '1 day'`;
      const [s, t] = await Promise.all([
        db
          .delete(sessions)
          .where(lt(sessions.expiresAt, sql`now()`))
          .returning({ id: sessions.id }),
        db
          .delete(oneTimeTokens)
          .where(or(lt(oneTimeTokens.expiresAt, dayAgo), and(isNotNull(oneTimeTokens.usedAt), lt(oneTimeTokens.usedAt, dayAgo))))
          .returning({ id: oneTimeTokens.id }),
      ]);
      return { sessions: s.length, tokens: t.length };
    },
  };
}
export type AccountsRepo = ReturnType<typeof createAccountsRepo>;
