import { Suspense, type ReactNode } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import type { PermissionName, Site } from '@splashboard/contract';
import { preloadable } from '../app/preload.ts';
import { SiteParamSync } from '../app/Startup.tsx';
import type { Feature, FeatureRoute, PageGuard } from '../app/feature.ts';
import { FEATURES } from '../features/index.ts';
import { prefetchDashboardCalls, preloadDashboardPage } from '../features/dashboard/index.ts';
import { SIDE_MENUS } from './menus.ts';
import { PermissionGuard, ReadOnlyForm, SignedIn, SignedInOnly, SignedOutOnly, SiteGuard } from '../features/auth/guards.tsx';

// The signed-in frame loads after sign-in, so that the sign-in page stays small.
const AppLayout = preloadable(() => import('../layout/AppLayout.tsx').then((m) => m.AppLayout));

/** A page inside the top bar and side menu. */
const inLayout = (page: ReactNode) => (
  <AppLayout menus={SIDE_MENUS}>
    <SiteParamSync />
    {page}
  </AppLayout>
);

const formOf = (guard: { permission: PermissionName; form?: boolean }, page: ReactNode) =>
  guard.form ? <ReadOnlyForm permission={guard.permission} children={page} /> : page;

function guarded(guard: PageGuard, page: ReactNode): ReactNode {
  switch (guard.kind) {
    case 'open':
      return page;
    case 'signedOutOnly':
      return <SignedOutOnly to={guard.signedInTo} children={page} />;
    case 'signedInOnly':
      return <SignedInOnly children={page} />;
    case 'signedInOnlyInLayout':
      return <SignedInOnly children={inLayout(page)} />;
    case 'layout':
      return <SignedIn children={inLayout(page)} />;
    case 'site':
      return <SignedIn children={inLayout(<SiteGuard permission={guard.permission} children={formOf(guard, page)} />)} />;
    case 'permission':
      return <SignedIn children={inLayout(<PermissionGuard permission={guard.permission} children={formOf(guard, page)} />)} />;
  }
}

function routeElement(route: FeatureRoute) {
  if ('redirect' in route) return <Navigate to={route.redirect} replace />;
  return guarded(route.guard, 'page' in route ? <route.page /> : route.element());
}

/**
 * Asks for the chunks of the signed-in page at this address while start-up's calls are out, so that
 * the page can render as soon as they answer (the dashboard, where sign-in and `/app` lead, is the one
 * that matters; other pages load as they render). The dashboard's own calls go out as soon as its chunk
 * and the site's settings are both in, before it renders.
 */
export function preloadSignedIn({ pathname, search }: { pathname: string; search: string }, site: Promise<Site | null>) {
  const path = pathname.replace(/^\/newapp/, '');
  if (!/^\/app(\/|$)/.test(path)) return;
  const dashboard = /^\/app(\/reports\/dashboard)?\/?$/.test(path);
  // The dashboard's chunk first: its calls wait for it, and then the server works while the rest loads.
  if (dashboard) void preloadDashboardPage().catch(() => {});
  void AppLayout.preload().catch(() => {});
  if (dashboard) prefetchDashboardCalls(search, site);
}

/** Every feature's pages, behind their guards; any other address goes to /404. */
export function AppRoutes({ features = FEATURES }: { features?: Feature[] }) {
  return (
    <Suspense fallback={null}>
      <Routes>
        <Route path="/" element={<Navigate to="/app" replace />} />
        {features
          .flatMap((feature) => feature.routes)
          .map((route) => (
            <Route key={route.path} path={route.path} element={routeElement(route)} />
          ))}
        <Route path="*" element={<Navigate to="/404" replace />} />
      </Routes>
    </Suspense>
  );
}
