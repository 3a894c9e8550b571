import { lazy } from 'react';
import type { Feature } from '../../app/feature.ts';

const DomainPage = lazy(() => import('./DomainPage.tsx').then((m) => ({ default: m.DomainPage })));

/** The white-label domain (control panel, permission branding); no menu entry: the Branding page links to it. */
export const customDomain: Feature = {
  routes: [{ path: '/app/branding/domain', guard: { kind: 'permission', permission: 'branding' }, page: DomainPage }],
};
