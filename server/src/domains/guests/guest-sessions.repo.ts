import { and, count, desc, eq, gt, gte, inArray, isNotNull, isNull, lt, lte, ne, sql, type SQL } from 'drizzle-orm';
import { preparedSql, type Database, type Executor } from '../../db/client.ts';
import { guestSessions, guests, openNdsAuthQueue, voucherSessions, vouchers } from '../../db/schema/index.ts';
import type { GuestFilters } from './guest-filters.ts';
import { after, guestMatches, localTime, withinDays, type Cursor } from './guest-list.repo.ts';

export type GuestSessionRow = typeof guestSessions.$inferSelect;
export type NewGuestSession = typeof guestSessions.$inferInsert;

/**
 * A session by its id and start. guest_sessions is partitioned by month of started_at: by id alone, a statement
 * looks in every month's partition (an update by id: 3.5 ms with ten years of months, 0.7 ms with its start); with
 * the start it looks in one. A start read back has lost its microseconds, hence the millisecond either side.
 */
export type SessionKey = Pick<GuestSessionRow, 'id' | 'startedAt'>;
const startNear = (startedAt: Date) => [new Date(startedAt.getTime() - 1), new Date(startedAt.getTime() + 1)] as const;
/** A session by key (its month's partition), or by id alone where only the id is known (every month's). */
function sessionIs(session: number | SessionKey): SQL {
  if (typeof session === 'number') return eq(guestSessions.id, session);
  const [from, to] = startNear(session.startedAt);
  return and(eq(guestSessions.id, session.id), gte(guestSessions.startedAt, from), lte(guestSessions.startedAt, to))!;
}

/** Grants that let a device on: a session in one of them that has neither ended nor run out is online. */
const COUNTED = ['granted', 'confirmed'];
/** Grants the gateway has not settled yet. */
const UNSETTLED = ['pending', 'granted'];

/**
 * Pieces of SQL for statements of other tables that must read guest sessions in the same statement
 * (a voucher's status is a filter of the voucher lists), so that sessions are read only in this file.
 */
export const guestSessionsSql = {
  /** Bytes a voucher's sessions used, at every site. */
  voucherBytesUsed: sql<number>`(select coalesce(sum(gs.bytes_up + gs.bytes_down), 0) from voucher_sessions vs join guest_sessions gs on gs.id = vs.session_id where vs.voucher_id = ${vouchers.id})`,

  /** Whether the device of a guest_devices row is online (written out: Drizzle leaves one-table columns unqualified). */
  deviceOnline: sql<boolean>`exists (select 1 from guest_sessions s where s.site_id = guest_devices.site_id
        and s.mac = guest_devices.mac and s.ended_at is null and s.expires_at > now() and s.grant_status in ('granted', 'confirmed'))`,

  /** When the device of a voucher_devices row last logged in with the voucher (written out, as deviceOnline). */
  voucherDeviceLastLogin: (voucherId: number) =>
    sql<Date | string | null>`(select max(gs.started_at) from voucher_sessions vs join guest_sessions gs on gs.id = vs.session_id
        where vs.voucher_id = ${voucherId} and vs.mac = voucher_devices.mac)`,

  /** Whether the device of a voucher_devices row is online with the voucher now. */
  voucherDeviceOnline: (voucherId: number) =>
    sql<boolean>`exists (select 1 from voucher_sessions vs join guest_sessions gs on gs.id = vs.session_id
        where vs.voucher_id = ${voucherId} and vs.mac = voucher_devices.mac
        and gs.ended_at is null and gs.expires_at > now() and gs.grant_status in ('granted', 'confirmed'))`,
};

/** The sessions of some vouchers: of one voucher, or of every voucher of a batch. */
export type VouchersOf = { voucherId: number } | { batchId: number };

const markGrantedSql = preparedSql(
  'guest_session_granted',
  `update guest_sessions set grant_status = $2::text, grant_detail = $3::text, confirmed_at = $4::timestamptz
   where id = $1::bigint and started_at between $5::timestamptz and $6::timestamptz`,
);

