import { lazy } from 'react';
import type { Feature } from '../../app/feature.ts';
// Not lazy, unlike other features' pages: signing in, out and the not-found page show without waiting for a chunk.
import { LoginPage } from './LoginPage.tsx';
import { LogoutRoute } from './LogoutRoute.tsx';
import { NotFoundPage } from './NotFoundPage.tsx';

const resetPages = () => import('./PasswordResetPages.tsx');
const ForgotPasswordPage = lazy(() => resetPages().then((m) => ({ default: m.ForgotPasswordPage })));
const ResetPasswordPage = lazy(() => resetPages().then((m) => ({ default: m.ResetPasswordPage })));
const GooglePage = lazy(() => import('./GooglePage.tsx').then((m) => ({ default: m.GooglePage })));

export const auth: Feature = {
  routes: [
    { path: '/login', guard: { kind: 'signedOutOnly' }, page: LoginPage },
    { path: '/login-unprotected', guard: { kind: 'open' }, page: LoginPage },
    { path: '/password/forgot', guard: { kind: 'signedOutOnly' }, page: ForgotPasswordPage },
    // Open: a link from the email works in a browser that is still signed in (its session ends with the reset).
    { path: '/password/reset/:token', guard: { kind: 'open' }, page: ResetPasswordPage },
    // Where Google sends the browser back; open, as the answer may be for a browser still signed in.
    { path: '/google', guard: { kind: 'open' }, page: GooglePage },
    { path: '/logout', guard: { kind: 'open' }, page: LogoutRoute },
    { path: '/404', guard: { kind: 'open' }, page: NotFoundPage },
  ],
};
