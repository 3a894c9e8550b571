import type { FastifyBaseLogger } from 'fastify';
import { readImageLink, type GuestField, type PermissionName, type Site } from '@splashboard/contract';
import type { AppContext } from '../../platform/context.ts';
import {
  assertSitePermission,
  can,
  canSeeSite,
  controlPanelPermissions,
  requireActor,
  requireAdmin,
  sitePermissions,
  type AccessMode,
  type Actor,
  type ClientAccess,
  readOnlyPermissions,
} from '../../platform/access.ts';
import { fieldError, forbidden, invalid, notFound } from '../../platform/errors.ts';
import { foreignUploads, storeImage, type Upload } from '../../platform/uploads.ts';
import type { SiteAccess, SiteContext, SiteRemovals, SiteRemovalStep, SiteRow } from '../../platform/site-access.ts';
import { mergeGuestFields, methodFieldsOf } from '../splash/guest-fields.ts';
import type { SplashRepo } from '../splash/splash.repo.ts';
import type { SitesRepo } from './sites.repo.ts';

type Deps = Pick<AppContext, 'db' | 'accounts' | 'config' | 'sessions' | 'storage' | 'siteChanges'> & {
  sitesRepo: SitesRepo;
  splash: Pick<SplashRepo, 'methodSettings'>;
};

export interface SiteCreateInput {
  name: string;
  router_type: string;
  auth_methods: string[];
  timezone: string;
  currency: string;
  default_countrycode: string;
  logo_image?: string;
  html_image?: string;
}

const IMAGE_FIELDS = ['logo_image', 'html_image'] as const;

/** A site's images are links as the splash design takes them: its account's own uploads, or outside addresses. */
function assertOwnImages(input: Partial<SiteCreateInput>, accountId: number) {
  const errors = foreignUploads(input, IMAGE_FIELDS, accountId);
  if (Object.keys(errors).length) throw invalid(errors);
}

/** A login method the server cannot serve is not saved on: Facebook needs the server's Facebook app. */
function assertServable(methods: string[] | undefined, config: Deps['config']) {
  if (methods?.includes('facebook') && !config.facebook.configured)
    throw fieldError('auth_methods', 'common.facebookNotConfigured');
}

