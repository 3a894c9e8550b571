import {
  bigint,
  bigserial,
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { accounts } from './accounts.ts';
import { sites } from './sites.ts';

/**
 * What the dashboard's guest search looks in (name, email, phone), lower-cased: a trigram index on it
 * answers substring searches (`like '%term%'`, three characters or more) on a site with a million guests.
 * Its column names are unqualified (an index expression cannot name its table): use it only in queries
 * where no other table has these columns.
 */
export const guestSearchText = sql`lower(coalesce(first_name, '') || ' ' || coalesce(last_name, '') || ' ' || coalesce(email, '') || ' ' || coalesce(phone, ''))`;

/**
 * A guest of one site, known by what they logged in with (identity: `email:ana@example.com`,
 * `phone:+34600111222`, `facebook:1234`, or `device:aa:bb:..` when the method asks for nothing), so a
 * returning guest is the same row even when their phone shows a new random MAC.
 */
export const guests = pgTable(
  'guests',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    identity: text('identity').notNull(),
    email: text('email'),
    phone: text('phone'),
    firstName: text('first_name'),
    lastName: text('last_name'),
    gender: text('gender'),
    /** ISO date (YYYY-MM-DD). */
    birthday: text('birthday'),
    country: text('country'),
    postcode: text('postcode'),
    /** Every answer collected, by field (custom fields included), latest value kept. */
    fields: jsonb('fields').$type<Record<string, string | boolean>>().notNull().default({}),
    marketingConsent: boolean('marketing_consent').notNull().default(false),
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    firstMethod: text('first_method').notNull(),
    lastMethod: text('last_method').notNull(),
    visits: integer('visits').notNull().default(0),
    firstSeenAt: timestamp('first_seen_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('guests_site_identity_key').on(t.siteId, t.identity),
    // With the id, the dashboard's list (newest last visit first) finds any page from the index alone.
    index('guests_site_last_seen_id_idx').on(t.siteId, t.lastSeenAt, t.id),
    index('guests_search_trgm_idx').using('gin', sql`${guestSearchText} gin_trgm_ops`),
    index('guests_site_first_seen_idx').on(t.siteId, t.firstSeenAt),
  ],
);

/**
 * How many of a site's guests were last seen on each UTC day, kept by triggers on `guests` in the same
 * transaction as the change (migration `guest_seen_days`). The dashboard's list adds these up to start a deep page at
 * the right day instead of counting every newer guest through the index.
 */
export const guestSeenDays = pgTable(
  'guest_seen_days',
  {
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    guests: integer('guests').notNull(),
  },
  (t) => [primaryKey({ columns: [t.siteId, t.day] })],
);

/** A device (MAC) seen at a site, with the guest who last logged in on it. */
export const guestDevices = pgTable(
  'guest_devices',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    accountId: integer('account_id').notNull(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    guestId: bigint('guest_id', { mode: 'number' })
      .notNull()
      .references(() => guests.id, { onDelete: 'cascade' }),
    /** Lower-case `aa:bb:cc:dd:ee:ff`. */
    mac: text('mac').notNull(),
    userAgent: text('user_agent').notNull().default(''),
    /** phone, tablet, desktop or other, from the user agent. */
    deviceType: text('device_type').notNull().default('other'),
    os: text('os').notNull().default(''),
    firstSeenAt: timestamp('first_seen_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('guest_devices_site_mac_key').on(t.siteId, t.mac), index('guest_devices_guest_idx').on(t.guestId)],
);

/**
 * One grant of access: a guest's device let onto the network by a login. The grant's fate is kept
 * (pending, granted, confirmed by the gateway, failed), so failed grants show up in the dashboard.
 * Partitioned by month of started_at (migration 0022): its key is (id, started_at), ids still unique by their
 * sequence, and what pointed at it by id is checked by triggers instead of foreign keys.
 */
export const guestSessions = pgTable(
  'guest_sessions',
  {
    id: bigserial('id', { mode: 'number' }).notNull(),
    accountId: integer('account_id').notNull(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    guestId: bigint('guest_id', { mode: 'number' })
      .notNull()
      .references(() => guests.id, { onDelete: 'cascade' }),
    deviceId: bigint('device_id', { mode: 'number' }).references(() => guestDevices.id, { onDelete: 'set null' }),
    mac: text('mac'),
    clientIp: text('client_ip'),
    apMac: text('ap_mac'),
    ssid: text('ssid'),
    /** The login method (site auth method name: email, phone, clickthrough...). */
    method: text('method').notNull(),
    /** The controller family that was asked to grant. */
    family: text('family').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    /** When the time allowance runs out. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    endCause: text('end_cause'),
    minutes: integer('minutes').notNull(),
    upKbps: integer('up_kbps').notNull().default(0),
    downKbps: integer('down_kbps').notNull().default(0),
    quotaMb: integer('quota_mb').notNull().default(0),
    /** Client to internet, as the gateway reports it. */
    bytesUp: bigint('bytes_up', { mode: 'number' }).notNull().default(0),
    bytesDown: bigint('bytes_down', { mode: 'number' }).notNull().default(0),
    grantStatus: text('grant_status').notNull().default('pending'),
    grantDetail: text('grant_detail').notNull().default(''),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    /** For gateways that ask our RADIUS server after the portal: one-time credentials of this grant. */
    radiusUsername: text('radius_username'),
    radiusPasswordEnc: text('radius_password_enc'),
  },
  (t) => [
    primaryKey({ name: 'guest_sessions_pkey', columns: [t.id, t.startedAt] }),
    index('guest_sessions_site_started_idx').on(t.siteId, t.startedAt),
    index('guest_sessions_guest_started_idx').on(t.guestId, t.startedAt),
    index('guest_sessions_site_mac_idx').on(t.siteId, t.mac, t.startedAt),
    index('guest_sessions_radius_username_idx')
      .on(t.radiusUsername)
      .where(sql`${t.radiusUsername} is not null`),
  ],
);

/** The consent texts a site showed, versioned: a consent record points at exactly what the guest saw. */
export const consentTexts = pgTable(
  'consent_texts',
  {
    id: serial('id').primaryKey(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    hash: text('hash').notNull(),
    texts: jsonb('texts').$type<Record<string, string>>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('consent_texts_site_hash_key').on(t.siteId, t.hash),
    uniqueIndex('consent_texts_site_version_key').on(t.siteId, t.version),
  ],
);

/** One answer of a guest to one consent (terms, privacy, marketing, GDPR contact and device id). */
export const guestConsents = pgTable(
  'guest_consents',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    accountId: integer('account_id').notNull(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    guestId: bigint('guest_id', { mode: 'number' })
      .notNull()
      .references(() => guests.id, { onDelete: 'cascade' }),
    consentTextId: integer('consent_text_id')
      .notNull()
      .references(() => consentTexts.id),
    kind: text('kind').notNull(),
    granted: boolean('granted').notNull(),
    mac: text('mac'),
    ip: text('ip').notNull().default(''),
    userAgent: text('user_agent').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('guest_consents_guest_idx').on(t.guestId, t.createdAt)],
);
