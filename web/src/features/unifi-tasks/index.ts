import { lazy } from 'react';
import type { Feature } from '../../app/feature.ts';

const UnifiTasksPage = lazy(() => import('./pages.ts').then((m) => ({ default: m.UnifiTasksPage })));

export const unifiTasks: Feature = {
  routes: [
    {
      path: '/app/settings-view/unifi-scheduled-tasks',
      guard: { kind: 'site', permission: 'routersettings' },
      page: UnifiTasksPage,
    },
  ],
};
