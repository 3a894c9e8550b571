import { createElement, lazy } from 'react';
import type { BrandingSection } from '@splashboard/contract';
import type { Feature, PageGuard } from '../../app/feature.ts';

const brandingPages = () => import('./pages.ts');
const BrandingIndexPage = lazy(() => brandingPages().then((m) => ({ default: m.BrandingIndexPage })));
const SectionPage = lazy(() => brandingPages().then((m) => ({ default: m.SectionPage })));

const branding_: PageGuard = { kind: 'permission', permission: 'branding' };
const paymentBranding: PageGuard = { kind: 'permission', permission: 'payment_branding' };

const BRANDING: BrandingSection[] = [
  'logo',
  'header',
  'login-page-branding',
  'footer',
  'splash-footer',
  'emails',
  'client-invite',
];
const PAYMENT: BrandingSection[] = ['invoice', 'pay-account', 'pay-expiry'];

/** The provider plan's branding: /app/branding and one page per section (the domain's page is the domain feature's). */
export const branding: Feature = {
  routes: [
    { path: '/app/branding', guard: branding_, page: BrandingIndexPage },
    ...BRANDING.map((section) => ({
      path: `/app/branding/${section}`,
      guard: branding_,
      element: () => createElement(SectionPage, { section }),
    })),
    ...PAYMENT.map((section) => ({
      path: `/app/branding/${section}`,
      guard: paymentBranding,
      element: () => createElement(SectionPage, { section }),
    })),
  ],
  menu: [{ menu: 'controlPanel', position: 30, label: 'menu.branding', path: '/app/branding', permission: 'branding' }],
};
