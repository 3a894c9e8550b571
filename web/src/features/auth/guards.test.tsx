import type { ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes } from 'react-router';
import { makeStore, signedIn, siteSettingsLoaded } from '../../app/store.ts';
import { PermissionGuard, SignedIn, SignedOutOnly, SiteGuard } from './guards.tsx';

function renderAt(path: string, store: ReturnType<typeof makeStore>['store'], element: ReactNode) {
  return render(
    <Provider store={store}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/page" element={element} />
          <Route path="/login" element={<p>login page</p>} />
          <Route path="/app/account" element={<p>account page</p>} />
          <Route path="/app/reports/dashboard" element={<p>dashboard page</p>} />
          <Route path="/signup/registration/deployment/first" element={<p>first site page</p>} />
        </Routes>
      </MemoryRouter>
    </Provider>,
  );
}

const profile = (over = {}) =>
  ({
    id: 1,
    permissions: { all: true },
    sites: [],
    sub_active: true,
    billing_access: true,
    card_updated_required: false,
    site_creation_needed: false,
    ...over,
  }) as never;
const site = (id: number, permissions: Record<string, boolean>) => ({ id, name: 'S', permissions }) as never;

// Without vitest globals Testing Library does not clean up by itself.
afterEach(cleanup);

describe('route guards', () => {
  it('SignedIn sends a signed-out visitor to /login and a user without sites to create one', () => {
    renderAt('/page', makeStore().store, <SignedIn children={<p>the page</p>} />);
    expect(screen.getByText('login page')).toBeTruthy();
    const { store } = makeStore();
    store.dispatch(signedIn(profile({ site_creation_needed: true })));
    renderAt('/page', store, <SignedIn children={<p>the page</p>} />);
    expect(screen.getByText('first site page')).toBeTruthy();
  });

  it('SignedOutOnly sends a signed-in user to the account page', () => {
    const { store } = makeStore();
    store.dispatch(signedIn(profile()));
    renderAt('/page', store, <SignedOutOnly children={<p>sign-in form</p>} />);
    expect(screen.getByText('account page')).toBeTruthy();
  });

  it('SiteGuard shows the page with the permission at a site, not in the control panel', () => {
    const { store } = makeStore();
    store.dispatch(signedIn(profile()));
    store.dispatch(siteSettingsLoaded(site(4, { sitesettings: true })));
    renderAt('/page', store, <SiteGuard permission="sitesettings" children={<p>settings</p>} />);
    expect(screen.getByText('settings')).toBeTruthy();
    const cp = makeStore().store;
    cp.dispatch(siteSettingsLoaded(site(0, { sitesettings: true })));
    renderAt('/page', cp, <SiteGuard permission="sitesettings" children={<p>settings</p>} />);
    expect(screen.getByText('dashboard page')).toBeTruthy();
  });

  it('SiteGuard and PermissionGuard send a user without the permission to the dashboard', () => {
    const { store } = makeStore();
    store.dispatch(signedIn(profile()));
    store.dispatch(siteSettingsLoaded(site(4, { sitesettings: false, guests: true })));
    renderAt('/page', store, <SiteGuard permission="sitesettings" children={<p>settings</p>} />);
    expect(screen.getByText('dashboard page')).toBeTruthy();
    cleanup();
    renderAt('/page', store, <PermissionGuard permission="sitesettings" children={<p>settings</p>} />);
    expect(screen.getByText('dashboard page')).toBeTruthy();
  });

  it('PermissionGuard checks only the permission, so it also opens in the control panel', () => {
    const { store } = makeStore();
    store.dispatch(signedIn(profile()));
    store.dispatch(siteSettingsLoaded(site(0, { branding: true })));
    renderAt('/page', store, <PermissionGuard permission="branding" children={<p>branding</p>} />);
    expect(screen.getByText('branding')).toBeTruthy();
  });
});
