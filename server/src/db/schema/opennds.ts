import { bigint, bigserial, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { accounts } from './accounts.ts';
import { sites } from './sites.ts';

/**
 * Grants waiting for an openNDS gateway at FAS level 3. There the portal cannot open the gate through
 * the guest's browser: the gateway's authmon daemon polls the portal, takes the entries of its own
 * gateway (by gatewayhash), authorises them with `ndsctl auth` and acknowledges the ones that worked.
 * A row is pending until acknowledged (confirmedAt) or dropped (droppedAt: the gateway restarted, it
 * expired, or the gateway kept refusing it).
 */
export const openNdsAuthQueue = pgTable(
  'opennds_auth_queue',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    /** The guest session this grant opens, when the portal recorded one (checked by a trigger: guest_sessions is partitioned). */
    sessionId: bigint('session_id', { mode: 'number' }),
    /** sha256 hex of the gateway's URL-encoded GatewayName: what authmon sends as gatewayhash. */
    gatewayHash: text('gateway_hash').notNull(),
    /** sha256 hex of (hid + faskey): the client as `ndsctl auth` and the acknowledgement name it. */
    rhid: text('rhid').notNull(),
    /** The line authmon gets: `rhid minutes uploadrate downloadrate uploadquota downloadquota custom`. */
    entry: text('entry').notNull(),
    clientMac: text('client_mac'),
    /** `host:port` of the gateway as the guest reaches it: a page there sends an unauthorised guest back to the portal. */
    gatewayAddress: text('gateway_address').notNull(),
    /** SHA-256 of the token in the guest's waiting page address. */
    waitTokenHash: text('wait_token_hash').notNull(),
    continueUrl: text('continue_url').notNull().default(''),
    deliveries: integer('deliveries').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    droppedAt: timestamp('dropped_at', { withTimezone: true }),
    dropReason: text('drop_reason'),
  },
  (t) => [
    uniqueIndex('opennds_auth_queue_gateway_rhid_key').on(t.siteId, t.gatewayHash, t.rhid),
    uniqueIndex('opennds_auth_queue_wait_token_key').on(t.waitTokenHash),
    index('opennds_auth_queue_created_idx').on(t.createdAt),
  ],
);
