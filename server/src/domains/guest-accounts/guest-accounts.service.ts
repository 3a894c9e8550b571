import {
  formatMac,
  normalizeMac,
  type GuestAccount,
  type GuestAccountConnectAnswer,
  type GuestAccountCreate,
  type GuestAccountDefaults,
  type GuestAccountDetails,
  type GuestAccountDisconnectAnswer,
  type GuestAccountUpdate,
} from '@splashboard/contract';
import type { AppContext } from '../../platform/context.ts';
import { can, type AccessMode, type Actor } from '../../platform/access.ts';
import { fieldError, notFound } from '../../platform/errors.ts';
import { hashPassword } from '../../platform/passwords.ts';
import type { SiteAccess } from '../../platform/site-access.ts';
import type { Controllers } from '../routers/controllers.ts';
import { createGuestSessionsRepo } from '../guests/guest-sessions.repo.ts';
import { createGuestsRepo } from '../guests/guests.repo.ts';
import { createSplashRepo } from '../splash/splash.repo.ts';
import { siteDefaults } from './defaults.ts';
import { createGuestAccountsRepo } from './guest-accounts.repo.ts';
import { grantByMac, revokeMac, type DevicePlanLimits } from './network-access.ts';
import {
  DeviceLimitError,
  OtherAccountError,
  accessOf,
  bindDevice,
  dataUsedMb,
  endSessions,
  expiryFrom,
  identityOfAccount,
  onlineMacs,
  statusOf,
  type GuestAccountRow,
  type GuestAccountStore,
} from './guest-accounts.rules.ts';

type Deps = Pick<AppContext, 'db' | 'log'> & {
  sites: SiteAccess;
  controllers: Controllers;
  /** The plan's active guest devices: a device connected from the dashboard counts as a guest's. */
  planLimits: DevicePlanLimits;
};

const SESSIONS_SHOWN = 50;
const iso = (d: Date | null) => (d ? d.toISOString() : null);
/** `aa:bb:cc:dd:ee:ff`, as the portal and the guest tables keep MACs; null when not a MAC. */
export const macOf = (value: string) => {
  const hex = normalizeMac(value);
  return hex ? hex.match(/../g)!.join(':') : null;
};

export function toGuestAccount(r: GuestAccountRow, devicesCount: number, now = new Date()): GuestAccount {
  return {
    id: r.id,
    username: r.username,
    name: r.name,
    email: r.email,
    notes: r.notes,
    num_devices: r.numDevices,
    duration_val: r.durationVal,
    duration_type: r.durationType as GuestAccount['duration_type'],
    bytes_t: r.bytesT,
    bytes_type: r.bytesType as GuestAccount['bytes_type'],
    speed_ul: r.speedUl,
    speed_dl: r.speedDl,
    source: r.source as GuestAccount['source'],
    status: statusOf(r, now),
    first_login_at: iso(r.firstLoginAt),
    expires_at: iso(r.expiresAt),
    devices_count: devicesCount,
    created_at: r.createdAt.toISOString(),
    updated_at: r.updatedAt.toISOString(),
  };
}

/** A new account's columns: what was given, the site's defaults for the rest. */
export function newAccountValues(input: Omit<GuestAccountCreate, 'password'>, defaults: GuestAccountDefaults) {
  return {
    username: input.username,
    name: input.name,
    email: input.email,
    notes: input.notes,
    numDevices: input.num_devices ?? defaults.num_devices,
    durationVal: input.duration_val ?? defaults.duration_val,
    durationType: input.duration_type ?? defaults.duration_type,
    bytesT: input.bytes_t ?? defaults.bytes_t,
    bytesType: input.bytes_type ?? defaults.bytes_type,
    speedUl: input.speed_ul ?? defaults.speed_ul,
    speedDl: input.speed_dl ?? defaults.speed_dl,
  };
}

const taken = () => fieldError('username', 'guestAccounts.usernameTaken');

/**
 * Guest accounts of a site (permission guestuser: the client area "username/password accounts").
 * Reading needs read access, every change write access; another account's site or account is 404.
 */
