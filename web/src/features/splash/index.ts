import { lazy } from 'react';
import type { Feature } from '../../app/feature.ts';

const splashPages = () => import('./pages.ts');
const SplashPagesPage = lazy(() => splashPages().then((m) => ({ default: m.SplashPagesPage })));
const ScreenStylesPage = lazy(() => splashPages().then((m) => ({ default: m.ScreenStylesPage })));

export const splash: Feature = {
  routes: [
    { path: '/app/site/splash-pages', guard: { kind: 'site', permission: 'landingpage' }, page: SplashPagesPage },
    { path: '/app/settings-view/splash/:screen', guard: { kind: 'site', permission: 'sitesettings' }, page: ScreenStylesPage },
  ],
  menu: [{ menu: 'site', position: 20, label: 'menu.splashPage', path: '/app/site/splash-pages', permission: 'landingpage' }],
};
