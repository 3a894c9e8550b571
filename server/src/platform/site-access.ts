import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Executor } from '../db/client.ts';
import type { PermissionName } from '@splashboard/contract';
import type { sites } from '../db/schema/index.ts';
import type { AccessMode, Actor, ClientAccess } from './access.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The path parameter that names a site: `siteId` under /s/{siteId}/api/v1 (set by itself), `id` for /s/api/v1/site/{id}. */
    siteParam?: string;
  }
}

export type SiteRow = typeof sites.$inferSelect;

/** A site as one actor may use it: their client access is kept to answer further questions (`can`). */
export interface SiteContext {
  actor: Actor;
  access: ClientAccess;
  row: SiteRow;
}

/**
 * The check every site-scoped service makes first (implemented by domains/sites): the site must be the
 * actor's account's and visible to them, else 404 (never 403, never its data); then the permission in
 * the mode, else 403.
 */
export interface SiteAccess {
  siteFor(actor: Actor | null, siteId: number, permission: PermissionName, mode: AccessMode): Promise<SiteContext>;
}

/**
 * What an area does when a site is deleted, for what the foreign keys to sites do not cover. The sites
 * service runs every area's steps; an area adds its own with `onRemove` when it registers.
 */
export interface SiteRemovalStep {
  /**
   * Before the rows go, outside any transaction: telling an outside system (the site's controller). A
   * failure is logged with the request and does not stop the delete.
   */
  beforeRemove?(site: SiteRow, log: FastifyBaseLogger): Promise<void>;
  /** In the delete's transaction: rows of the area's own tables that have no foreign key to the site. */
  removeRows?(siteId: number, tx: Executor): Promise<void>;
  /**
   * Once the rows are gone: files of the site kept outside the database, as its uploads are removed. A
   * failure is logged with the request (the sweeps remove what is left).
   */
  afterRemove?(site: SiteRow, log: FastifyBaseLogger): Promise<void>;
}

export interface SiteRemovals {
  onRemove(step: SiteRemovalStep): void;
}

const SITE_ID = /^[1-9]\d{0,9}$/;
const MAX_SITE_ID = 2_147_483_647;

/**
 * On every route with a site in its path, a site that is not the caller's answers the services' 404 before
 * the body is read or anything of the request is validated: another account's site answers the same
 * whatever is sent to it (the services still check the site and the permission first). An id that is
 * not one (0, letters) is left to the route's own validation.
 */
export function installSiteGuard(app: FastifyInstance, siteAccess: SiteAccess) {
  app.addHook('onRoute', (route) => {
    if (!route.config?.siteParam && route.url.includes(':siteId')) route.config = { ...route.config, siteParam: 'siteId' };
  });
  app.addHook('preParsing', (request, _reply, payload, done) => {
    const param = request.routeOptions.config.siteParam;
    const raw = param && (request.params as Record<string, string | undefined>)[param];
    if (!raw || !request.actor || !SITE_ID.test(raw) || Number(raw) > MAX_SITE_ID) return done(null, payload);
    siteAccess.siteFor(request.actor, Number(raw), 'all', 'read').then(
      () => done(null, payload),
      (err: Error) => done(err),
    );
  });
}
