import { lazy } from 'react';
import type { Feature, PageGuard } from '../../app/feature.ts';

const guestAccountPages = () => import('./pages.ts');
const ManagePage = lazy(() => guestAccountPages().then((m) => ({ default: m.ManagePage })));
const CreatePage = lazy(() => guestAccountPages().then((m) => ({ default: m.CreatePage })));
const EditPage = lazy(() => guestAccountPages().then((m) => ({ default: m.EditPage })));
const DetailsPage = lazy(() => guestAccountPages().then((m) => ({ default: m.DetailsPage })));

const guard: PageGuard = { kind: 'site', permission: 'guestuser' };
/** The create and edit forms: a Read Only client who opens one by its address sees it disabled. */
const form: PageGuard = { ...guard, form: true };

export const guestAccounts: Feature = {
  routes: [
    { path: '/app/guestuser/manage', guard, page: ManagePage },
    { path: '/app/guestuser/create', guard: form, page: CreatePage },
    { path: '/app/guestuser/edit/:id', guard: form, page: EditPage },
    { path: '/app/guestuser/details/:id/:p/:rpp/:search?', guard, page: DetailsPage },
  ],
  menu: [{ menu: 'site', position: 80, label: 'menu.guestAccounts', path: '/app/guestuser/manage', permission: 'guestuser' }],
};
