import { lazy } from 'react';
import type { Feature, PageGuard } from '../../app/feature.ts';

const clientPages = () => import('./pages.ts');
const ClientsPage = lazy(() => clientPages().then((m) => ({ default: m.ClientsPage })));
const CreateClientPage = lazy(() => clientPages().then((m) => ({ default: m.CreateClientPage })));
const EditClientPage = lazy(() => clientPages().then((m) => ({ default: m.EditClientPage })));
const SubscriptionExpiredPage = lazy(() => clientPages().then((m) => ({ default: m.SubscriptionExpiredPage })));
const ClientAccessPage = lazy(() => clientPages().then((m) => ({ default: m.ClientAccessPage })));

// Account-wide: shown in the control panel.
const guard: PageGuard = { kind: 'permission', permission: 'clients' };

export const clients: Feature = {
  routes: [
    { path: '/app/clients', guard, page: ClientsPage },
    { path: '/app/clients/create', guard, page: CreateClientPage },
    { path: '/app/clients/edit/:id', guard, page: EditClientPage },
    {
      path: '/app/settings-view/client-access',
      guard: { kind: 'site', permission: 'client_access' },
      page: ClientAccessPage,
    },
    // Outside the signed-in gate, which sends users here (see app/gates.ts).
    { path: '/app/subscription-expired', guard: { kind: 'signedInOnlyInLayout' }, page: SubscriptionExpiredPage },
  ],
  menu: [{ menu: 'controlPanel', position: 20, label: 'menu.clients', path: '/app/clients', permission: 'clients' }],
};
