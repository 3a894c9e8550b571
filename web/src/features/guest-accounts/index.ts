import { lazy } from 'react';
import type { Feature, PageGuard } from '../../app/feature.ts';

const guestAccountPages = () => import('./pages.ts');
const ManagePage = lazy(() => guestAccountPages().then((m) => ({ default: m.ManagePage })));
const CreatePage = lazy(() => guestAccountPages().then((m) => ({ default: m.CreatePage })));
const EditPage = lazy(() => guestAccountPages().then((m) => ({ default: m.EditPage })));
const DetailsPage = lazy(() => guestAccountPages().then((m) => ({ default: m.DetailsPage })));

const guard: PageGuard = { kind: 'site', permission: 'guestuser' };

export const guestAccounts: Feature = {
  routes: [
    { path: '/app/guestuser/manage', guard, page: ManagePage },
    { path: '/app/guestuser/create', guard, page: CreatePage },
    { path: '/app/guestuser/edit/:id', guard, page: EditPage },
    { path: '/app/guestuser/details/:id/:p/:rpp/:search?', guard, page: DetailsPage },
  ],
  menu: [{ menu: 'site', position: 80, label: 'menu.guestAccounts', path: '/app/guestuser/manage', permission: 'guestuser' }],
};
