import { lazy } from 'react';
import type { Feature, PageGuard } from '../../app/feature.ts';

const whitelistPages = () => import('./pages.ts');
const WhitelistPage = lazy(() => whitelistPages().then((m) => ({ default: m.WhitelistPage })));
const CreatePage = lazy(() => whitelistPages().then((m) => ({ default: m.CreatePage })));
const EditPage = lazy(() => whitelistPages().then((m) => ({ default: m.EditPage })));

const guard: PageGuard = { kind: 'site', permission: 'macauth' };
/** The create and edit forms: a Read Only client who opens one by its address sees it disabled. */
const form: PageGuard = { ...guard, form: true };

export const whitelist: Feature = {
  routes: [
    { path: '/app/settings-view/whitelisted-devices', guard, page: WhitelistPage },
    { path: '/app/whitelist/create', guard: form, page: CreatePage },
    { path: '/app/whitelist/edit/:id', guard: form, page: EditPage },
  ],
};
