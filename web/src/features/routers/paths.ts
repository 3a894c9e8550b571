import { ROUTER_LABELS, ROUTER_SETTINGS_PAGES, type RouterType } from '@splashboard/contract';

/** The settings page of a router type, when this dashboard has one. */
export function routerSettingsPage(routerType: string | null | undefined): { path: string; label: string } | null {
  if (!routerType || !(routerType in ROUTER_SETTINGS_PAGES)) return null;
  const page = ROUTER_SETTINGS_PAGES[routerType as keyof typeof ROUTER_SETTINGS_PAGES];
  return { path: `/app/settings-view/${page}`, label: ROUTER_LABELS[routerType as RouterType] };
}
