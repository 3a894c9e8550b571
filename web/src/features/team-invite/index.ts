import { lazy } from 'react';
import type { Feature } from '../../app/feature.ts';

const InvitePage = lazy(() => import('./InvitePage.tsx').then((m) => ({ default: m.InvitePage })));

export const teamInvite: Feature = {
  // Open: the emailed link works in a browser that is still signed in (accepting signs in as the new user).
  routes: [{ path: '/invite/:token', guard: { kind: 'open' }, page: InvitePage }],
};
