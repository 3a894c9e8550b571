import { lazy } from 'react';
import type { Feature } from '../../app/feature.ts';

const NewSitePage = lazy(() => import('./NewSitePage.tsx').then((m) => ({ default: m.NewSitePage })));
const SiteLinkPage = lazy(() => import('./SiteLinkPage.tsx').then((m) => ({ default: m.SiteLinkPage })));

export const sites: Feature = {
  routes: [
    // The last step of sign-up's onboarding: the first location.
    { path: '/signup/registration/deployment/:first?', guard: { kind: 'signedInOnly' }, page: NewSitePage },
    { path: '/app/site/new/:first?', guard: { kind: 'signedInOnly' }, page: NewSitePage },
    // A link to share: selects the site and opens its dashboard (`new` above ranks first, being a static segment).
    { path: '/app/site/:siteId', guard: { kind: 'signedInOnly' }, page: SiteLinkPage },
  ],
};
