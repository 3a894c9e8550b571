import { lazy } from 'react';
import type { Feature } from '../../app/feature.ts';

const ReportSettingsPage = lazy(() => import('./ReportSettingsPage.tsx').then((m) => ({ default: m.ReportSettingsPage })));

export const reports: Feature = {
  routes: [
    // In a site the site's client report; in the control panel the account's report across sites.
    {
      path: '/app/settings-view/configure-reports',
      guard: { kind: 'permission', permission: 'reports', form: true },
      page: ReportSettingsPage,
    },
  ],
  // The control panel's report across sites; a site's is in its settings list.
  menu: [
    {
      menu: 'controlPanel',
      position: 40,
      label: 'menu.reports',
      path: '/app/settings-view/configure-reports',
      permission: 'reports',
    },
  ],
};