export function createGuestAccountsService({ db, log, sites, controllers, planLimits }: Deps) {
  const store: GuestAccountStore = {
    guestAccounts: createGuestAccountsRepo(db),
    guests: createGuestsRepo(db),
    guestSessions: createGuestSessionsRepo(db),
  };
  const accounts = store.guestAccounts;
  const splash = createSplashRepo(db);
  const network = { db, ...store, controllers, log, planLimits };

  async function access(actor: Actor | null, siteId: number, mode: AccessMode) {
    const found = await sites.siteFor(actor, siteId, 'guestuser', mode);
    return { ...found, canWrite: can(found.actor, siteId, 'guestuser', 'write', found.access) };
  }

  async function accountIn(siteId: number, id: number): Promise<GuestAccountRow> {
    const row = await accounts.byId(id, siteId);
    if (!row) throw notFound('guestAccounts.accountNotFound');
    return row;
  }

  async function details(row: GuestAccountRow, canWrite: boolean): Promise<GuestAccountDetails> {
    const now = new Date();
    const [devices, online, used, sessions] = await Promise.all([
      accounts.devicesOf(row.id),
      onlineMacs(store, row.siteId, row.id, now),
      dataUsedMb(store, row.siteId, row.id),
      store.guestSessions.latestOfIdentity(row.siteId, identityOfAccount(row.id), SESSIONS_SHOWN),
    ]);
    return {
      ...toGuestAccount(row, devices.length, now),
      data_used_mb: Math.round(used * 100) / 100,
      devices: devices.map((d) => ({
        mac: formatMac(d.mac.replace(/:/g, '')),
        source: d.source as 'login' | 'operator',
        bound_at: d.boundAt.toISOString(),
        last_login_at: iso(d.lastLoginAt),
        online: online.has(d.mac),
      })),
      sessions: sessions.map((s) => ({
        id: s.id,
        mac: s.mac ? formatMac(s.mac.replace(/:/g, '')) : null,
        started_at: s.startedAt.toISOString(),
        expires_at: s.expiresAt.toISOString(),
        ended_at: iso(s.endedAt),
        grant_status: s.grantStatus,
        megabytes: Math.round(Number(s.bytes) / 10_000) / 100,
      })),
      can_write: canWrite,
    };
  }

  return {
    async list(actor: Actor | null, siteId: number, q: { page: number; per_page: number; search: string }) {
      const { canWrite } = await access(actor, siteId, 'read');
      const { rows, total } = await accounts.list(siteId, q);
      const now = new Date();
      return {
        items: rows.map((r) => toGuestAccount(r.account, Number(r.devices), now)),
        metadata: { page: q.page, per_page: q.per_page, total },
        can_write: canWrite,
      };
    },

    async defaults(actor: Actor | null, siteId: number): Promise<GuestAccountDefaults> {
      await access(actor, siteId, 'read');
      return siteDefaults(splash, siteId);
    },

    async get(actor: Actor | null, siteId: number, id: number) {
      const { canWrite } = await access(actor, siteId, 'read');
      return details(await accountIn(siteId, id), canWrite);
    },

    async create(actor: Actor | null, siteId: number, input: GuestAccountCreate) {
      const { actor: a } = await access(actor, siteId, 'write');
      const values = newAccountValues(input, await siteDefaults(splash, siteId));
      const row = await accounts.createIfFree({
        ...values,
        accountId: a.accountId,
        siteId,
        passwordHash: await hashPassword(input.password),
        source: 'dashboard',
      });
      if (!row) throw taken();
      return details(row, true);
    },

    async update(actor: Actor | null, siteId: number, id: number, input: GuestAccountUpdate) {
      await access(actor, siteId, 'write');
      const row = await accountIn(siteId, id);
      if (input.username && input.username !== row.username) {
        if (await accounts.idOfUsername(siteId, input.username)) throw taken();
      }
      const duration = {
        durationVal: input.duration_val ?? row.durationVal,
        durationType: input.duration_type ?? row.durationType,
      };
      const [updated] = await accounts
        .update(id, {
          username: input.username,
          name: input.name,
          email: input.email,
          notes: input.notes,
          numDevices: input.num_devices,
          ...duration,
          // A new duration counts from the same first use.
          expiresAt: row.firstLoginAt ? expiryFrom(duration, row.firstLoginAt) : null,
          bytesT: input.bytes_t,
          bytesType: input.bytes_type,
          speedUl: input.speed_ul,
          speedDl: input.speed_dl,
          passwordHash: input.password ? await hashPassword(input.password) : undefined,
          updatedAt: new Date(),
        })
        .catch((err: unknown) => {
          // Two renames to the same username at once: the unique index decides.
          if ((err as { code?: string }).code === '23505' || /unique/i.test(String(err))) throw taken();
          throw err;
        });
      return details(updated!, true);
    },

    async remove(actor: Actor | null, siteId: number, id: number) {
      const { row: site } = await access(actor, siteId, 'write');
      const row = await accountIn(siteId, id);
      const macs = await accounts.macsOf(id);
      await endSessions(store, siteId, row.id, 'account_deleted');
      await accounts.remove(id);
      // The gateway is told after the rows are gone: a failure there leaves nothing half-deleted here.
      for (const mac of macs) await revokeMac({ controllers, log }, site, mac);
      return { status: 200 as const, message: 'Deleted' };
    },

    async connect(actor: Actor | null, siteId: number, id: number, guestmac: string): Promise<GuestAccountConnectAnswer> {
      const { row: site } = await access(actor, siteId, 'write');
      const row = await accountIn(siteId, id);
      const mac = macOf(guestmac);
      if (!mac) throw fieldError('guestmac', 'guestAccounts.macFormat');
      const allowed = await accessOf(store, row);
      if (!allowed.ok)
        throw fieldError('guestmac', allowed.reason === 'expired' ? 'guestAccounts.expired' : 'guestAccounts.dataUsed');
      try {
        await db.transaction((tx) => bindDevice(store, row, mac, { source: 'operator', takeOver: false }, tx));
      } catch (err) {
        if (err instanceof DeviceLimitError) throw fieldError('guestmac', 'guestAccounts.deviceLimit');
        if (err instanceof OtherAccountError) throw fieldError('guestmac', 'guestAccounts.macOtherAccount');
        throw err;
      }
      const outcome = await grantByMac(network, site, row, mac, allowed.limits);
      const [device] = (await details(await accountIn(siteId, id), true)).devices.filter((d) => macOf(d.mac) === mac);
      return { device: device!, ...outcome };
    },

    async disconnect(actor: Actor | null, siteId: number, id: number, macParam: string): Promise<GuestAccountDisconnectAnswer> {
      const { row: site } = await access(actor, siteId, 'write');
      const row = await accountIn(siteId, id);
      const mac = macOf(macParam);
      if (!mac) throw fieldError('mac', 'guestAccounts.macFormat');
      if (!(await accounts.removeDevice(row.id, mac))) throw notFound('guestAccounts.deviceNotConnected');
      await endSessions(store, siteId, row.id, 'operator', [mac]);
      const revoked = await revokeMac({ controllers, log }, site, mac);
      return { status: 200, message: 'Disconnected', ...revoked };
    },
  };
}
export type GuestAccountsService = ReturnType<typeof createGuestAccountsService>;
