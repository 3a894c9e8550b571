import { lazy } from 'react';
import type { Feature } from '../../app/feature.ts';

const ChangeSubscriptionPage = lazy(() =>
  import('./ChangeSubscriptionPage.tsx').then((m) => ({ default: m.ChangeSubscriptionPage })),
);
const SetupPaymentPage = lazy(() => import('./SetupPaymentPage.tsx').then((m) => ({ default: m.SetupPaymentPage })));

/** The subscription's pages; the account page's subscription tab is ./SubscriptionTab.tsx, loaded by it. */
export const billing: Feature = {
  // Outside the layout and its gate: the gate itself sends here when the subscription needs a plan or a card.
  routes: [
    { path: '/change-subscription/:flow?', guard: { kind: 'signedInOnly' }, page: ChangeSubscriptionPage },
    { path: '/signup/registration/setup-payment/:flow?', guard: { kind: 'signedInOnly' }, page: SetupPaymentPage },
  ],
};
