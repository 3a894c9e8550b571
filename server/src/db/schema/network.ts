import {
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { accounts } from './accounts.ts';
import { sites } from './sites.ts';

/** A gateway allowed to ask our RADIUS server, identified by its source address. */
export const nasClients = pgTable(
  'nas_clients',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    ipAddress: text('ip_address').notNull(),
    secretEnc: text('secret_enc').notNull(),
    requireMessageAuthenticator: boolean('require_message_authenticator').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('nas_clients_ip_key').on(t.ipAddress), index('nas_clients_site_idx').on(t.siteId)],
);

/** A whitelisted device: admitted by MAC without a splash page. */
export const macEntries = pgTable(
  'mac_entries',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    /** Twelve lowercase hex digits, whatever format it was given in. */
    mac: text('mac').notNull(),
    externalIp: text('external_ip').notNull(),
    description: text('description').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * Where the gateway is told by API (UniFi), whether it has let the device in: none (the gateway asks
     * our RADIUS server instead), pending, authorized or failed, with the controller's reason.
     */
    networkStatus: text('network_status').notNull().default('none'),
    networkDetail: text('network_detail').notNull().default(''),
    networkCheckedAt: timestamp('network_checked_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('mac_entries_site_mac_key').on(t.siteId, t.mac)],
);

/**
 * RADIUS accounting as the gateway reports it, one row per gateway session. Partitioned by month of started_at
 * (migration 0023): its key is (id, started_at), and one row per gateway session is kept by the repo's lock.
 */
export const radiusSessions = pgTable(
  'radius_sessions',
  {
    id: bigserial('id', { mode: 'number' }).notNull(),
    nasClientId: integer('nas_client_id')
      .notNull()
      .references(() => nasClients.id, { onDelete: 'cascade' }),
    siteId: integer('site_id').notNull(),
    acctSessionId: text('acct_session_id').notNull(),
    userName: text('user_name').notNull(),
    callingStationId: text('calling_station_id').notNull(),
    status: text('status').notNull(),
    inputOctets: bigint('input_octets', { mode: 'number' }).notNull().default(0),
    outputOctets: bigint('output_octets', { mode: 'number' }).notNull().default(0),
    sessionTime: integer('session_time').notNull().default(0),
    terminateCause: text('terminate_cause').notNull().default(''),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    stoppedAt: timestamp('stopped_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ name: 'radius_sessions_pkey', columns: [t.id, t.startedAt] }),
    index('radius_sessions_nas_session_idx').on(t.nasClientId, t.acctSessionId),
    index('radius_sessions_site_idx').on(t.siteId),
  ],
);
