import { and, asc, eq } from 'drizzle-orm';
import { nasClients } from '../../db/schema/index.ts';
import type { AppContext } from '../../platform/context.ts';
import type { Actor } from '../../platform/access.ts';
import { randomTypeableSecret } from '../../platform/crypto.ts';
import { fieldError, notFound } from '../../platform/errors.ts';
import type { SitesService } from '../sites/sites.service.ts';

type Row = typeof nasClients.$inferSelect;
const masked = (secret: string) => secret.slice(0, 4) + '•'.repeat(12);

/**
 * The gateways of a site that may ask our RADIUS server. The shared secret is made here, stored
 * encrypted, and shown whole once, in the answer that creates it, for the operator to enter on the gateway.
 */
export function createNasClientsService({
  db,
  secrets,
  siteChanges,
  sites,
}: Pick<AppContext, 'db' | 'secrets' | 'siteChanges'> & { sites: SitesService }) {
  const toClient = (r: Row, secret: string) => ({
    id: r.id,
    name: r.name,
    ip_address: r.ipAddress,
    require_message_authenticator: r.requireMessageAuthenticator,
    secret,
    created_at: r.createdAt.toISOString(),
  });

  return {
    async list(actor: Actor | null, siteId: number) {
      await sites.siteFor(actor, siteId, 'routersettings', 'read');
      const rows = await db.select().from(nasClients).where(eq(nasClients.siteId, siteId)).orderBy(asc(nasClients.id));
      return rows.map((r) => toClient(r, masked(secrets.open(r.secretEnc))));
    },

    async create(
      actor: Actor | null,
      siteId: number,
      input: { name: string; ip_address: string; require_message_authenticator: boolean },
    ) {
      const { actor: a } = await sites.siteFor(actor, siteId, 'routersettings', 'write');
      const secret = randomTypeableSecret(24);
      const [row] = await db
        .insert(nasClients)
        .values({
          accountId: a.accountId,
          siteId,
          name: input.name,
          ipAddress: input.ip_address,
          secretEnc: secrets.seal(secret),
          requireMessageAuthenticator: input.require_message_authenticator,
        })
        .onConflictDoNothing()
        .returning();
      if (!row) throw fieldError('ip_address', 'radiusGateways.nasAddressTaken');
      // The RADIUS server's cache (domains/radius/cache.ts) may remember this address as unknown.
      siteChanges.publish(siteId);
      return toClient(row, secret);
    },

    /** The whole shared secret, for an operator who must enter it on the gateway again (write access only). */
    async revealSecret(actor: Actor | null, siteId: number, id: number) {
      await sites.siteFor(actor, siteId, 'routersettings', 'write');
      const [row] = await db
        .select()
        .from(nasClients)
        .where(and(eq(nasClients.id, id), eq(nasClients.siteId, siteId)));
      if (!row) throw notFound();
      return { secret: secrets.open(row.secretEnc) };
    },

    async remove(actor: Actor | null, siteId: number, id: number) {
      await sites.siteFor(actor, siteId, 'routersettings', 'write');
      const deleted = await db
        .delete(nasClients)
        .where(and(eq(nasClients.id, id), eq(nasClients.siteId, siteId)))
        .returning({ id: nasClients.id });
      if (!deleted.length) throw notFound();
      siteChanges.publish(siteId);
      return { status: 200 as const, message: 'Deleted' };
    },
  };
}
export type NasClientsService = ReturnType<typeof createNasClientsService>;
