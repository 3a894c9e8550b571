import { createElement, lazy } from 'react';
import type { Feature, FeatureRoute } from '../../app/feature.ts';
import { ONBOARDING_STEPS } from '../sites/onboardingSteps.ts';

const signupPages = () => import('./SignupPages.tsx');
const RegisterPage = lazy(() => signupPages().then((m) => ({ default: m.RegisterPage })));
const VerificationPage = lazy(() => signupPages().then((m) => ({ default: m.VerificationPage })));
const RegistrationPage = lazy(() => signupPages().then((m) => ({ default: m.RegistrationPage })));
const RegistrationSuccessPage = lazy(() => signupPages().then((m) => ({ default: m.RegistrationSuccessPage })));
const PlansPage = lazy(() => import('./PlansPage.tsx').then((m) => ({ default: m.PlansPage })));
const OnboardingPage = lazy(() => import('./OnboardingPages.tsx').then((m) => ({ default: m.OnboardingPage })));

const onboardingStep = (step: (typeof ONBOARDING_STEPS)[number]): FeatureRoute => ({
  path: `/signup/registration/${step}/:first?`,
  guard: { kind: 'signedInOnly' },
  // Keyed by step: each step's page starts afresh instead of keeping the previous step's state.
  element: () => createElement(OnboardingPage, { key: step, step }),
});

export const signup: Feature = {
  routes: [
    { path: '/selectPlan', guard: { kind: 'open' }, page: PlansPage },
    { path: '/plan', guard: { kind: 'open' }, page: PlansPage },
    { path: '/register/:plan?', guard: { kind: 'signedOutOnly' }, page: RegisterPage },
    { path: '/signup/verification/:token?', guard: { kind: 'signedOutOnly' }, page: VerificationPage },
    { path: '/signup/registration/success', guard: { kind: 'signedInOnly' }, page: RegistrationSuccessPage },
    ...ONBOARDING_STEPS.map(onboardingStep),
    {
      path: '/signup/registration/:plan?',
      guard: { kind: 'signedOutOnly', signedInTo: '/signup/registration/success' },
      page: RegistrationPage,
    },
  ],
};
