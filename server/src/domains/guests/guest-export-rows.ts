import { and, desc, eq, isNotNull, ne, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { GuestExportKind } from '@splashboard/contract';
import type { Database } from '../../db/client.ts';
import { guestSessions, guests, sites } from '../../db/schema/index.ts';
import { methodFieldsOf, mergeGuestFields } from '../splash/guest-fields.ts';
import { createSplashRepo } from '../splash/splash.repo.ts';
import { csvLine } from './guest-csv.ts';
import { guestListWhere, guestMatches, withinDays, type GuestFilters } from './guest-filters.ts';

type Site = typeof sites.$inferSelect;
/** Where the last chunk ended: the sort time as PostgreSQL wrote it (microseconds kept) and the id. */
export type Cursor = { at: string; id: number } | null;

/** One kind of download: its header, how many rows it will have, and its rows chunk by chunk, in a stable order. */
export interface ExportSource {
  header(): Promise<string>;
  count(): Promise<number>;
  /** The next rows after the cursor as CSV text, and the cursor after them; no rows at the end. */
  chunk(after: Cursor, size: number): Promise<{ text: string; rows: number; next: Cursor }>;
}

const local = (column: PgColumn, timeZone: string) =>
  sql<string | null>`to_char(${column} at time zone ${timeZone}, 'YYYY-MM-DD HH24:MI:SS')`;

/**
 * Keyset paging on a time that never changes once written (first seen, started) and the id: rows
 * already written never come back, and a guest who logs in during the download does not move.
 */
function after(time: PgColumn, id: PgColumn, cursor: Cursor): SQL | undefined {
  if (!cursor) return undefined;
  const at = sql`${cursor.at}::timestamptz`;
  return and(sql`${time} <= ${at}`, or(sql`${time} < ${at}`, sql`${id} < ${cursor.id}`));
}

const nextCursor = (rows: { cursorAt: string; id: number }[]): Cursor =>
  rows.length ? { at: rows.at(-1)!.cursorAt, id: rows.at(-1)!.id } : null;

/** The custom answers' columns: the site's custom fields in its order, then any other answer kept. */
async function customColumns(db: Database, site: Site, where: SQL): Promise<string[]> {
  const configured = mergeGuestFields(await methodFieldsOf(createSplashRepo(db), site))
    .filter((f) => f.field_type.startsWith('custom_'))
    .map((f) => f.title);
  const found = await db
    .selectDistinct({ key: sql<string>`jsonb_object_keys(${guests.fields})` })
    .from(guests)
    .where(and(where, ne(guests.fields, sql`'{}'::jsonb`)));
  const others = found.map((r) => r.key).filter((k) => !configured.includes(k));
  return [...configured, ...others.sort((a, b) => a.localeCompare(b))];
}

function guestSource(db: Database, site: Site, f: GuestFilters): ExportSource {
  const tz = site.timezone;
  const where = guestListWhere(site.id, f, tz);
  let custom: string[] = [];
  return {
    async header() {
      custom = await customColumns(db, site, where);
      return csvLine([
        'Guest ID', 'First name', 'Last name', 'Email', 'Phone', 'Gender', 'Birthday', 'Country', 'Postcode',
        ...custom,
        'Marketing consent', 'Email verified', 'Visits', `First seen (${tz})`, `Last seen (${tz})`,
        'First login method', 'Last login method',
      ]); // prettier-ignore
    },
    async count() {
      return db.$count(guests, where);
    },
    async chunk(cursor, size) {
      const rows = await db
        .select({
          id: guests.id,
          firstName: guests.firstName,
          lastName: guests.lastName,
          email: guests.email,
          phone: guests.phone,
          gender: guests.gender,
          birthday: guests.birthday,
          country: guests.country,
          postcode: guests.postcode,
          fields: guests.fields,
          marketingConsent: guests.marketingConsent,
          verified: isNotNull(guests.emailVerifiedAt),
          visits: guests.visits,
          firstSeen: local(guests.firstSeenAt, tz),
          lastSeen: local(guests.lastSeenAt, tz),
          firstMethod: guests.firstMethod,
          lastMethod: guests.lastMethod,
          cursorAt: sql<string>`${guests.firstSeenAt}::text`,
        })
        .from(guests)
        .where(and(where, after(guests.firstSeenAt, guests.id, cursor)))
        .orderBy(desc(guests.firstSeenAt), desc(guests.id))
        .limit(size);
      const text = rows
        .map(
          (g) =>
          csvLine([
            g.id, g.firstName, g.lastName, g.email, g.phone, g.gender, g.birthday, g.country, g.postcode,
            ...custom.map((k) => g.fields[k]),
            g.marketingConsent, Boolean(g.verified), g.visits, g.firstSeen, g.lastSeen, g.firstMethod, g.lastMethod,
          ]), // prettier-ignore
        )
        .join('');
      return { text, rows: rows.length, next: nextCursor(rows) };
    },
  };
}

function sessionSource(db: Database, site: Site, f: GuestFilters): ExportSource {
  const tz = site.timezone;
  const where = and(eq(guestSessions.siteId, site.id), withinDays(guestSessions.startedAt, f, tz), guestMatches(f.search));
  return {
    async header() {
      return csvLine([
        'Session ID', 'Guest ID', 'First name', 'Last name', 'Email', 'Phone', 'Device MAC', 'Login method', 'Controller',
        'SSID', 'Access point MAC', 'Client IP', `Started (${tz})`, `Expires (${tz})`, `Ended (${tz})`, 'End cause',
        'Minutes allowed', 'Upload limit (Kbps)', 'Download limit (Kbps)', 'Data limit (MB)', 'Bytes up', 'Bytes down',
        'Grant status',
      ]); // prettier-ignore
    },
    async count() {
      const [row] = await db
        .select({ n: sql<number>`count(*)` })
        .from(guestSessions)
        .innerJoin(guests, eq(guests.id, guestSessions.guestId))
        .where(where);
      return Number(row?.n ?? 0);
    },
    async chunk(cursor, size) {
      const rows = await db
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
          started: local(guestSessions.startedAt, tz),
          expires: local(guestSessions.expiresAt, tz),
          ended: local(guestSessions.endedAt, tz),
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
        .where(and(where, after(guestSessions.startedAt, guestSessions.id, cursor)))
        .orderBy(desc(guestSessions.startedAt), desc(guestSessions.id))
        .limit(size);
      const text = rows
        .map(
          (s) =>
          csvLine([
            s.id, s.guestId, s.firstName, s.lastName, s.email, s.phone, s.mac, s.method, s.family, s.ssid, s.apMac,
            s.clientIp, s.started, s.expires, s.ended, s.endCause, s.minutes, s.upKbps, s.downKbps, s.quotaMb,
            Number(s.bytesUp), Number(s.bytesDown), s.grantStatus,
          ]), // prettier-ignore
        )
        .join('');
      return { text, rows: rows.length, next: nextCursor(rows) };
    },
  };
}

export function exportSource(db: Database, kind: GuestExportKind, site: Site, f: GuestFilters): ExportSource {
  return kind === 'guests' ? guestSource(db, site, f) : sessionSource(db, site, f);
}
