import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter, useLocation } from 'react-router';
import { SnackbarProvider } from 'notistack';
import type { Feature } from '../../app/feature.ts';
import { initI18n } from '../../app/i18n.ts';
import { AppRoutes } from '../../routes/router.tsx';
import { makeStore, signedIn, siteSettingsLoaded } from '../../app/store.ts';
import { UiSettingsProvider } from '../../app/UiSettings.tsx';
import { sites } from './index.ts';

/** Where the app ends up: the address, and the site selected in the store. */
function Where({ what }: { what: string }) {
  const { pathname, search } = useLocation();
  return (
    <p>
      {what} at {pathname}
      {search}
    </p>
  );
}

// The real sites feature; the pages it leads to stand in (open, so that no layout or start-up is needed).
const FEATURES: Feature[] = [
  sites,
  {
    routes: [
      { path: '/app/reports/dashboard', guard: { kind: 'open' }, element: () => <Where what="dashboard" /> },
      { path: '/login', guard: { kind: 'open' }, element: () => <Where what="sign-in" /> },
      { path: '/404', guard: { kind: 'open' }, element: () => <Where what="not found" /> },
    ],
  },
];

const profile = {
  id: 1,
  email: 'owner@example.test',
  permissions: { all: true, control_panel: false },
  sites: [
    { id: 11, name: 'Harbour Café' },
    { id: 12, name: 'Station Kiosk' },
  ],
  sub_active: true,
  billing_access: true,
} as never;

let asked: string[] = [];

function renderAt(path: string, signedInUser = true) {
  const { store } = makeStore();
  if (signedInUser) {
    store.dispatch(signedIn(profile));
    store.dispatch(siteSettingsLoaded({ id: 11, name: 'Harbour Café', permissions: { all: true } } as never));
  }
  render(
    <Provider store={store}>
      <UiSettingsProvider>
        <SnackbarProvider>
          <MemoryRouter initialEntries={[path]}>
            <AppRoutes features={FEATURES} />
          </MemoryRouter>
        </SnackbarProvider>
      </UiSettingsProvider>
    </Provider>,
  );
  return store;
}

// Pages and the layout load lazily: on a busy machine that takes more than a second.
const LOAD = { timeout: 10_000 };

beforeAll(() => initI18n('en-US'));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  // The store keeps itself in localStorage: each test starts from its own.
  localStorage.clear();
});

// The server, at its boundary: the sites this user can reach answer their settings.
function serveSites() {
  asked = [];
  vi.stubGlobal('fetch', async (url: string) => {
    asked.push(url);
    const id = Number(/\/s\/api\/v1\/site\/(\d+)$/.exec(url)?.[1]);
    if (id === 11 || id === 12)
      return new Response(JSON.stringify({ id, name: id === 12 ? 'Station Kiosk' : 'Harbour Café', permissions: { all: true } }));
    return new Response(JSON.stringify({ status: 404, message: 'Not found', schema_errors: {}, code: 'common.notFound' }), {
      status: 404,
    });
  });
}

// The pages load lazily (the new-location page is a large chunk): on a busy machine that can take more than 5 s.
describe('/app/site/{siteId}, a link to a site', { timeout: 20_000 }, () => {
  it('selects a site of the user and opens its dashboard with the site in the address', async () => {
    serveSites();
    const store = renderAt('/app/site/12');
    expect(await screen.findByText('dashboard at /app/reports/dashboard?site=12', undefined, LOAD)).toBeTruthy();
    expect(store.getState().site.selectedSiteId).toBe(12);
    expect(store.getState().site.settings?.name).toBe('Station Kiosk');
    expect(asked).toEqual(['/s/api/v1/site/12']);
  });

  it('tells of a site the user cannot reach and opens the current site’s dashboard', async () => {
    serveSites();
    const store = renderAt('/app/site/999999');
    expect(await screen.findByText('dashboard at /app/reports/dashboard?site=11', undefined, LOAD)).toBeTruthy();
    expect(await screen.findByText('No site exist with site id 999999', undefined, LOAD)).toBeTruthy();
    expect(store.getState().site.selectedSiteId).toBe(11);
    // Nothing is asked of the server for a site the profile does not list.
    expect(asked).toEqual([]);
    cleanup();
    renderAt('/app/site/abc');
    expect(await screen.findByText('No site exist with site id abc', undefined, LOAD)).toBeTruthy();
  });

  it('keeps /app/site/new the new-location page, and sends a signed-out visitor to sign in', async () => {
    serveSites();
    renderAt('/app/site/new');
    expect(await screen.findByRole('heading', { name: /location/i }, LOAD)).toBeTruthy();
    expect(screen.queryByText(/dashboard at/)).toBeNull();
    cleanup();
    renderAt('/app/site/12', false);
    expect(await screen.findByText('sign-in at /login', undefined, LOAD)).toBeTruthy();
    expect(asked.filter((url) => url.includes('/site/'))).toEqual([]);
  });
});
