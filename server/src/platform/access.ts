import {
  AREA_PERMISSIONS,
  CLIENT_AREAS,
  PERMISSION_NAMES,
  type AccessLevel,
  type ClientArea,
  type MessageCode,
  type PermissionMap,
  type PermissionName,
  type PlanType,
} from '@splashboard/contract';
import { forbidden, unauthenticated } from './errors.ts';

/** Who is asking: resolved once per request from the session cookie or the API key. */
export interface Actor {
  userId: number;
  accountId: number;
  email: string;
  role: 'admin' | 'client';
  planType: PlanType | null;
  subscriptionActive: boolean;
  billingAccess: boolean;
  via: 'session' | 'apikey';
  sessionId?: string;
  csrfToken?: string;
}

export type AccessMode = 'read' | 'write';
export type ClientAccess = Map<number, Map<ClientArea, AccessLevel>>;

/** Permissions only the provider plan has. */
const PROVIDER_ONLY: PermissionName[] = ['branding', 'payment_branding'];
/** Permissions that belong to the account, not a site; clients never hold them. */
const ACCOUNT_ONLY: PermissionName[] = [
  'control_panel',
  'clients',
  'branding',
  'payment_branding',
  'client_access',
  'payment',
  'api',
];
/** Guest login methods that show as permission flags on a site. */
const METHOD_FLAGS: Partial<Record<PermissionName, string>> = {
  clickthroughlogin: 'clickthrough',
  email: 'email',
  passwordlogin: 'password',
  facebook: 'facebook',
  phone: 'phone',
};

export const isProvider = (actor: Actor) => actor.role === 'admin' && actor.planType === 'provider';

function emptyMap(): PermissionMap {
  return Object.fromEntries(PERMISSION_NAMES.map((p) => [p, p === 'all'])) as PermissionMap;
}

function planAllows(actor: Actor, p: PermissionName) {
  return !PROVIDER_ONLY.includes(p) || actor.planType === 'provider';
}

/** Which permissions a client's area levels open, at one site or across all of theirs. */
function clientPermissions(levels: Iterable<[ClientArea, AccessLevel]>, chatWidget: boolean): PermissionMap {
  const map = emptyMap();
  for (const [area, level] of levels) {
    if (level === 'none') continue;
    for (const p of AREA_PERMISSIONS[area]) map[p] = true;
  }
  map.chat_widget = chatWidget;
  return map;
}

/** The account-wide map of the profile. */
export function accountPermissions(actor: Actor, clientAccess: ClientAccess, chatWidget: boolean): PermissionMap {
  if (actor.role === 'client') {
    const all = [...clientAccess.values()].flatMap((m) => [...m.entries()]);
    return clientPermissions(all, chatWidget);
  }
  const map = emptyMap();
  for (const p of PERMISSION_NAMES) {
    if (p in METHOD_FLAGS) continue;
    map[p] = planAllows(actor, p);
  }
  map.chat_widget = chatWidget;
  return map;
}

/** The map a site's settings carry: what this user may do there, plus the login methods it has on. */
export function sitePermissions(
  actor: Actor,
  site: { id: number; authMethods: string[] },
  clientAccess: ClientAccess,
  chatWidget: boolean,
): PermissionMap {
  const map =
    actor.role === 'client'
      ? clientPermissions(clientAccess.get(site.id)?.entries() ?? [], chatWidget)
      : accountPermissions(actor, clientAccess, chatWidget);
  for (const [flag, method] of Object.entries(METHOD_FLAGS)) {
    map[flag as PermissionName] = site.authMethods.includes(method);
  }
  return map;
}

/** The control panel (site 0): only account-level areas. */
export function controlPanelPermissions(actor: Actor, chatWidget: boolean): PermissionMap {
  const map = emptyMap();
  if (actor.role !== 'admin') return { ...map, chat_widget: chatWidget };
  for (const p of ['control_panel', 'clients', 'branding', 'payment_branding', 'reports'] as PermissionName[])
    map[p] = planAllows(actor, p);
  map.chat_widget = chatWidget;
  return map;
}

/** The client area that holds a permission name, if any. */
export function areaOf(permission: PermissionName): ClientArea | undefined {
  return CLIENT_AREAS.find((a) => AREA_PERMISSIONS[a].includes(permission));
}

export function requireActor(actor: Actor | null | undefined): Actor {
  if (!actor) throw unauthenticated();
  return actor;
}

export function requireAdmin(actor: Actor | null | undefined): Actor {
  const a = requireActor(actor);
  if (a.role !== 'admin') throw forbidden();
  return a;
}

/**
 * The account's own security (its password, API key, two-factor and sign-in email) changes only from a
 * signed-in session: an API key, which a script holds, may not replace itself or take the account over.
 */
export function requireSession(actor: Actor | null | undefined): Actor {
  const a = requireActor(actor);
  if (a.via !== 'session') throw forbidden('common.sessionRequired');
  return a;
}

/** Why an actor may not use a permission at a site in a mode, or null when they may. */
function refusal(
  actor: Actor,
  siteId: number,
  permission: PermissionName,
  mode: AccessMode,
  clientAccess: ClientAccess,
): MessageCode | null {
  // While the subscription is not active, admins keep reading (to see what renewing brings back) and
  // clients, who cannot renew it, are told to ask their administrator for anything.
  if (!actor.subscriptionActive && (mode === 'write' || actor.role === 'client')) return 'common.subscriptionExpired';
  if (permission === 'all') return null;
  if (actor.role === 'admin') return planAllows(actor, permission) ? null : 'common.forbidden';
  if (ACCOUNT_ONLY.includes(permission)) return 'common.forbidden';
  const area = areaOf(permission);
  const level = area ? clientAccess.get(siteId)?.get(area) : undefined;
  if (!level || level === 'none') return 'common.forbidden';
  if (mode === 'write' && level !== 'write') return 'common.forbidden';
  return null;
}

/**
 * The one place that decides whether an actor may use a permission at a site in a mode. The caller
 * has already made sure the site belongs to the actor's account (else it answers 404).
 */
export function assertSitePermission(
  actor: Actor,
  siteId: number,
  permission: PermissionName,
  mode: AccessMode,
  clientAccess: ClientAccess,
) {
  const refused = refusal(actor, siteId, permission, mode, clientAccess);
  if (refused) throw forbidden(refused);
}

/** assertSitePermission's answer as a yes or no, for a page that shows what the actor may do (a Read Only client's disabled buttons). */
export const can = (actor: Actor, siteId: number, permission: PermissionName, mode: AccessMode, clientAccess: ClientAccess) =>
  refusal(actor, siteId, permission, mode, clientAccess) === null;

/** Whether a client can see a site at all (an admin sees every site of the account). */
export function canSeeSite(actor: Actor, siteId: number, clientAccess: ClientAccess) {
  if (actor.role === 'admin') return true;
  const levels = clientAccess.get(siteId);
  return !!levels && [...levels.values()].some((l) => l !== 'none');
}

/**
 * The permissions a client holds at a site only at Read Only: the pages of those areas show with their write
 * controls disabled. Empty for admins (a lapsed account's writes are refused with their own message).
 */
export function readOnlyPermissions(
  actor: Actor,
  siteId: number,
  held: PermissionMap,
  clientAccess: ClientAccess,
): PermissionName[] {
  if (actor.role !== 'client') return [];
  return PERMISSION_NAMES.filter(
    (p) => p !== 'all' && held[p] && areaOf(p) && clientAccess.get(siteId)?.get(areaOf(p)!) === 'read',
  );
}
