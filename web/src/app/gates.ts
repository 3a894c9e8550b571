import type { PermissionName, Profile, Subscription } from '@splashboard/contract';

/** Where a user without billing access waits while the account's subscription is not active. */
export const SUBSCRIPTION_EXPIRED_PATH = '/app/subscription-expired';

/**
 * The signed-in gate of the specification, in its order: where an app page must send the user
 * instead, or null to show the page.
 */
export function signedInGate(user: Profile | null, subscription: Subscription | null, pathname: string): string | null {
  if (!user) return '/login';
  if (user.card_updated_required) return '/signup/registration/setup-payment/update';
  if (!user.sub_active && !subscription?.plan_type && user.billing_access) return '/change-subscription/update';
  if (!user.sub_active && user.billing_access && !pathname.startsWith('/app/account/subscription'))
    return '/app/account/subscription';
  // Billing access decides where inactive users go: without it (clients, invited admins) nothing can be
  // renewed, so they are told to ask their administrator.
  if (!user.sub_active && !user.billing_access && pathname !== SUBSCRIPTION_EXPIRED_PATH) return SUBSCRIPTION_EXPIRED_PATH;
  if (user.site_creation_needed) return '/signup/registration/deployment/first';
  return null;
}

/** The site-level guard: not in the control panel, and the permission held at the selected site. */
export function siteGuardAllows(
  selectedSiteId: number | null,
  permissions: Partial<Record<PermissionName, boolean>> | undefined,
  permission: PermissionName,
) {
  return selectedSiteId !== null && selectedSiteId > 0 && Boolean(permissions?.[permission]);
}

/** Whole days from now to a date, never negative. */
export function daysUntil(iso: string | null | undefined, now = Date.now()) {
  if (!iso) return 0;
  return Math.max(0, Math.ceil((Date.parse(iso) - now) / 86_400_000));
}

/** Case-insensitive substring match on site names (the site switcher's search). */
export const matchSites = <T extends { name: string }>(sites: T[], query: string) =>
  sites.filter((s) => s.name.toLowerCase().includes(query.trim().toLowerCase()));
