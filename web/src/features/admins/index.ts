import { lazy } from 'react';
import type { Feature, PageGuard } from '../../app/feature.ts';

const adminPages = () => import('./pages.ts');
const AdminsPage = lazy(() => adminPages().then((m) => ({ default: m.AdminsPage })));
const CreateAdminPage = lazy(() => adminPages().then((m) => ({ default: m.CreateAdminPage })));
const EditAdminPage = lazy(() => adminPages().then((m) => ({ default: m.EditAdminPage })));

// Account-wide: shown in the control panel (and reachable with the permission from anywhere).
const guard: PageGuard = { kind: 'permission', permission: 'control_panel' };

export const admins: Feature = {
  routes: [
    { path: '/app/admins', guard, page: AdminsPage },
    { path: '/app/admins/create', guard, page: CreateAdminPage },
    { path: '/app/admins/edit/:id', guard, page: EditAdminPage },
  ],
  menu: [{ menu: 'controlPanel', position: 10, label: 'menu.admins', path: '/app/admins', permission: 'control_panel' }],
};
