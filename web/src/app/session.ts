import type { Profile, Site, Subscription } from '@splashboard/contract';
import { get } from './api.ts';
import { loadMeta } from './meta.ts';
import { identify, resetTelemetry } from './telemetry.ts';
import { loadChatWidget } from './vendorWidgets.ts';
import { loggedOut, profileLoaded, siteSelected, siteSettingsLoaded, subscriptionLoaded, type Store } from './store.ts';

/** Start-up of the specification: profile, subscription (with billing access), the site and its settings. */
export async function startUp(store: Store) {
  const [profile, meta] = await Promise.all([get<Profile>('/a/api/v1/profile/'), loadMeta()]);
  identify(profile);
  store.dispatch(profileLoaded(profile));
  loadChatWidget(meta.ui_settings, profile);
  if (profile.billing_access) {
    const subscription = await get<Subscription>('/a/api/v1/subscription/').catch(() => null);
    store.dispatch(subscriptionLoaded(subscription));
  }
  const selected = store.getState().site.selectedSiteId;
  const stillVisible = selected === 0 ? profile.permissions.control_panel : profile.sites.some((s) => s.id === selected);
  if (selected === null || !stillVisible) {
    // Providers start in the control panel; everyone else at their first site (none yet: no site, so
    // that the first one created is chosen at the next start-up).
    const first = profile.isProvider && profile.permissions.control_panel ? 0 : (profile.sites[0]?.id ?? null);
    if (first !== null) await loadSite(store, first);
  } else {
    await loadSite(store, selected);
  }
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
  if (!ok) throw new Error('logout failed');
}
