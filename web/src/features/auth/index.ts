import type { Feature } from '../../app/feature.ts';
// Not lazy, unlike other features' pages: signing in, out and the not-found page show without waiting for a chunk.
import { LoginPage } from './LoginPage.tsx';
import { LogoutRoute } from './LogoutRoute.tsx';
import { NotFoundPage } from './NotFoundPage.tsx';

export const auth: Feature = {
  routes: [
    { path: '/login', guard: { kind: 'signedOutOnly' }, page: LoginPage },
    { path: '/login-unprotected', guard: { kind: 'open' }, page: LoginPage },
    { path: '/logout', guard: { kind: 'open' }, page: LogoutRoute },
    { path: '/404', guard: { kind: 'open' }, page: NotFoundPage },
  ],
};
