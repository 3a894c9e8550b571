import { type ApiRouterFamily } from '@splashboard/contract';
import type { AppContext } from '../../platform/context.ts';
import type { AccessMode, Actor } from '../../platform/access.ts';
import { requireRouterFamily } from './router-family.ts';
import type { SiteAccess, SiteRow } from '../../platform/site-access.ts';
import type { ControllerSettingsRepo } from './controller-settings.repo.ts';
import { apiRecord, apiView, checkApiFamily } from './api-router-settings.ts';

type Deps = Pick<AppContext, 'config' | 'siteChanges'> & { sites: SiteAccess; settings: ControllerSettingsRepo };

/** How long a status check waits for the controller, per request: the operator is waiting on the page. */
const STATUS_TIMEOUT_MS = 10_000;

/**
 * The settings pages of the families the portal grants through an API or a URL (Omada, Ruckus, Mist,
 * Meraki), stored in controller_settings where the portal reads them. Every change is published as a
 * site change, so every process's portal drops its cached adapter and serves the next guest with it.
 */
export function createApiRouterSettingsService({ settings: store, config, sites, siteChanges }: Deps) {
  const access = (actor: Actor | null, siteId: number, mode: AccessMode) => sites.siteFor(actor, siteId, 'routersettings', mode);

  async function answer(family: ApiRouterFamily, site: SiteRow) {
    const ctx = {
      publicUrl: config.publicUrl,
      portalKey: site.portalKey,
      radius: config.radius,
      payment: site.authMethods.includes('payment'),
    };
    return apiView(family, await store.read(site.id), site.routerType, ctx);
  }

  /** Asks the controller with the stored settings and keeps the answer (no network call inside the transaction). */
  async function refreshStatus(family: ApiRouterFamily, siteId: number) {
    const stored = await store.read(siteId);
    if (stored?.family !== family) return;
    await store.writeStatus(siteId, stored.updatedAt, await checkApiFamily(family, stored, STATUS_TIMEOUT_MS));
  }

  return {
    async get(actor: Actor | null, siteId: number, family: ApiRouterFamily) {
      const { row } = await access(actor, siteId, 'read');
      return answer(family, row);
    },

    /** Saves, then asks the controller at once, so the answer carries the status of what was saved. */
    async update(actor: Actor | null, siteId: number, family: ApiRouterFamily, input: Record<string, unknown>) {
      const { row, actor: a } = await access(actor, siteId, 'write');
      requireRouterFamily(row, family);
      await store.write(siteId, a.accountId, apiRecord(family, input, await store.read(siteId)));
      siteChanges.publish(siteId);
      await refreshStatus(family, siteId);
      return answer(family, row);
    },

    async checkStatus(actor: Actor | null, siteId: number, family: ApiRouterFamily) {
      const { row } = await access(actor, siteId, 'write');
      requireRouterFamily(row, family);
      await refreshStatus(family, siteId);
      return answer(family, row);
    },
  };
}
export type ApiRouterSettingsService = ReturnType<typeof createApiRouterSettingsService>;
