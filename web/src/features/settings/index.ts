import { lazy } from 'react';
import type { Feature } from '../../app/feature.ts';

const settingsPages = () => import('./SettingsPages.tsx');
const SettingsViewPage = lazy(() => import('./SettingsIndexPage.tsx').then((m) => ({ default: m.SettingsViewPage })));
const SiteNamePage = lazy(() => settingsPages().then((m) => ({ default: m.SiteNamePage })));
const RedirectUrlPage = lazy(() => settingsPages().then((m) => ({ default: m.RedirectUrlPage })));
const GuestFieldsPage = lazy(() => import('./GuestFieldsPage.tsx').then((m) => ({ default: m.GuestFieldsPage })));

export const settings: Feature = {
  routes: [
    { path: '/app/settings-view', guard: { kind: 'site', permission: 'sitesettings' }, page: SettingsViewPage },
    { path: '/app/settings-view/site-name', guard: { kind: 'site', permission: 'sitesettings', form: true }, page: SiteNamePage },
    // Also in the control panel.
    {
      path: '/app/settings-view/redirect-url',
      guard: { kind: 'permission', permission: 'sitesettings', form: true },
      page: RedirectUrlPage,
    },
    {
      path: '/app/settings-view/guest-fields',
      guard: { kind: 'site', permission: 'sitesettings', form: true },
      page: GuestFieldsPage,
    },
  ],
  menu: [{ menu: 'site', position: 90, label: 'menu.settings', path: '/app/settings-view', permission: 'sitesettings' }],
};
