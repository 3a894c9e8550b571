import {
  BRANDING_IMAGE_FIELDS,
  BRANDING_MESSAGES,
  NO_BRAND,
  permissionOfSection,
  type Brand,
  type BrandingSection,
  type BrandingSettings,
  type PermissionName,
} from '@splashboard/contract';
import type { AppContext } from '../../platform/context.ts';
import { requireAdmin, type Actor } from '../../platform/access.ts';
import { forbidden, invalid } from '../../platform/errors.ts';
import { storeImage, type Upload } from '../../platform/uploads.ts';
import type { SitesRepo } from '../sites/sites.repo.ts';
import type { BrandingRepo } from './branding.repo.ts';
import { parseSection, type BrandingReader } from './branding.reader.ts';

type Deps = Pick<AppContext, 'storage' | 'siteChanges'> & {
  branding: BrandingRepo;
  reader: BrandingReader;
  sites: Pick<SitesRepo, 'allOfAccount'>;
  /** The account whose enabled white-label domain a host is (domains/custom-domain). */
  accountIdForHost(host: string): Promise<number | null>;
};

/**
 * Branding is the provider plan's (permissions branding and payment_branding): an admin of a provider
 * account reads and writes it; clients, and every other plan, are refused.
 */
function access(actorIn: Actor | null, _permission: PermissionName, mode: 'read' | 'write'): Actor {
  const actor = requireAdmin(actorIn);
  // Both permissions are PROVIDER_ONLY in platform/access.ts: the plan decides.
  if (actor.planType !== 'provider') throw forbidden();
  if (mode === 'write' && !actor.subscriptionActive) throw forbidden('common.subscriptionExpired');
  return actor;
}

export function createBrandingService({ branding, reader, storage, sites, siteChanges, accountIdForHost }: Deps) {
  /** An image field may be one of the account's own uploads or an outside address, never another account's file. */
  function assertOwnImages(section: BrandingSection, settings: Record<string, unknown>, accountId: number) {
    const errors: Record<string, string[]> = {};
    for (const key of BRANDING_IMAGE_FIELDS[section]) {
      const link = settings[key];
      if (typeof link === 'string' && link.startsWith('/uploads/') && !link.startsWith(`/uploads/accounts/${accountId}/`))
        errors[key] = [BRANDING_MESSAGES.foreignImage];
    }
    if (Object.keys(errors).length) throw invalid(errors);
  }

  return {
    async get<S extends BrandingSection>(actor: Actor | null, section: S): Promise<BrandingSettings[S]> {
      const a = access(actor, permissionOfSection(section), 'read');
      return parseSection(section, await branding.section(a.accountId, section));
    },

    async save<S extends BrandingSection>(
      actor: Actor | null,
      section: S,
      settings: BrandingSettings[S],
    ): Promise<BrandingSettings[S]> {
      const a = access(actor, permissionOfSection(section), 'write');
      assertOwnImages(section, settings, a.accountId);
      await branding.save(a.accountId, section, settings);
      if (section === 'splash-footer') {
        // The portal keeps each site's pages for a few seconds: its sites draw the new line at once in this process.
        for (const site of await sites.allOfAccount(a.accountId)) siteChanges.publish(site.id);
      }
      return parseSection(section, settings);
    },

    /** An image for any section: checked by its bytes, stored under the account. Read only once access is settled. */
    async uploadImage(actor: Actor | null, readFile: () => Promise<Upload>) {
      const a = access(actor, 'branding', 'write');
      const stored = await storeImage(storage, `accounts/${a.accountId}/branding`, await readFile());
      return { filelink: stored.url };
    },

    /**
     * Public: the signed-in user's account's brand; signed out, that of the account whose enabled
     * white-label domain the host is (with its sign-in page); else none.
     */
    async brand(actor: Actor | null, host: string): Promise<Brand> {
      if (actor) return reader.brand(actor.accountId, false);
      const accountId = host ? await accountIdForHost(host) : null;
      return accountId === null ? NO_BRAND : reader.brand(accountId, true);
    },
  };
}
export type BrandingService = ReturnType<typeof createBrandingService>;
