import { lazy } from 'react';
import type { Feature } from '../../app/feature.ts';

const AccountPage = lazy(() => import('./AccountPage.tsx').then((m) => ({ default: m.AccountPage })));

export const account: Feature = {
  routes: [{ path: '/app/account/:selectedTab?', guard: { kind: 'signedInOnlyInLayout' }, page: AccountPage }],
};
