import { lazy } from 'react';
import type { Feature, PageGuard } from '../../app/feature.ts';

const guestPages = () => import('./pages.ts');
const GuestsPage = lazy(() => guestPages().then((m) => ({ default: m.GuestsPage })));
const GuestDetailsPage = lazy(() => guestPages().then((m) => ({ default: m.GuestDetailsPage })));

const guard: PageGuard = { kind: 'site', permission: 'guests' };

export const guests: Feature = {
  routes: [
    { path: '/app/guests', guard, page: GuestsPage },
    { path: '/app/guests/details/:id', guard, page: GuestDetailsPage },
  ],
  menu: [{ menu: 'site', position: 40, label: 'menu.guests', path: '/app/guests', permission: 'guests' }],
};
