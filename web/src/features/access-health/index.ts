import { lazy } from 'react';
import type { Feature } from '../../app/feature.ts';

const AccessHealthPage = lazy(() => import('./pages.ts').then((m) => ({ default: m.AccessHealthPage })));

export const accessHealth: Feature = {
  routes: [
    { path: '/app/settings-view/access-health', guard: { kind: 'site', permission: 'routersettings' }, page: AccessHealthPage },
  ],
};
