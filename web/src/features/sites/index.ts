import { lazy } from 'react';
import type { Feature } from '../../app/feature.ts';

const NewSitePage = lazy(() => import('./NewSitePage.tsx').then((m) => ({ default: m.NewSitePage })));

export const sites: Feature = {
  routes: [
    // The last step of sign-up's onboarding: the first location.
    { path: '/signup/registration/deployment/:first?', guard: { kind: 'signedInOnly' }, page: NewSitePage },
    { path: '/app/site/new/:first?', guard: { kind: 'signedInOnly' }, page: NewSitePage },
  ],
};
