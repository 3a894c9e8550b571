import type { PermissionName } from '@splashboard/contract';
import type { sites } from '../db/schema/index.ts';
import type { AccessMode, Actor, ClientAccess } from './access.ts';

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
