import { formatMac, normalizeMac, type MacNetworkStatus } from '@splashboard/contract';
import type { AppContext } from '../../platform/context.ts';
import { can, type Actor } from '../../platform/access.ts';
import { fieldError, notFound } from '../../platform/errors.ts';
import type { SiteAccess } from '../../platform/site-access.ts';
import type { MacEntriesRepo, MacEntryRow as Row } from './mac-entries.repo.ts';
import { admissionOf, usesApiWhitelist, type WhitelistSync } from './whitelist-sync.ts';

const toEntry = (r: Row) => ({
  id: r.id,
  mac: formatMac(r.mac),
  external_ip: r.externalIp,
  description: r.description,
  created_at: r.createdAt.toISOString(),
  network_status: r.networkStatus as MacNetworkStatus,
  network_detail: r.networkDetail,
});
const duplicate = () => fieldError('mac', 'whitelist.duplicate');

/** Whitelisted devices of a site (permission macauth: the client area "device whitelisting"). */
export function createMacEntriesService({
  macEntries,
  siteChanges,
  sites,
  sync,
}: Pick<AppContext, 'siteChanges'> & { macEntries: MacEntriesRepo; sites: SiteAccess; sync: WhitelistSync }) {
  async function access(actor: Actor | null, siteId: number, mode: 'read' | 'write') {
    const found = await sites.siteFor(actor, siteId, 'macauth', mode);
    return { ...found, canWrite: can(found.actor, siteId, 'macauth', 'write', found.access) };
  }

  async function entryFor(actor: Actor | null, siteId: number, id: number, mode: 'read' | 'write') {
    const found = await access(actor, siteId, mode);
    const row = await macEntries.byId(siteId, id);
    if (!row) throw notFound();
    return { ...found, entry: row };
  }

  return {
    async get(actor: Actor | null, siteId: number, id: number) {
      const { entry, canWrite } = await entryFor(actor, siteId, id, 'read');
      return { ...toEntry(entry), can_write: canWrite };
    },

    async list(actor: Actor | null, siteId: number, q: { page: number; per_page: number; search: string }) {
      const { canWrite, row: site } = await access(actor, siteId, 'read');
      const { rows, total } = await macEntries.page(siteId, q);
      return {
        items: rows.map(toEntry),
        metadata: { page: q.page, per_page: q.per_page, total },
        can_write: canWrite,
        admission: admissionOf(site.routerType),
      };
    },

    async create(actor: Actor | null, siteId: number, input: { mac: string; external_ip: string; description: string }) {
      const { actor: a, row: site } = await access(actor, siteId, 'write');
      const viaApi = usesApiWhitelist(site.routerType);
      const row = await macEntries.insert({
        accountId: a.accountId,
        siteId,
        mac: normalizeMac(input.mac)!,
        externalIp: input.external_ip,
        description: input.description,
        networkStatus: viaApi ? 'pending' : 'none',
      });
      if (!row) throw duplicate();
      // Tells the RADIUS server's whitelist cache (domains/radius/cache.ts).
      siteChanges.publish(siteId);
      if (viaApi) await sync.later(siteId, [row.mac]);
      return toEntry(row);
    },

    async update(
      actor: Actor | null,
      siteId: number,
      id: number,
      input: { mac: string; external_ip: string; description: string },
    ) {
      const { entry, row: site } = await entryFor(actor, siteId, id, 'write');
      const mac = normalizeMac(input.mac)!;
      const viaApi = usesApiWhitelist(site.routerType);
      const macChanged = mac !== entry.mac;
      const clash = await macEntries.idOf(siteId, mac);
      if (clash !== null && clash !== id) throw duplicate();
      const row = await macEntries.update(id, {
        mac,
        externalIp: input.external_ip,
        description: input.description,
        ...(macChanged ? { networkStatus: viaApi ? 'pending' : 'none', networkDetail: '' } : {}),
      });
      siteChanges.publish(siteId);
      // The old MAC loses its access and the new one gets it.
      if (viaApi && macChanged) await sync.later(siteId, [entry.mac, mac]);
      return toEntry(row);
    },

    async remove(actor: Actor | null, siteId: number, id: number) {
      const { entry, row: site } = await entryFor(actor, siteId, id, 'write');
      await macEntries.delete(id);
      siteChanges.publish(siteId);
      if (usesApiWhitelist(site.routerType)) await sync.later(siteId, [entry.mac]);
      return { status: 200 as const, message: 'Deleted' };
    },
  };
}
export type MacEntriesService = ReturnType<typeof createMacEntriesService>;