export function createSitesService({ db, accounts, sitesRepo, splash, config, sessions, storage, siteChanges }: Deps) {
  const chatWidget = () => Boolean(config.crisp.siteId);
  /** What the other areas do when a site is deleted (registered by them: see SiteRemovalStep). */
  const removalSteps: SiteRemovalStep[] = [];

  function toSite(row: SiteRow, actor: Actor, access: ClientAccess): Site {
    const permissions = sitePermissions(actor, row, access, chatWidget());
    return {
      id: row.id,
      name: row.name,
      router_type: row.routerType,
      auth_methods: row.authMethods,
      timezone: row.timezone,
      currency: row.currency,
      default_countrycode: row.defaultCountryCode,
      validate_email: row.validateEmail,
      redirect_url: row.redirectUrl,
      // A value stored before links were checked reads as no image.
      logo_image: readImageLink(row.logoImage),
      html_image: readImageLink(row.htmlImage),
      permissions,
      read_only: readOnlyPermissions(actor, row.id, permissions, access),
      created_at: row.createdAt.toISOString(),
    };
  }

  /**
   * Loads a site for an actor, checking access first: a site of another account, or one a client
   * has no access to, answers 404; a missing permission answers 403.
   */
  async function siteFor(
    actorIn: Actor | null,
    siteId: number,
    permission: PermissionName,
    mode: AccessMode,
  ): Promise<SiteContext> {
    const actor = requireActor(actorIn);
    const access = await sessions.clientAccess(actor);
    const row = await sitesRepo.ofAccount(actor.accountId, siteId);
    if (!row || !canSeeSite(actor, row.id, access)) throw notFound('common.siteNotFound', { siteId });
    assertSitePermission(actor, row.id, permission, mode, access);
    return { actor, access, row };
  }

  async function update(siteId: number, changes: Parameters<SitesRepo['update']>[1]) {
    const row = await sitesRepo.update(siteId, changes);
    siteChanges.publish(siteId);
    return row;
  }

  return {
    siteFor,

    onRemove(step: SiteRemovalStep) {
      removalSteps.push(step);
    },

    async create(actorIn: Actor | null, input: SiteCreateInput) {
      const actor = requireAdmin(actorIn);
      if (!actor.subscriptionActive) throw forbidden('common.subscriptionExpired');
      assertOwnImages(input, actor.accountId);
      assertServable(input.auth_methods, config);
      const row = await sitesRepo.insert({
        accountId: actor.accountId,
        name: input.name,
        routerType: input.router_type,
        authMethods: [...new Set(input.auth_methods)],
        timezone: input.timezone,
        currency: input.currency,
        defaultCountryCode: input.default_countrycode,
        logoImage: input.logo_image ?? '',
        htmlImage: input.html_image ?? '',
      });
      return toSite(row, actor, new Map());
    },

    async get(actorIn: Actor | null, siteId: number): Promise<Site> {
      if (siteId === 0) {
        const actor = requireActor(actorIn);
        return {
          id: 0,
          name: 'Control Panel',
          router_type: null,
          auth_methods: [],
          timezone: 'UTC',
          currency: 'USD',
          default_countrycode: 'US',
          validate_email: false,
          redirect_url: '',
          logo_image: '',
          html_image: '',
          permissions: controlPanelPermissions(actor, chatWidget()),
          read_only: [],
          created_at: null,
        };
      }
      const { actor, access, row } = await siteFor(actorIn, siteId, 'all', 'read');
      return toSite(row, actor, access);
    },

    async update(actorIn: Actor | null, siteId: number, input: Partial<SiteCreateInput>) {
      const { actor, access } = await siteFor(actorIn, siteId, 'sitesettings', 'write');
      assertOwnImages(input, actor.accountId);
      assertServable(input.auth_methods, config);
      const changes: Parameters<SitesRepo['update']>[1] = {};
      if (input.name !== undefined) changes.name = input.name;
      if (input.router_type !== undefined) changes.routerType = input.router_type;
      if (input.auth_methods !== undefined) changes.authMethods = [...new Set(input.auth_methods)];
      if (input.logo_image !== undefined) changes.logoImage = input.logo_image;
      if (input.html_image !== undefined) changes.htmlImage = input.html_image;
      const row = Object.keys(changes).length ? await update(siteId, changes) : (await siteFor(actor, siteId, 'all', 'read')).row;
      return toSite(row, actor, access);
    },

    /**
     * Deletes a site and everything of it: its guests, sessions, vouchers (a multi-site batch goes on at its
     * other sites), guest accounts, whitelist, splash designs, router and SMS settings, NAS clients and
     * scheduled tasks go with it by their foreign keys; what has none is removed by its area's step, in
     * the same transaction. Before that, each area tells the outside what it must (the controller ends the
     * guests still online), and a failure there is logged and does not stop the delete. The site's
     * uploaded files go last, then what the areas keep outside the database (the guest downloads' files).
     */
    async remove(actorIn: Actor | null, siteId: number, log: FastifyBaseLogger) {
      const admin = requireAdmin(actorIn);
      const { row } = await siteFor(admin, siteId, 'sitesettings', 'write');
      for (const step of removalSteps) {
        try {
          await step.beforeRemove?.(row, log);
        } catch (err) {
          log.error({ err, siteId }, 'a step before deleting a site failed: deleting it anyway');
        }
      }
      await db.transaction(async (tx) => {
        await accounts.deleteSiteAccess(siteId, tx);
        for (const step of removalSteps) await step.removeRows?.(siteId, tx);
        await sitesRepo.delete(admin.accountId, siteId, tx);
      });
      try {
        await storage.removeFolder(`accounts/${row.accountId}/sites/${row.id}`);
      } catch (err) {
        log.error({ err, siteId }, "removing a deleted site's uploaded files failed");
      }
      for (const step of removalSteps) {
        try {
          await step.afterRemove?.(row, log);
        } catch (err) {
          log.error({ err, siteId }, 'a step after deleting a site failed');
        }
      }
      siteChanges.publish(siteId);
      return { status: 200 as const, message: 'Site deleted' };
    },

    async getRedirectUrl(actorIn: Actor | null, siteId: number) {
      const { row } = await siteFor(actorIn, siteId, 'sitesettings', 'read');
      return { redirect_url: row.redirectUrl };
    },

    async setRedirectUrl(actorIn: Actor | null, siteId: number, redirectUrl: string) {
      await siteFor(actorIn, siteId, 'sitesettings', 'write');
      const row = await update(siteId, { redirectUrl });
      return { redirect_url: row.redirectUrl };
    },

    async getGeneral(actorIn: Actor | null, siteId: number) {
      const { row } = await siteFor(actorIn, siteId, 'sitesettings', 'read');
      return general(row);
    },

    async setGeneral(
      actorIn: Actor | null,
      siteId: number,
      input: { name: string; currency: string; default_countrycode: string; timezone: string; validate_email: boolean },
    ) {
      await siteFor(actorIn, siteId, 'sitesettings', 'write');
      const row = await update(siteId, {
        name: input.name,
        currency: input.currency,
        defaultCountryCode: input.default_countrycode,
        timezone: input.timezone,
        validateEmail: input.validate_email,
      });
      return general(row);
    },

    /**
     * What the site's enabled methods ask guests for, merged by field. It describes the site, not any
     * guest: readable with the settings (the page that lists it) or the guest data (which it labels).
     */
    async guestFields(actorIn: Actor | null, siteId: number): Promise<GuestField[]> {
      const { actor, access, row } = await siteFor(actorIn, siteId, 'all', 'read');
      if (!can(actor, row.id, 'sitesettings', 'read', access)) assertSitePermission(actor, row.id, 'guests', 'read', access);
      return mergeGuestFields(await methodFieldsOf(splash, row));
    },

    /**
     * An image for a splash page or a new site: checked by its bytes, stored under the account. The
     * file is read only once access is settled.
     */
    async uploadLandingFile(actorIn: Actor | null, readFile: () => Promise<Upload>) {
      const actor = requireActor(actorIn);
      if (!actor.subscriptionActive) throw forbidden('common.subscriptionExpired');
      if (actor.role === 'client') {
        const access = await sessions.clientAccess(actor);
        const canWrite = [...access.values()].some((m) => m.get('landing_page') === 'write');
        if (!canWrite) throw forbidden();
      }
      const stored = await storeImage(storage, `accounts/${actor.accountId}/landing`, await readFile());
      return { filelink: stored.url };
    },
  };
}

function general(row: SiteRow) {
  return {
    name: row.name,
    currency: row.currency,
    default_countrycode: row.defaultCountryCode,
    timezone: row.timezone,
    validate_email: row.validateEmail,
  };
}
export type SitesService = ReturnType<typeof createSitesService> & SiteAccess & SiteRemovals;
