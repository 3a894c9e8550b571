import { and, count, desc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { GuestDetails, GuestDisconnect } from '@splashboard/contract';
import { consentTexts, guestConsents, guestDevices, guestSessions, guests, portalChallenges } from '../../db/schema/index.ts';
import type { AppContext } from '../../platform/context.ts';
import { assertSitePermission, type Actor } from '../../platform/access.ts';
import { AppError, fieldError, notFound } from '../../platform/errors.ts';
import { ControllerError, normalizeMac } from '../../adapters/controllers/index.ts';
import type { SitesService } from '../sites/sites.service.ts';
import type { Controllers } from '../routers/controllers.ts';
import type { GuestFilters } from './guest-filters.ts';
import { listGuests } from './guest-list.ts';

type Deps = Pick<AppContext, 'db' | 'log'> & {
  sites: Pick<SitesService, 'siteFor'>;
  controllers: Pick<Controllers, 'adapterFor'>;
};

/** How many of a guest's latest sessions and consent answers the details carry. */
export const DETAIL_SESSIONS = 50;
export const DETAIL_CONSENTS = 100;
/** Grants that let the device on: a session in one of them that has neither ended nor run out is online. */
const LIVE_GRANTS = ['granted', 'confirmed'];
export const DASHBOARD_DISCONNECT = 'dashboard_disconnect';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/**
 * The guests of a site in the dashboard (permission `guests`, the client area "guest data"): reading
 * needs read access, disconnecting and deleting need write access.
 */
export function createGuestsService({ db, log, sites, controllers }: Deps) {
  async function guestOf(siteId: number, accountId: number, id: number) {
    const [row] = await db
      .select()
      .from(guests)
      .where(and(eq(guests.id, id), eq(guests.siteId, siteId), eq(guests.accountId, accountId)));
    if (!row) throw notFound('guests.guestNotFound');
    return row;
  }

  return {
    async list(actor: Actor | null, siteId: number, q: GuestFilters & { page: number; per_page: number }) {
      const { row: site } = await sites.siteFor(actor, siteId, 'guests', 'read');
      return listGuests(db, siteId, site.timezone, q);
    },

    async details(actor: Actor | null, siteId: number, id: number): Promise<GuestDetails> {
      const { actor: a, access } = await sites.siteFor(actor, siteId, 'guests', 'read');
      const g = await guestOf(siteId, a.accountId, id);
      let canWrite = true;
      try {
        assertSitePermission(a, siteId, 'guests', 'write', access);
      } catch {
        canWrite = false;
      }
      const ofGuest = eq(guestSessions.guestId, id);
      // Written out: in a one-table select Drizzle leaves columns unqualified, which the subquery would capture.
      const online = sql<boolean>`exists (select 1 from guest_sessions s where s.site_id = guest_devices.site_id
        and s.mac = guest_devices.mac and s.ended_at is null and s.expires_at > now() and s.grant_status in ('granted', 'confirmed'))`;
      const [devices, sessions, [sessionCount], consents, [consentCount], [usage]] = await Promise.all([
        db
          .select({ device: guestDevices, online })
          .from(guestDevices)
          .where(eq(guestDevices.guestId, id))
          .orderBy(desc(guestDevices.lastSeenAt)),
        db.select().from(guestSessions).where(ofGuest).orderBy(desc(guestSessions.startedAt)).limit(DETAIL_SESSIONS),
        db.select({ n: count() }).from(guestSessions).where(ofGuest),
        db
          .select({ consent: guestConsents, version: consentTexts.version, texts: consentTexts.texts })
          .from(guestConsents)
          .innerJoin(consentTexts, eq(consentTexts.id, guestConsents.consentTextId))
          .where(eq(guestConsents.guestId, id))
          .orderBy(desc(guestConsents.createdAt), desc(guestConsents.id))
          .limit(DETAIL_CONSENTS),
        db.select({ n: count() }).from(guestConsents).where(eq(guestConsents.guestId, id)),
        db
          .select({
            minutes: sql<string>`coalesce(sum(extract(epoch from (least(coalesce(${guestSessions.endedAt}, now()), ${guestSessions.expiresAt}) - ${guestSessions.startedAt})) / 60) filter (where ${inArray(guestSessions.grantStatus, LIVE_GRANTS)}), 0)`,
            up: sql<string>`coalesce(sum(${guestSessions.bytesUp}), 0)`,
            down: sql<string>`coalesce(sum(${guestSessions.bytesDown}), 0)`,
          })
          .from(guestSessions)
          .where(ofGuest),
      ]);
      return {
        guest: {
          id: g.id,
          email: g.email,
          phone: g.phone,
          first_name: g.firstName,
          last_name: g.lastName,
          gender: g.gender,
          birthday: g.birthday,
          country: g.country,
          postcode: g.postcode,
          fields: g.fields,
          marketing_consent: g.marketingConsent,
          email_verified_at: iso(g.emailVerifiedAt),
          first_method: g.firstMethod,
          last_method: g.lastMethod,
          visits: g.visits,
          first_seen: g.firstSeenAt.toISOString(),
          last_seen: g.lastSeenAt.toISOString(),
        },
        devices: devices.map(({ device: d, online: on }) => ({
          id: d.id,
          mac: d.mac,
          device_type: d.deviceType,
          os: d.os,
          user_agent: d.userAgent,
          first_seen: d.firstSeenAt.toISOString(),
          last_seen: d.lastSeenAt.toISOString(),
          online: Boolean(on),
        })),
        sessions: {
          items: sessions.map((s) => ({
            id: s.id,
            mac: s.mac,
            method: s.method,
            family: s.family,
            ssid: s.ssid,
            started_at: s.startedAt.toISOString(),
            expires_at: s.expiresAt.toISOString(),
            ended_at: iso(s.endedAt),
            end_cause: s.endCause,
            minutes: s.minutes,
            bytes_up: s.bytesUp,
            bytes_down: s.bytesDown,
            grant_status: s.grantStatus,
          })),
          total: Number(sessionCount?.n ?? 0),
        },
        consents: {
          items: consents.map(({ consent: c, version }) => ({
            id: c.id,
            kind: c.kind,
            granted: c.granted,
            created_at: c.createdAt.toISOString(),
            mac: c.mac,
            ip: c.ip,
            text_version: version,
          })),
          total: Number(consentCount?.n ?? 0),
        },
        consent_texts: Object.fromEntries(consents.map(({ version, texts }) => [String(version), texts])),
        usage: {
          sessions: Number(sessionCount?.n ?? 0),
          minutes_online: Math.round(Number(usage?.minutes ?? 0)),
          bytes_up: Number(usage?.up ?? 0),
          bytes_down: Number(usage?.down ?? 0),
        },
        can_write: canWrite,
      };
    },

    /**
     * Takes a guest's device off the network through the site's controller, then records its open
     * sessions as ended. A gateway that cannot do it (openNDS) or a site without a controller still has
     * the sessions ended here, and the answer says the device itself was not disconnected; a controller
     * that fails leaves everything as it was.
     */
    async disconnect(actor: Actor | null, siteId: number, id: number, macInput: string): Promise<GuestDisconnect> {
      const { actor: a, row: site } = await sites.siteFor(actor, siteId, 'guests', 'write');
      await guestOf(siteId, a.accountId, id);
      const mac = normalizeMac(macInput);
      if (!mac) throw fieldError('mac', 'guests.macFormat');
      const [device] = await db
        .select({ id: guestDevices.id })
        .from(guestDevices)
        .where(and(eq(guestDevices.siteId, siteId), eq(guestDevices.guestId, id), eq(guestDevices.mac, mac)));
      // A device now known as another guest's still counts for the guest whose sessions it carried.
      const [session] = device
        ? [device]
        : await db
            .select({ id: guestSessions.id })
            .from(guestSessions)
            .where(and(eq(guestSessions.siteId, siteId), eq(guestSessions.guestId, id), eq(guestSessions.mac, mac)))
            .limit(1);
      const known = device ?? session;
      if (!known) throw notFound('guests.deviceNotFound');

      let message = 'Device disconnected';
      let disconnected = true;
      const adapter = await controllers.adapterFor(siteId, site.routerType);
      if (!adapter) {
        disconnected = false;
        message = 'This location has no controller set up that can disconnect devices: its sessions are recorded as ended here';
      } else {
        try {
          await adapter.revokeAccess(mac);
        } catch (err) {
          if (!(err instanceof ControllerError)) {
            log.error({ err, siteId }, 'disconnecting a guest device failed');
            throw new AppError(502, 'guests.disconnectFailed');
          }
          if (err.code !== 'unsupported')
            throw new AppError(502, 'guests.disconnectFailedDetail', { params: { detail: err.message } });
          disconnected = false;
          message = `The gateway cannot disconnect a device from here (${err.message}); its sessions are recorded as ended`;
        }
      }
      const ended = await db
        .update(guestSessions)
        .set({ endedAt: new Date(), endCause: DASHBOARD_DISCONNECT })
        .where(
          and(
            eq(guestSessions.siteId, siteId),
            eq(guestSessions.mac, mac),
            isNull(guestSessions.endedAt),
            gt(guestSessions.expiresAt, new Date()),
          ),
        )
        .returning({ id: guestSessions.id });
      return { status: 200, message, disconnected, ended_sessions: ended.length };
    },

    /**
     * Erases a guest (GDPR): the guest row and with it their devices, sessions and consent records (the
     * foreign keys cascade), and the email confirmations still pending for them. Downloads made before
     * keep their copy until they are cleaned up (a day).
     */
    async remove(actor: Actor | null, siteId: number, id: number) {
      const { actor: a } = await sites.siteFor(actor, siteId, 'guests', 'write');
      await db.transaction(async (tx) => {
        const deleted = await tx
          .delete(guests)
          .where(and(eq(guests.id, id), eq(guests.siteId, siteId), eq(guests.accountId, a.accountId)))
          .returning({ id: guests.id });
        if (!deleted.length) throw notFound('guests.guestNotFound');
        await tx
          .delete(portalChallenges)
          .where(and(eq(portalChallenges.siteId, siteId), sql`${portalChallenges.data}->>'guestId' = ${String(id)}`));
      });
      return { status: 200 as const, message: 'Guest deleted' };
    },
  };
}

export type GuestsService = ReturnType<typeof createGuestsService>;
