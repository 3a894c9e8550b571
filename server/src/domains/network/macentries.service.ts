import { and, count, desc, eq, ilike, or } from 'drizzle-orm';
import { formatMac, normalizeMac } from '@splashboard/contract';
import { macEntries } from '../../db/schema/index.ts';
import type { AppContext } from '../../platform/context.ts';
import type { Actor } from '../../platform/access.ts';
import { fieldError, notFound } from '../../platform/errors.ts';
import type { SitesService } from '../sites/sites.service.ts';

type Row = typeof macEntries.$inferSelect;
const toEntry = (r: Row) => ({
  id: r.id,
  mac: formatMac(r.mac),
  external_ip: r.externalIp,
  description: r.description,
  created_at: r.createdAt.toISOString(),
});
const duplicate = () => fieldError('mac', 'This device is already whitelisted at this site');

/** Whitelisted devices of a site (permission macauth: the client area "device whitelisting"). */
export function createMacEntriesService({ db, sites }: Pick<AppContext, 'db'> & { sites: SitesService }) {
  async function entryFor(actor: Actor | null, siteId: number, id: number, mode: 'read' | 'write') {
    await sites.siteFor(actor, siteId, 'macauth', mode);
    const [row] = await db
      .select()
      .from(macEntries)
      .where(and(eq(macEntries.id, id), eq(macEntries.siteId, siteId)));
    if (!row) throw notFound();
    return row;
  }

  return {
    async list(actor: Actor | null, siteId: number, q: { page: number; per_page: number; search: string }) {
      await sites.siteFor(actor, siteId, 'macauth', 'read');
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
      return { items: rows.map(toEntry), metadata: { page: q.page, per_page: q.per_page, total: total?.n ?? 0 } };
    },

    async create(actor: Actor | null, siteId: number, input: { mac: string; external_ip: string; description: string }) {
      const { actor: a } = await sites.siteFor(actor, siteId, 'macauth', 'write');
      const [row] = await db
        .insert(macEntries)
        .values({
          accountId: a.accountId,
          siteId,
          mac: normalizeMac(input.mac)!,
          externalIp: input.external_ip,
          description: input.description,
        })
        .onConflictDoNothing()
        .returning();
      if (!row) throw duplicate();
      return toEntry(row);
    },

    async update(
      actor: Actor | null,
      siteId: number,
      id: number,
      input: { mac: string; external_ip: string; description: string },
    ) {
      await entryFor(actor, siteId, id, 'write');
      const mac = normalizeMac(input.mac)!;
      const [clash] = await db
        .select({ id: macEntries.id })
        .from(macEntries)
        .where(and(eq(macEntries.siteId, siteId), eq(macEntries.mac, mac)));
      if (clash && clash.id !== id) throw duplicate();
      const [row] = await db
        .update(macEntries)
        .set({ mac, externalIp: input.external_ip, description: input.description })
        .where(eq(macEntries.id, id))
        .returning();
      return toEntry(row!);
    },

    async remove(actor: Actor | null, siteId: number, id: number) {
      await entryFor(actor, siteId, id, 'write');
      await db.delete(macEntries).where(eq(macEntries.id, id));
      return { status: 200 as const, message: 'Deleted' };
    },
  };
}
export type MacEntriesService = ReturnType<typeof createMacEntriesService>;
