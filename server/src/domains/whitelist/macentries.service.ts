import { and, count, desc, eq, ilike, or } from 'drizzle-orm';
import { formatMac, normalizeMac, type MacNetworkStatus } from '@splashboard/contract';
import { macEntries } from '../../db/schema/index.ts';
import type { AppContext } from '../../platform/context.ts';
import type { Actor } from '../../platform/access.ts';
import { assertSitePermission } from '../../platform/access.ts';
import { fieldError, notFound } from '../../platform/errors.ts';
import type { SitesService } from '../sites/sites.service.ts';
import { usesApiWhitelist, type WhitelistSync } from './whitelist-sync.ts';

type Row = typeof macEntries.$inferSelect;
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
  db,
  siteChanges,
  sites,
  sync,
}: Pick<AppContext, 'db' | 'siteChanges'> & { sites: SitesService; sync: WhitelistSync }) {
  async function access(actor: Actor | null, siteId: number, mode: 'read' | 'write') {
    const found = await sites.siteFor(actor, siteId, 'macauth', mode);
    let canWrite = true;
    try {
      assertSitePermission(found.actor, siteId, 'macauth', 'write', found.access);
    } catch {
      canWrite = false;
    }
    return { ...found, canWrite };
  }

  async function entryFor(actor: Actor | null, siteId: number, id: number, mode: 'read' | 'write') {
    const found = await access(actor, siteId, mode);
    const [row] = await db
      .select()
      .from(macEntries)
      .where(and(eq(macEntries.id, id), eq(macEntries.siteId, siteId)));
    if (!row) throw notFound();
    return { ...found, entry: row };
  }

  return {
    async get(actor: Actor | null, siteId: number, id: number) {
      const { entry, canWrite } = await entryFor(actor, siteId, id, 'read');
      return { ...toEntry(entry), can_write: canWrite };
    },

    async list(actor: Actor | null, siteId: number, q: { page: number; per_page: number; search: string }) {
      const { canWrite } = await access(actor, siteId, 'read');
      const term = q.search.toLowerCase().replace(/[^0-9a-z.]/g, '');
      const where = and(
        eq(macEntries.siteId, siteId),
        q.search
          ? or(
              ilike(macEntries.mac, `%${term}%`),
              ilike(macEntries.externalIp, `%${q.search}%`),
              ilike(macEntries.description, `%${q.search}%`),
            )
          : undefined,
      );
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(macEntries)
          .where(where)
          .orderBy(desc(macEntries.id))
          .limit(q.per_page)
          .offset((q.page - 1) * q.per_page),
        db.select({ n: count() }).from(macEntries).where(where),
      ]);
      return {
        items: rows.map(toEntry),
        metadata: { page: q.page, per_page: q.per_page, total: total?.n ?? 0 },
        can_write: canWrite,
      };
    },

    async create(actor: Actor | null, siteId: number, input: { mac: string; external_ip: string; description: string }) {
      const { actor: a, row: site } = await access(actor, siteId, 'write');
      const viaApi = usesApiWhitelist(site.routerType);
      const [row] = await db
        .insert(macEntries)
        .values({
          accountId: a.accountId,
          siteId,
          mac: normalizeMac(input.mac)!,
          externalIp: input.external_ip,
          description: input.description,
          networkStatus: viaApi ? 'pending' : 'none',
        })
        .onConflictDoNothing()
        .returning();
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
      const [clash] = await db
        .select({ id: macEntries.id })
        .from(macEntries)
        .where(and(eq(macEntries.siteId, siteId), eq(macEntries.mac, mac)));
      if (clash && clash.id !== id) throw duplicate();
      const [row] = await db
        .update(macEntries)
        .set({
          mac,
          externalIp: input.external_ip,
          description: input.description,
          ...(macChanged ? { networkStatus: viaApi ? 'pending' : 'none', networkDetail: '' } : {}),
        })
        .where(eq(macEntries.id, id))
        .returning();
      siteChanges.publish(siteId);
      // The old MAC loses its access and the new one gets it.
      if (viaApi && macChanged) await sync.later(siteId, [entry.mac, mac]);
      return toEntry(row!);
    },

    async remove(actor: Actor | null, siteId: number, id: number) {
      const { entry, row: site } = await entryFor(actor, siteId, id, 'write');
      await db.delete(macEntries).where(eq(macEntries.id, id));
      siteChanges.publish(siteId);
      if (usesApiWhitelist(site.routerType)) await sync.later(siteId, [entry.mac]);
      return { status: 200 as const, message: 'Deleted' };
    },
  };
}
export type MacEntriesService = ReturnType<typeof createMacEntriesService>;
