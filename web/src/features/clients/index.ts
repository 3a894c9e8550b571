import { lazy } from 'react';
import type { Feature, PageGuard } from '../../app/feature.ts';

const clientPages = () => import('./pages.ts');
const ClientsPage = lazy(() => clientPages().then((m) => ({ default: m.ClientsPage })));
const CreateClientPage = lazy(() => clientPages().then((m) => ({ default: m.CreateClientPage })));
const EditClientPage = lazy(() => clientPages().then((m) => ({ default: m.EditClientPage })));
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
  ],
  menu: [{ menu: 'controlPanel', position: 20, label: 'menu.clients', path: '/app/clients', permission: 'clients' }],
};
