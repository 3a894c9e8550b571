import type { AppContext } from '../../platform/context.ts';
import type { Actor } from '../../platform/access.ts';
import { randomTypeableSecret } from '../../platform/crypto.ts';
import { fieldError, notFound } from '../../platform/errors.ts';
import type { SiteAccess } from '../../platform/site-access.ts';
import type { NasClientRow as Row, NasClientsRepo } from './nas-clients.repo.ts';

const masked = (secret: string) => secret.slice(0, 4) + '•'.repeat(12);

/**
 * The gateways of a site that may ask our RADIUS server. The shared secret is made here, stored
 * encrypted, and shown whole once, in the answer that creates it, for the operator to enter on the gateway.
 */
export function createNasClientsService({
  nasClients,
  secrets,
  siteChanges,
  sites,
}: Pick<AppContext, 'secrets' | 'siteChanges'> & { nasClients: NasClientsRepo; sites: SiteAccess }) {
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
      const rows = await nasClients.ofSite(siteId);
      return rows.map((r) => toClient(r, masked(secrets.open(r.secretEnc))));
    },

    async create(
      actor: Actor | null,
      siteId: number,
      input: { name: string; ip_address: string; require_message_authenticator: boolean },
    ) {
      const { actor: a } = await sites.siteFor(actor, siteId, 'routersettings', 'write');
      const secret = randomTypeableSecret(24);
      const row = await nasClients.insert({
        accountId: a.accountId,
        siteId,
        name: input.name,
        ipAddress: input.ip_address,
        secretEnc: secrets.seal(secret),
        requireMessageAuthenticator: input.require_message_authenticator,
      });
      if (!row) throw fieldError('ip_address', 'radiusGateways.nasAddressTaken');
      // The RADIUS server's cache (domains/radius/cache.ts) may remember this address as unknown.
      siteChanges.publish(siteId);
      return toClient(row, secret);
    },

    /** The whole shared secret, for an operator who must enter it on the gateway again (write access only). */
    async revealSecret(actor: Actor | null, siteId: number, id: number) {
      await sites.siteFor(actor, siteId, 'routersettings', 'write');
      const row = await nasClients.byId(siteId, id);
      if (!row) throw notFound();
      return { secret: secrets.open(row.secretEnc) };
    },

    async remove(actor: Actor | null, siteId: number, id: number) {
      await sites.siteFor(actor, siteId, 'routersettings', 'write');
      if (!(await nasClients.delete(siteId, id))) throw notFound();
      siteChanges.publish(siteId);
      return { status: 200 as const, message: 'Deleted' };
    },
  };
}
export type NasClientsService = ReturnType<typeof createNasClientsService>;
