import { createElement, lazy } from 'react';
import { Navigate } from 'react-router';
import type { Feature, PageGuard } from '../../app/feature.ts';

const SocialProfilePage = lazy(() => import('./SocialProfilePage.tsx').then((m) => ({ default: m.SocialProfilePage })));

// The settings are the Facebook login's, stored with the splash page's (landingpage) like its advanced
// settings; the page says when the Facebook login (the `facebook` flag) is off rather than hiding.
const guard: PageGuard = { kind: 'site', permission: 'landingpage' };

/** The site's social profiles: the Facebook page the Facebook login uses. */
export const social: Feature = {
  routes: [
    {
      path: '/app/social',
      guard,
      element: () => createElement(Navigate, { to: '/app/social/profile', replace: true }),
    },
    { path: '/app/social/profile', guard: { ...guard, form: true }, page: SocialProfilePage },
  ],
  menu: [{ menu: 'site', position: 25, label: 'menu.social', path: '/app/social/profile', permission: 'landingpage' }],
};
