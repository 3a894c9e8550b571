/**
 * The onboarding steps before the first location, in order (paths under /signup/registration/); each
 * fills the location draft, and after the last comes the location form with it filled in.
 */
export const ONBOARDING_STEPS = [
  'deployment/1',
  'field-collect',
  'branding-info',
  'payment-onboarding',
  'guestuser-onboarding',
  'voucher-onboarding',
] as const;
export type OnboardingStep = (typeof ONBOARDING_STEPS)[number];
