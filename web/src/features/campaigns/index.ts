import { createElement, lazy } from 'react';
import { Navigate } from 'react-router';
import type { Feature, PageGuard } from '../../app/feature.ts';

const emailPages = () => import('./email/pages.ts');
const EmailCampaignsPage = lazy(() => emailPages().then((m) => ({ default: m.EmailCampaignsPage })));
const EmailCampaignEditorPage = lazy(() => emailPages().then((m) => ({ default: m.EmailCampaignEditorPage })));
const adPages = () => import('./splash-ads/pages.ts');
const SplashAdsPage = lazy(() => adPages().then((m) => ({ default: m.SplashAdsPage })));
const SplashAdEditorPage = lazy(() => adPages().then((m) => ({ default: m.SplashAdEditorPage })));
const abPages = () => import('./ab-tests/pages.ts');
const AbTestsPage = lazy(() => abPages().then((m) => ({ default: m.AbTestsPage })));

const email: PageGuard = { kind: 'site', permission: 'email_campaigns' };
const ads: PageGuard = { kind: 'site', permission: 'splash_campaigns' };
const group: PageGuard = { kind: 'site', permission: 'campaigns' };

/** Marketing: email campaigns, splash-page ads, and splash A/B tests with the login funnel. */
export const campaigns: Feature = {
  routes: [
    {
      path: '/app/campaigns',
      guard: group,
      element: () => createElement(Navigate, { to: '/app/campaigns/email', replace: true }),
    },
    { path: '/app/campaigns/email', guard: email, page: EmailCampaignsPage },
    { path: '/app/campaigns/email/create', guard: { ...email, form: true }, page: EmailCampaignEditorPage },
    { path: '/app/campaigns/email/edit/:id', guard: { ...email, form: true }, page: EmailCampaignEditorPage },
    { path: '/app/campaigns/splash-page-ad', guard: ads, page: SplashAdsPage },
    { path: '/app/campaigns/splash-page-ad/create', guard: { ...ads, form: true }, page: SplashAdEditorPage },
    { path: '/app/campaigns/splash-page-ad/edit/:id', guard: { ...ads, form: true }, page: SplashAdEditorPage },
    { path: '/app/campaigns/ab-tests', guard: ads, page: AbTestsPage },
  ],
  menu: [
    {
      menu: 'site',
      position: 30,
      label: 'menu.campaigns',
      path: '/app/campaigns',
      permission: 'campaigns',
      children: [
        { label: 'menu.emailCampaigns', path: '/app/campaigns/email', permission: 'email_campaigns' },
        { label: 'menu.splashAds', path: '/app/campaigns/splash-page-ad', permission: 'splash_campaigns' },
        { label: 'menu.abTests', path: '/app/campaigns/ab-tests', permission: 'splash_campaigns' },
      ],
    },
  ],
};
