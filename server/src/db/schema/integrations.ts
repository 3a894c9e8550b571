import {
  bigint,
  bigserial,
  boolean,
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
import type { FieldMapEntry, IntegrationSettings } from '@splashboard/contract';
import { accounts } from './accounts.ts';
import { sites } from './sites.ts';

/**
 * One integration of a site (kind: the spec's names, hubspot … customerio): its form values, its sealed
 * secrets and tokens, the field map, and the state of its delivery (where the collector has reached,
 * when it may call the vendor again, which worker holds it).
 */
export const integrations = pgTable(
  'integrations',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    enabled: boolean('enabled').notNull().default(false),
    /** The non-secret form values. */
    settings: jsonb('settings').$type<IntegrationSettings>().notNull().default({}),
    /** Sealed JSON: the secret form values and, once connected by OAuth, the tokens. */
    secretsEnc: text('secrets_enc'),
    fieldMap: jsonb('field_map').$type<FieldMapEntry[]>().notNull().default([]),
    /** oauth or token, once connected; the vendor's own name of the account. */
    connectionMethod: text('connection_method'),
    connectionAccount: text('connection_account'),
    /** active, inactive or failing (what the integrations page shows). */
    status: text('status').notNull().default('inactive'),
    lastError: text('last_error'),
    lastErrorAt: timestamp('last_error_at', { withTimezone: true }),
    enabledAt: timestamp('enabled_at', { withTimezone: true }),
    /** Guests seen (last_seen_at) after this are collected for delivery; a backfill moves it back. */
    collectFrom: timestamp('collect_from', { withTimezone: true }).notNull().defaultNow(),
    /** No call to the vendor before this (its Retry-After, or the backoff after a failure). */
    pausedUntil: timestamp('paused_until', { withTimezone: true }),
    /** The worker draining it holds it until then. */
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('integrations_site_kind_key').on(t.siteId, t.kind), index('integrations_enabled_idx').on(t.enabled)],
);

/**
 * A guest as one integration's vendor has them: the guest's last_seen_at we sent (so a guest is collected
 * again only after a new login), the vendor's id for them (erasure by id), and whether they were parked.
 * No foreign key to guests: erasure reads it after the guest row is gone.
 */
export const integrationContacts = pgTable(
  'integration_contacts',
  {
    integrationId: integer('integration_id')
      .notNull()
      .references(() => integrations.id, { onDelete: 'cascade' }),
    guestId: bigint('guest_id', { mode: 'number' }).notNull(),
    /** synced, parked or unsubscribed. */
    state: text('state').notNull(),
    syncedSeenAt: timestamp('synced_seen_at', { withTimezone: true }).notNull(),
    vendorId: text('vendor_id'),
    email: text('email'),
    phone: text('phone'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.integrationId, t.guestId] })],
);

/**
 * The delivery queue and log: one row per guest and action sent to an integration, queued by the
 * collector (logins), by an erasure or a withdrawn consent, by a backfill or a resend; kept 30 days.
 */
export const integrationDeliveries = pgTable(
  'integration_deliveries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    integrationId: integer('integration_id')
      .notNull()
      .references(() => integrations.id, { onDelete: 'cascade' }),
    siteId: integer('site_id').notNull(),
    guestId: bigint('guest_id', { mode: 'number' }),
    /** The guest's email or phone as the log shows it (masked once erased). */
    guestLabel: text('guest_label').notNull(),
    /** upsert, unsubscribe, erase or login. */
    action: text('action').notNull(),
    /** queued, sending, retrying, delivered, parked or skipped. */
    status: text('status').notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    /** The guest's last_seen_at when queued (what delivered marks as synced). */
    seenAt: timestamp('seen_at', { withTimezone: true }),
    /** erase and unsubscribe: what the vendor knows the guest by (the guest row may be gone). */
    contact: jsonb('contact').$type<{ email: string | null; phone: string | null; vendorId: string | null }>(),
    httpStatus: integer('http_status'),
    answer: text('answer'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('integration_deliveries_log_idx').on(t.integrationId, t.createdAt),
    index('integration_deliveries_due_idx')
      .on(t.integrationId, t.nextAttemptAt)
      .where(sql`status in ('queued', 'retrying')`),
    // A guest waits once per integration and action: a second login before delivery joins the first.
    uniqueIndex('integration_deliveries_waiting_key')
      .on(t.integrationId, t.guestId, t.action)
      .where(sql`status in ('queued', 'retrying') and guest_id is not null`),
  ],
);
