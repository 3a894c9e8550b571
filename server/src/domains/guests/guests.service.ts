import { guestDisplayName, type GuestDetails, type GuestDisconnect, type GuestList } from '@splashboard/contract';
import type { AppContext } from '../../platform/context.ts';
import { can, type Actor } from '../../platform/access.ts';
import { AppError, fieldError, notFound } from '../../platform/errors.ts';
import { ControllerError, normalizeMac } from '../../adapters/controllers/index.ts';
import type { SiteAccess } from '../../platform/site-access.ts';
import type { Controllers } from '../routers/controllers.ts';
import type { GuestFilters } from './guest-filters.ts';
import { createGuestListRepo } from './guest-list.repo.ts';
import { createGuestSessionsRepo } from './guest-sessions.repo.ts';
import { createGuestsRepo } from './guests.repo.ts';
import { createPortalChallengesRepo } from './portal-challenges.repo.ts';

type Deps = Pick<AppContext, 'db' | 'reads' | 'log' | 'guestChanges'> & {
  sites: SiteAccess;
  controllers: Pick<Controllers, 'adapterFor'>;
};

/** How many of a guest's latest sessions and consent answers the details carry. */
export const DETAIL_SESSIONS = 50;
export const DETAIL_CONSENTS = 100;
export const DASHBOARD_DISCONNECT = 'dashboard_disconnect';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/**
 * The guests of a site in the dashboard (permission `guests`, the client area "guest data"): reading
 * needs read access, disconnecting and deleting need write access.
 */
export function createGuestsService({ db, reads, log, sites, controllers, guestChanges }: Deps) {
  const guests = createGuestsRepo(db);
  // The list and its searches may be a few seconds stale (the read replica); a guest's details are not.
  const guestList = createGuestListRepo(reads);
  const sessions = createGuestSessionsRepo(db);
  const challenges = createPortalChallengesRepo(db);

  async function guestOf(siteId: number, accountId: number, id: number) {
    const row = await guests.byId(id, siteId, accountId);
    if (!row) throw notFound('guests.guestNotFound');
    return row;
  }

  return {
    /** One page of a site's guests, newest last visit first. */
    async list(actor: Actor | null, siteId: number, q: GuestFilters & { page: number; per_page: number }): Promise<GuestList> {
      const { row: site } = await sites.siteFor(actor, siteId, 'guests', 'read');
      const { rows, total, exact } = await guestList.page(siteId, site.timezone, q);
      return {
        items: rows.map((r) => ({
          id: r.id,
          first_name: r.firstName,
          last_name: r.lastName,
          email: r.email,
          phone: r.phone,
          display_name: guestDisplayName(r),
          visits: r.visits,
          last_method: r.lastMethod,
          marketing_consent: r.marketingConsent,
          first_seen: r.firstSeenAt.toISOString(),
          last_seen: r.lastSeenAt.toISOString(),
        })),
        metadata: { page: q.page, per_page: q.per_page, total, total_exact: exact },
      };
    },

    async details(actor: Actor | null, siteId: number, id: number): Promise<GuestDetails> {
      const { actor: a, access } = await sites.siteFor(actor, siteId, 'guests', 'read');
      const g = await guestOf(siteId, a.accountId, id);
      const canWrite = can(a, siteId, 'guests', 'write', access);
      const [devices, sessionList, sessionCount, consents, consentCount, usage] = await Promise.all([
        guests.devicesOf(id),
        sessions.latestOfGuest(id, DETAIL_SESSIONS),
        sessions.countOfGuest(id),
        guests.consentsOf(id, DETAIL_CONSENTS),
        guests.consentCountOf(id),
        sessions.usageOfGuest(id),
      ]);
      return {
        guest: {
          id: g.id,
          email: g.email,
          phone: g.phone,
          first_name: g.firstName,
          last_name: g.lastName,
          display_name: guestDisplayName(g),
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
          items: sessionList.map((s) => ({
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
          total: sessionCount,
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
          total: consentCount,
        },
        consent_texts: Object.fromEntries(consents.map(({ version, texts }) => [String(version), texts])),
        usage: {
          sessions: sessionCount,
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
      const device = await guests.deviceOf(siteId, id, mac);
      // A device now known as another guest's still counts for the guest whose sessions it carried.
      const known = device ?? (await sessions.anyOfGuestOnDevice(siteId, id, mac));
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
      const ended = await sessions.endOpenOfDevice(siteId, mac, DASHBOARD_DISCONNECT);
      return { status: 200, message, disconnected, ended_sessions: ended };
    },

    /**
     * Erases a guest (GDPR): the guest row and with it their devices, sessions and consent records (the
     * foreign keys cascade), and the email confirmations still pending for them. Downloads made before
     * keep their copy until they are cleaned up (a day). Other areas' steps (integrations queue the
     * erasure at their vendors) run in the same transaction, before the row is gone.
     */
    async remove(actor: Actor | null, siteId: number, id: number) {
      const { actor: a } = await sites.siteFor(actor, siteId, 'guests', 'write');
      await db.transaction(async (tx) => {
        const guest = await guests.byId(id, siteId, a.accountId, tx);
        if (!guest) throw notFound('guests.guestNotFound');
        await guestChanges.erased(tx, { accountId: a.accountId, siteId, guestId: id, email: guest.email, phone: guest.phone });
        if (!(await guests.remove(id, siteId, a.accountId, tx))) throw notFound('guests.guestNotFound');
        await challenges.removeOfGuest(siteId, id, tx);
      });
      return { status: 200 as const, message: 'Guest deleted' };
    },
  };
}

export type GuestsService = ReturnType<typeof createGuestsService>;