/** guest_sessions: one row per guest login's session and its grant. The only module that queries this table. */
export function createGuestSessionsRepo(db: Database) {
  return {
    // ---- A login and its grant ----------------------------------------------------------------------

    async byId(id: number): Promise<GuestSessionRow | undefined> {
      const [session] = await db.select().from(guestSessions).where(eq(guestSessions.id, id));
      return session;
    },

    /** The controller's answer to a grant: confirmed by it, or granted and left to the gateway (every login's). */
    async markGranted(session: SessionKey, confirmed: boolean, detail: string) {
      const at = confirmed ? new Date().toISOString() : null;
      const [from, to] = startNear(session.startedAt);
      await markGrantedSql(db, [
        session.id,
        confirmed ? 'confirmed' : 'granted',
        detail,
        at,
        from.toISOString(),
        to.toISOString(),
      ]);
    },

    async markConfirmed(id: number) {
      await db.update(guestSessions).set({ grantStatus: 'confirmed', confirmedAt: new Date() }).where(eq(guestSessions.id, id));
    },

    async markFailed(session: number | SessionKey, detail: string) {
      await db.update(guestSessions).set({ grantStatus: 'failed', grantDetail: detail }).where(sessionIs(session));
    },

    /** The gateway let the guest's browser through: the site's session is confirmed, unless already settled. */
    async confirmUnsettled(id: number, siteId: number): Promise<boolean> {
      const confirmed = await db
        .update(guestSessions)
        .set({ grantStatus: 'confirmed', confirmedAt: new Date() })
        .where(and(eq(guestSessions.id, id), eq(guestSessions.siteId, siteId), inArray(guestSessions.grantStatus, UNSETTLED)))
        .returning({ id: guestSessions.id });
      return confirmed.length > 0;
    },

    /** Settles the sessions whose grant a gateway took (confirmed) or never took (failed, with why). */
    async settleUnsettled(ids: number[], outcome: 'confirmed' | 'failed', detail = '') {
      await db
        .update(guestSessions)
        .set(
          outcome === 'confirmed'
            ? { grantStatus: 'confirmed', confirmedAt: new Date() }
            : { grantStatus: 'failed', grantDetail: detail.slice(0, 500) },
        )
        .where(and(inArray(guestSessions.id, ids), inArray(guestSessions.grantStatus, UNSETTLED)));
    },

    /** A failed (or still pending) session of the site the guest may ask to grant again. */
    async retryable(id: number, siteId: number) {
      const [session] = await db
        .select({ id: guestSessions.id, expiresAt: guestSessions.expiresAt, mac: guestSessions.mac })
        .from(guestSessions)
        .where(
          and(
            eq(guestSessions.id, id),
            eq(guestSessions.siteId, siteId),
            inArray(guestSessions.grantStatus, ['failed', 'pending']),
          ),
        );
      return session;
    },

    /** The device's latest login still unconfirmed since `since`: the one a gateway's answer is about. */
    async latestUnsettledOfDevice(siteId: number, mac: string, since: Date): Promise<number | undefined> {
      const [latest] = await db
        .select({ id: guestSessions.id })
        .from(guestSessions)
        .where(
          and(
            eq(guestSessions.siteId, siteId),
            eq(guestSessions.mac, mac),
            inArray(guestSessions.grantStatus, UNSETTLED),
            gte(guestSessions.startedAt, since),
          ),
        )
        .orderBy(desc(guestSessions.startedAt))
        .limit(1);
      return latest?.id;
    },

    /** The device's latest granted login with one of these methods, and the guest it was (the relogin policy). */
    async lastLoginOfDevice(siteId: number, mac: string, methods: string[]) {
      const [last] = await db
        .select({ method: guestSessions.method, startedAt: guestSessions.startedAt, identity: guests.identity })
        .from(guestSessions)
        .innerJoin(guests, eq(guests.id, guestSessions.guestId))
        .where(
          and(
            eq(guestSessions.siteId, siteId),
            eq(guestSessions.mac, mac),
            inArray(guestSessions.grantStatus, COUNTED),
            inArray(guestSessions.method, methods),
          ),
        )
        .orderBy(desc(guestSessions.startedAt))
        .limit(1);
      return last;
    },

    /** A session still running (not ended, not run out). */
    async openById(id: number): Promise<GuestSessionRow | undefined> {
      const [session] = await db
        .select()
        .from(guestSessions)
        .where(and(eq(guestSessions.id, id), isNull(guestSessions.endedAt), gt(guestSessions.expiresAt, new Date())));
      return session;
    },

    /** A new length for a session (an email grace period made a full one). */
    async extend(id: number, minutes: number, expiresAt: Date) {
      await db.update(guestSessions).set({ minutes, expiresAt }).where(eq(guestSessions.id, id));
    },

    /** Whether any guest login was ever recorded at the site. */
    async hasAnyAtSite(siteId: number): Promise<boolean> {
      const [row] = await db
        .select({ id: guestSessions.id })
        .from(guestSessions)
        .where(eq(guestSessions.siteId, siteId))
        .limit(1);
      return !!row;
    },

    async hasAnyOfGuest(guestId: number): Promise<boolean> {
      const [row] = await db
        .select({ id: guestSessions.id })
        .from(guestSessions)
        .where(eq(guestSessions.guestId, guestId))
        .limit(1);
      return !!row;
    },

    // ---- A guest's allowance (session limit control, guest accounts) ------------------------------

    /** Minutes and bytes a guest (by identity) used since `since`. */
    async usageOfIdentitySince(siteId: number, identity: string, since: Date) {
      const [usage] = await db
        .select({
          minutes: sql<number>`coalesce(sum(least(${guestSessions.minutes}, extract(epoch from (least(coalesce(${guestSessions.endedAt}, now()), ${guestSessions.expiresAt}) - ${guestSessions.startedAt})) / 60)), 0)`,
          bytes: sql<number>`coalesce(sum(${guestSessions.bytesUp} + ${guestSessions.bytesDown}), 0)`,
        })
        .from(guestSessions)
        .innerJoin(guests, eq(guests.id, guestSessions.guestId))
        .where(
          and(
            eq(guests.siteId, siteId),
            eq(guests.identity, identity),
            gte(guestSessions.startedAt, since),
            inArray(guestSessions.grantStatus, COUNTED),
          ),
        );
      return { minutes: Number(usage?.minutes ?? 0), bytes: Number(usage?.bytes ?? 0) };
    },

    /** How many devices (other than `exceptMac`) a guest is online with right now. */
    async devicesOnlineOfIdentity(siteId: number, identity: string, exceptMac: string | null): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`count(distinct ${guestSessions.mac})` })
        .from(guestSessions)
        .innerJoin(guests, eq(guests.id, guestSessions.guestId))
        .where(
          and(
            eq(guests.siteId, siteId),
            eq(guests.identity, identity),
            isNull(guestSessions.endedAt),
            gt(guestSessions.expiresAt, new Date()),
            inArray(guestSessions.grantStatus, COUNTED),
            exceptMac ? ne(guestSessions.mac, exceptMac) : undefined,
          ),
        );
      return Number(row?.n ?? 0);
    },

    /** Bytes a guest's sessions (by identity) used, whatever their grant. */
    async bytesOfIdentity(siteId: number, identity: string, tx: Executor = db): Promise<number> {
      const [row] = await tx
        .select({ bytes: sql<string>`coalesce(sum(${guestSessions.bytesUp} + ${guestSessions.bytesDown}), 0)` })
        .from(guestSessions)
        .innerJoin(guests, eq(guests.id, guestSessions.guestId))
        .where(and(eq(guests.siteId, siteId), eq(guests.identity, identity)));
      return Number(row?.bytes ?? 0);
    },

    /** MACs a guest (by identity) has a session running on now. */
    async onlineMacsOfIdentity(siteId: number, identity: string, now: Date): Promise<(string | null)[]> {
      const rows = await db
        .selectDistinct({ mac: guestSessions.mac })
        .from(guestSessions)
        .innerJoin(guests, eq(guests.id, guestSessions.guestId))
        .where(
          and(
            eq(guests.siteId, siteId),
            eq(guests.identity, identity),
            isNull(guestSessions.endedAt),
            gt(guestSessions.expiresAt, now),
            inArray(guestSessions.grantStatus, COUNTED),
          ),
        );
      return rows.map((r) => r.mac);
    },

    /** A guest's latest sessions (by identity), with their bytes. */
    async latestOfIdentity(siteId: number, identity: string, limit: number) {
      return db
        .select({
          id: guestSessions.id,
          mac: guestSessions.mac,
          startedAt: guestSessions.startedAt,
          expiresAt: guestSessions.expiresAt,
          endedAt: guestSessions.endedAt,
          grantStatus: guestSessions.grantStatus,
          bytes: sql<string>`${guestSessions.bytesUp} + ${guestSessions.bytesDown}`,
        })
        .from(guestSessions)
        .innerJoin(guests, eq(guests.id, guestSessions.guestId))
        .where(and(eq(guests.siteId, siteId), eq(guests.identity, identity)))
        .orderBy(desc(guestSessions.startedAt))
        .limit(limit);
    },

    /** Ends a guest's running sessions on these MACs (all of them when none are given). */
    async endOpenOfGuest(guestId: number, cause: string, macs?: string[]) {
      await db
        .update(guestSessions)
        .set({ endedAt: new Date(), endCause: cause })
        .where(
          and(
            eq(guestSessions.guestId, guestId),
            isNull(guestSessions.endedAt),
            macs ? inArray(guestSessions.mac, macs.length ? macs : ['']) : undefined,
          ),
        );
    },

    // ---- The dashboard's guest details ----------------------------------------------------------------

    async latestOfGuest(guestId: number, limit: number) {
      return db
        .select()
        .from(guestSessions)
        .where(eq(guestSessions.guestId, guestId))
        .orderBy(desc(guestSessions.startedAt))
        .limit(limit);
    },

    async countOfGuest(guestId: number): Promise<number> {
      const [row] = await db.select({ n: count() }).from(guestSessions).where(eq(guestSessions.guestId, guestId));
      return Number(row?.n ?? 0);
    },

    /** A guest's minutes online (granted sessions) and bytes, over all their sessions. */
    async usageOfGuest(guestId: number) {
      const [usage] = await db
        .select({
          minutes: sql<string>`coalesce(sum(extract(epoch from (least(coalesce(${guestSessions.endedAt}, now()), ${guestSessions.expiresAt}) - ${guestSessions.startedAt})) / 60) filter (where ${inArray(guestSessions.grantStatus, COUNTED)}), 0)`,
          up: sql<string>`coalesce(sum(${guestSessions.bytesUp}), 0)`,
          down: sql<string>`coalesce(sum(${guestSessions.bytesDown}), 0)`,
        })
        .from(guestSessions)
        .where(eq(guestSessions.guestId, guestId));
      return usage;
    },

    /** One of the guest's sessions on a device, when the guest ever used it. */
    async anyOfGuestOnDevice(siteId: number, guestId: number, mac: string) {
      const [session] = await db
        .select({ id: guestSessions.id })
        .from(guestSessions)
        .where(and(eq(guestSessions.siteId, siteId), eq(guestSessions.guestId, guestId), eq(guestSessions.mac, mac)))
        .limit(1);
      return session;
    },

    /** The devices with a session running at a site now (a deleted site's controller is told to end them). */
    async onlineMacsOfSite(siteId: number, now: Date): Promise<string[]> {
      const rows = await db
        .selectDistinct({ mac: guestSessions.mac })
        .from(guestSessions)
        .where(
          and(
            eq(guestSessions.siteId, siteId),
            isNull(guestSessions.endedAt),
            gt(guestSessions.expiresAt, now),
            inArray(guestSessions.grantStatus, COUNTED),
            isNotNull(guestSessions.mac),
          ),
        );
      return rows.flatMap((r) => (r.mac ? [r.mac] : []));
    },

    /** Ends a device's running sessions at a site; answers how many. */
    async endOpenOfDevice(siteId: number, mac: string, cause: string): Promise<number> {
      const ended = await db
        .update(guestSessions)
        .set({ endedAt: new Date(), endCause: cause })
        .where(
          and(
            eq(guestSessions.siteId, siteId),
            eq(guestSessions.mac, mac),
            isNull(guestSessions.endedAt),
            gt(guestSessions.expiresAt, new Date()),
          ),
        )
        .returning({ id: guestSessions.id });
      return ended.length;
    },

    // ---- Downloads ------------------------------------------------------------------------------------

    async countForDownload(siteId: number, timeZone: string, f: GuestFilters): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`count(*)` })
        .from(guestSessions)
        .innerJoin(guests, eq(guests.id, guestSessions.guestId))
        .where(downloadWhere(siteId, timeZone, f));
      return Number(row?.n ?? 0);
    },

    /** The next sessions of a download after the cursor, newest first, with their guest, times in the site's zone. */
    async downloadChunk(siteId: number, timeZone: string, f: GuestFilters, cursor: Cursor, size: number) {
      return db
        .select({
          id: guestSessions.id,
          guestId: guestSessions.guestId,
          firstName: guests.firstName,
          lastName: guests.lastName,
          email: guests.email,
          phone: guests.phone,
          mac: guestSessions.mac,
          method: guestSessions.method,
          family: guestSessions.family,
          ssid: guestSessions.ssid,
          apMac: guestSessions.apMac,
          clientIp: guestSessions.clientIp,
          started: localTime(guestSessions.startedAt, timeZone),
          expires: localTime(guestSessions.expiresAt, timeZone),
          ended: localTime(guestSessions.endedAt, timeZone),
          endCause: guestSessions.endCause,
          minutes: guestSessions.minutes,
          upKbps: guestSessions.upKbps,
          downKbps: guestSessions.downKbps,
          quotaMb: guestSessions.quotaMb,
          bytesUp: guestSessions.bytesUp,
          bytesDown: guestSessions.bytesDown,
          grantStatus: guestSessions.grantStatus,
          cursorAt: sql<string>`${guestSessions.startedAt}::text`,
        })
        .from(guestSessions)
        .innerJoin(guests, eq(guests.id, guestSessions.guestId))
        .where(and(downloadWhere(siteId, timeZone, f), after(guestSessions.startedAt, guestSessions.id, cursor)))
        .orderBy(desc(guestSessions.startedAt), desc(guestSessions.id))
        .limit(size);
    },

    // ---- Access health --------------------------------------------------------------------------------

    /** A page of a site's grants since `since` (of some grant states, or all), their total, and the count per state. */
    async recentGrants(
      siteId: number,
      since: Date,
      statuses: string[] | null,
      page: { page: number; per_page: number },
    ): Promise<{ rows: GuestSessionRow[]; total: number; perStatus: { status: string; n: number }[] }> {
      const window = and(eq(guestSessions.siteId, siteId), gte(guestSessions.startedAt, since));
      const where: SQL | undefined = statuses ? and(window, inArray(guestSessions.grantStatus, statuses)) : window;
      const [rows, [total], perStatus] = await Promise.all([
        db
          .select()
          .from(guestSessions)
          .where(where)
          .orderBy(desc(guestSessions.startedAt), desc(guestSessions.id))
          .limit(page.per_page)
          .offset((page.page - 1) * page.per_page),
        db.select({ n: count() }).from(guestSessions).where(where),
        db
          .select({ status: guestSessions.grantStatus, n: count() })
          .from(guestSessions)
          .where(window)
          .groupBy(guestSessions.grantStatus),
      ]);
      return { rows, total: total?.n ?? 0, perStatus };
    },

    // ---- Gateways that ask RADIUS ---------------------------------------------------------------------

    /** One-time RADIUS credentials for a session's grant (replacing any earlier ones). */
    async setRadiusCredentials(session: SessionKey, username: string, passwordEnc: string) {
      await db.update(guestSessions).set({ radiusUsername: username, radiusPasswordEnc: passwordEnc }).where(sessionIs(session));
    },

    async byRadiusUsername(siteId: number, userName: string): Promise<GuestSessionRow | null> {
      const [row] = await db
        .select()
        .from(guestSessions)
        .where(and(eq(guestSessions.radiusUsername, userName), eq(guestSessions.siteId, siteId)));
      return row ?? null;
    },

    /** The device's latest login through a controller of these families at the site. */
    async latestOfDeviceThrough(siteId: number, mac: string, families: string[]): Promise<GuestSessionRow | null> {
      const [row] = await db
        .select()
        .from(guestSessions)
        .where(and(eq(guestSessions.siteId, siteId), eq(guestSessions.mac, mac), inArray(guestSessions.family, families)))
        .orderBy(desc(guestSessions.startedAt))
        .limit(1);
      return row ?? null;
    },

    /** Spends the one-time credentials (only these: a second request with them loses) and confirms the grant. */
    async useRadiusCredentials(session: SessionKey, passwordEnc: string): Promise<boolean> {
      const used = await db
        .update(guestSessions)
        .set({ radiusPasswordEnc: null, grantStatus: 'confirmed', confirmedAt: new Date() })
        .where(and(sessionIs(session), eq(guestSessions.radiusPasswordEnc, passwordEnc)))
        .returning({ id: guestSessions.id });
      return used.length > 0;
    },

    /** Accounting: the gateway's counters (only ever moving forward), a first sign of life, and an end. */
    async recordUsage(
      session: SessionKey,
      octets: { input: number; output: number },
      change: { confirm: boolean; end: { cause: string } | null },
    ) {
      await db
        .update(guestSessions)
        .set({
          bytesUp: sql`greatest(${guestSessions.bytesUp}, ${octets.input})`,
          bytesDown: sql`greatest(${guestSessions.bytesDown}, ${octets.output})`,
          ...(change.confirm ? { grantStatus: 'confirmed', confirmedAt: new Date() } : {}),
          ...(change.end ? { endedAt: new Date(), endCause: change.end.cause } : {}),
        })
        .where(sessionIs(session));
    },

    // ---- openNDS level 3 ------------------------------------------------------------------------------

    /** The session the portal just recorded (or is retrying) for a device at an openNDS site. */
    async latestUngrantedOpenNdsOfDevice(siteId: number, mac: string): Promise<number | undefined> {
      const [session] = await db
        .select({ id: guestSessions.id })
        .from(guestSessions)
        .where(
          and(
            eq(guestSessions.siteId, siteId),
            eq(guestSessions.mac, mac),
            eq(guestSessions.family, 'opennds'),
            inArray(guestSessions.grantStatus, ['pending', 'failed']),
          ),
        )
        .orderBy(desc(guestSessions.id))
        .limit(1);
      return session?.id;
    },

    /** The device's running session that a gateway's grant (acknowledged) let in most recently. */
    async openConfirmedThroughGateway(siteId: number, gatewayHash: string, mac: string): Promise<number | null> {
      const q = openNdsAuthQueue;
      const [row] = await db
        .select({ sessionId: q.sessionId })
        .from(q)
        .innerJoin(guestSessions, eq(guestSessions.id, q.sessionId))
        .where(
          and(
            and(eq(q.siteId, siteId), eq(q.gatewayHash, gatewayHash)),
            eq(q.clientMac, mac),
            isNotNull(q.confirmedAt),
            isNull(guestSessions.endedAt),
          ),
        )
        .orderBy(desc(q.confirmedAt))
        .limit(1);
      return row?.sessionId ?? null;
    },

    async end(id: number, cause: string) {
      await db.update(guestSessions).set({ endedAt: new Date(), endCause: cause }).where(eq(guestSessions.id, id));
    },

    // ---- Vouchers -------------------------------------------------------------------------------------

    /** Bytes the sessions of a voucher used (granted ones). */
    async bytesOfVoucher(voucherId: number, tx: Executor = db): Promise<number> {
      const [row] = await tx
        .select({ bytes: sql<number>`coalesce(sum(${guestSessions.bytesUp} + ${guestSessions.bytesDown}), 0)` })
        .from(voucherSessions)
        .innerJoin(guestSessions, eq(guestSessions.id, voucherSessions.sessionId))
        .where(and(eq(voucherSessions.voucherId, voucherId), inArray(guestSessions.grantStatus, COUNTED)));
      return Number(row?.bytes ?? 0);
    },

    /** The voucher and guest of a device's latest granted login with a voucher method at a site since `since`. */
    async lastVoucherLoginOfDevice(siteId: number, mac: string, method: string, since: Date) {
      const [last] = await db
        .select({ voucherId: voucherSessions.voucherId, identity: guests.identity })
        .from(voucherSessions)
        .innerJoin(guestSessions, eq(guestSessions.id, voucherSessions.sessionId))
        .innerJoin(guests, eq(guests.id, guestSessions.guestId))
        .where(
          and(
            eq(voucherSessions.siteId, siteId),
            eq(voucherSessions.mac, mac),
            eq(guestSessions.method, method),
            inArray(guestSessions.grantStatus, COUNTED),
            gte(guestSessions.startedAt, since),
          ),
        )
        .orderBy(desc(guestSessions.startedAt))
        .limit(1);
      return last;
    },

    /**
     * Ends the open sessions of some vouchers (and one device, when given) and answers where they were, for
     * the controllers to be told after the transaction.
     */
    async endOpenSessionsOfVouchers(of: VouchersOf, cause: string, mac: string | undefined, tx: Executor = db) {
      const voucherIds =
        'batchId' in of
          ? sql`(select ${vouchers.id} from ${vouchers} where ${vouchers.batchId} = ${of.batchId})`
          : sql`(${of.voucherId})`;
      return tx
        .update(guestSessions)
        .set({ endedAt: sql`now()`, endCause: cause })
        .where(
          and(
            sql`${guestSessions.id} in (select ${voucherSessions.sessionId} from ${voucherSessions} where ${voucherSessions.voucherId} in ${voucherIds})`,
            isNull(guestSessions.endedAt),
            sql`${guestSessions.expiresAt} > now()`,
            inArray(guestSessions.grantStatus, COUNTED),
            mac ? eq(guestSessions.mac, mac) : undefined,
          ),
        )
        .returning({ siteId: guestSessions.siteId, mac: guestSessions.mac });
    },

    /** A voucher's latest sessions, at every site. */
    async latestOfVoucher(voucherId: number, limit: number): Promise<GuestSessionRow[]> {
      const rows = await db
        .select({ session: guestSessions })
        .from(voucherSessions)
        .innerJoin(guestSessions, eq(guestSessions.id, voucherSessions.sessionId))
        .where(eq(voucherSessions.voucherId, voucherId))
        .orderBy(desc(guestSessions.startedAt), desc(guestSessions.id))
        .limit(limit);
      return rows.map((r) => r.session);
    },

    // ---- Sessions the gateway no longer knows (domains/session-sweep, RADIUS Accounting-On/Off) -------

    /** Sites with running sessions (granted or confirmed, not ended, not run out) let in through these families. */
    async sitesWithRunningThrough(families: string[]): Promise<number[]> {
      const rows = await db
        .selectDistinct({ siteId: guestSessions.siteId })
        .from(guestSessions)
        .where(
          and(
            isNull(guestSessions.endedAt),
            gt(guestSessions.expiresAt, new Date()),
            inArray(guestSessions.grantStatus, COUNTED),
            inArray(guestSessions.family, families),
          ),
        );
      return rows.map((r) => r.siteId);
    },

    /** A site's running sessions through these families that started before `before` (id and MAC). */
    async runningThrough(siteId: number, families: string[], before: Date) {
      return db
        .select({ id: guestSessions.id, mac: guestSessions.mac })
        .from(guestSessions)
        .where(
          and(
            eq(guestSessions.siteId, siteId),
            isNull(guestSessions.endedAt),
            gt(guestSessions.expiresAt, new Date()),
            inArray(guestSessions.grantStatus, COUNTED),
            inArray(guestSessions.family, families),
            lt(guestSessions.startedAt, before),
          ),
        );
    },

    /** The running sessions an openNDS gateway let in (its acknowledged level 3 grants). */
    async runningConfirmedThroughGateway(siteId: number, gatewayHash: string): Promise<number[]> {
      const q = openNdsAuthQueue;
      const rows = await db
        .selectDistinct({ id: guestSessions.id })
        .from(q)
        .innerJoin(guestSessions, eq(guestSessions.id, q.sessionId))
        .where(
          and(
            and(eq(q.siteId, siteId), eq(q.gatewayHash, gatewayHash)),
            isNotNull(q.confirmedAt),
            isNull(guestSessions.endedAt),
            gt(guestSessions.expiresAt, new Date()),
          ),
        );
      return rows.map((r) => r.id);
    },

    /** Ends those of these sessions that are still running, with the cause: how many. */
    async endRunning(ids: number[], cause: string): Promise<number> {
      if (!ids.length) return 0;
      const ended = await db
        .update(guestSessions)
        .set({ endedAt: new Date(), endCause: cause })
        .where(and(inArray(guestSessions.id, ids), isNull(guestSessions.endedAt), gt(guestSessions.expiresAt, new Date())))
        .returning({ id: guestSessions.id });
      return ended.length;
    },

    /** Minutes a voucher's granted sessions were online. */
    async minutesOfVoucher(voucherId: number): Promise<number> {
      const [usage] = await db
        .select({
          minutes: sql<number>`coalesce(sum(greatest(0, extract(epoch from (least(coalesce(${guestSessions.endedAt}, now()), ${guestSessions.expiresAt}) - ${guestSessions.startedAt})) / 60)), 0)`,
        })
        .from(voucherSessions)
        .innerJoin(guestSessions, eq(guestSessions.id, voucherSessions.sessionId))
        .where(and(eq(voucherSessions.voucherId, voucherId), inArray(guestSessions.grantStatus, COUNTED)));
      return Number(usage?.minutes ?? 0);
    },

    // ---- Whom to tell of an allowance running out (access notices) ------------------------------------

    /** The email and phone a guest (by identity) gave at a site, when they gave any. */
    async contactOfIdentity(siteId: number, identity: string): Promise<{ email: string; phone: string }> {
      const [row] = await db
        .select({ email: guests.email, phone: guests.phone })
        .from(guests)
        .where(and(eq(guests.siteId, siteId), eq(guests.identity, identity)))
        .limit(1);
      return { email: row?.email ?? '', phone: row?.phone ?? '' };
    },

    /** The email and phone the guest who last logged in with a voucher gave (anywhere it works), when they gave any. */
    async contactOfVoucher(voucherId: number): Promise<{ email: string; phone: string }> {
      const [row] = await db
        .select({ email: guests.email, phone: guests.phone })
        .from(voucherSessions)
        .innerJoin(guestSessions, eq(guestSessions.id, voucherSessions.sessionId))
        .innerJoin(guests, eq(guests.id, guestSessions.guestId))
        .where(and(eq(voucherSessions.voucherId, voucherId), sql`(${guests.email} is not null or ${guests.phone} is not null)`))
        .orderBy(desc(guestSessions.startedAt))
        .limit(1);
      return { email: row?.email ?? '', phone: row?.phone ?? '' };
    },
  };
}
export type GuestSessionsRepo = ReturnType<typeof createGuestSessionsRepo>;

/** The sessions of a download: the site's, started within the days, of guests matching the search. */
const downloadWhere = (siteId: number, timeZone: string, f: GuestFilters) =>
  and(eq(guestSessions.siteId, siteId), withinDays(guestSessions.startedAt, f, timeZone), guestMatches(f.search));
