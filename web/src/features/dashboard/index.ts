import type { Site } from '@splashboard/contract';
import type { Feature } from '../../app/feature.ts';
import { preloadable } from '../../app/preload.ts';

const DASHBOARD = '/app/reports/dashboard';

const DashboardPage = preloadable(() =>
  import('./DashboardPage.tsx').then((m) => {
    void m.loadCharts().catch(() => {}); // the chart tiles report a failure
    return m.DashboardPage;
  }),
);

/** Asks for the dashboard page's chunk ahead of its first render. */
export const preloadDashboardPage = () => DashboardPage.preload();

/** Sends the dashboard's calls as soon as their small chunk and the site's settings are both in, before the page renders. */
export function prefetchDashboardCalls(search: string, site: Promise<Site | null>) {
  Promise.all([import('./prefetch.ts'), site]).then(
    ([m, settings]) => settings && m.prefetchDashboard(settings, search),
    () => {}, // the page reports its own failures as it renders
  );
}

export const dashboard: Feature = {
  routes: [
    { path: '/app', redirect: DASHBOARD },
    { path: DASHBOARD, guard: { kind: 'layout' }, page: DashboardPage },
  ],
  menu: [{ menu: 'site', position: 10, label: 'menu.dashboard', path: DASHBOARD, permission: 'all' }],
};
