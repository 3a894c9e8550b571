import type { Profile, Site, Subscription } from '@splashboard/contract';
import { get } from './api.ts';
import { loadBrand } from './brand.ts';
import { loadMeta } from './meta.ts';
import { identify, resetTelemetry } from './telemetry.ts';
import { loadChatWidget } from './vendorWidgets.ts';
import { loggedOut, profileLoaded, siteSelected, siteSettingsLoaded, subscriptionLoaded, type Store } from './store.ts';

const getSubscription = () => get<Subscription>('/a/api/v1/subscription/').catch(() => null);

/**
 * Start-up of the specification: profile, subscription (with billing access), the site and its settings.
 * The three calls go out together, guessed from the stored session (billing access, the last site), as
 * none of them needs another's answer; a guess the fresh profile contradicts is dropped and, where
 * needed, asked again. `wanted` is the site the address names (`?site=`): the page would switch to it at
 * once, so it is the one asked for when it is visible.
 */
export async function startUp(store: Store, wanted: number | null = null) {
  const { session, site } = store.getState();
  const stored = site.selectedSiteId;
  const guess = wanted ?? stored;
  const subscriptionAhead = session.user?.billing_access ? getSubscription() : null;
  const settingsAhead = guess === null ? null : get<Site>(`/s/api/v1/site/${guess}`);
  settingsAhead?.catch(() => {}); // a failure counts only if the site is still the one to show
  const brandLoaded = loadBrand(store);
  const [profile, meta] = await Promise.all([get<Profile>('/a/api/v1/profile/'), loadMeta()]);
  identify(profile);
  store.dispatch(profileLoaded(profile));
  loadChatWidget(meta.ui_settings, profile);
  const subscription = profile.billing_access ? (subscriptionAhead ?? getSubscription()) : null;
  const visible = (id: number | null) =>
    id !== null && (id === 0 ? profile.permissions.control_panel : profile.sites.some((s) => s.id === id));
  let siteLoaded: Promise<unknown> | undefined;
  // Without billing access, an inactive subscription leaves nothing to load: every site call is refused
  // (the signed-in gate tells them to ask their administrator).
  const lapsed = !profile.sub_active && !profile.billing_access;
  if (lapsed) {
    siteLoaded = undefined;
  } else if (settingsAhead && visible(guess)) {
    store.dispatch(siteSelected(guess!));
    siteLoaded = settingsAhead.then((settings) => store.dispatch(siteSettingsLoaded(settings)));
  } else if (visible(stored)) {
    siteLoaded = loadSite(store, stored!);
  } else {
    // Providers start in the control panel; everyone else at their first site (none yet: no site, so
    // that the first one created is chosen at the next start-up).
    const first = profile.isProvider && profile.permissions.control_panel ? 0 : (profile.sites[0]?.id ?? null);
    if (first !== null) siteLoaded = loadSite(store, first);
  }
  await Promise.all([subscription?.then((s) => store.dispatch(subscriptionLoaded(s))), siteLoaded, brandLoaded]);
  return profile;
}

export async function loadSite(store: Store, siteId: number) {
  store.dispatch(siteSelected(siteId));
  const settings = await get<Site>(`/s/api/v1/site/${siteId}`);
  store.dispatch(siteSettingsLoaded(settings));
  return settings;
}

export async function logout(store: Store) {
  // The stored state goes whatever the server answers; a failure is still told (as 'Unable to logout').
  const ok = await fetch('/logout', { credentials: 'same-origin' }).then(
    (res) => res.ok,
    () => false,
  );
  resetTelemetry();
  store.dispatch(loggedOut());
  // Signed out, the brand is the address's (a white-label domain's sign-in page), not the account's.
  void loadBrand(store);
  if (!ok) throw new Error('logout failed');
}
