import { lazy } from 'react';
import type { Feature, PageGuard } from '../../app/feature.ts';

// Routes only: the pages, the kinds and their names load with the pages (this file is in the first chunk).
const pages = () => import('./pages.ts');
const IntegrationsListPage = lazy(() => pages().then((m) => ({ default: m.IntegrationsListPage })));
const InactiveIntegrationsPage = lazy(() => pages().then((m) => ({ default: m.InactiveIntegrationsPage })));
const IntegrationPage = lazy(() => pages().then((m) => ({ default: m.IntegrationPage })));
const ConnectionPage = lazy(() => pages().then((m) => ({ default: m.ConnectionPage })));

const list: PageGuard = { kind: 'site', permission: 'integrations' };
/** The settings of an integration are forms: a Read Only client sees them with their controls disabled. */
const form: PageGuard = { kind: 'site', permission: 'integrations', form: true };

export const integrations: Feature = {
  routes: [
    { path: '/app/settings-view/integrations', guard: list, page: IntegrationsListPage },
    { path: '/app/settings-view/integrations/inactive', guard: list, page: InactiveIntegrationsPage },
    // An address that is not an integration's goes on to /404 (the page checks the kind).
    { path: '/app/settings-view/:kind', guard: form, page: IntegrationPage },
    { path: '/app/settings-view/:kind/connection', guard: form, page: ConnectionPage },
  ],
};
