import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router';
import type { Feature } from '../app/feature.ts';
import { initI18n } from '../app/i18n.ts';
import { AppRoutes } from './router.tsx';
import { makeStore, signedIn } from '../app/store.ts';
import { UiSettingsProvider } from '../app/UiSettings.tsx';

const saying = (words: string) => () => <p>{words}</p>;

const FEATURES_UNDER_TEST: Feature[] = [
  {
    routes: [
      { path: '/somewhere/:id?', guard: { kind: 'open' }, page: saying('a page') },
      { path: '/made', guard: { kind: 'open' }, element: () => <p>made by its function</p> },
      { path: '/old', redirect: '/somewhere' },
    ],
  },
  {
    routes: [
      { path: '/404', guard: { kind: 'open' }, page: saying('no such page') },
      { path: '/login', guard: { kind: 'open' }, page: saying('sign in') },
      { path: '/welcome', guard: { kind: 'signedOutOnly', signedInTo: '/somewhere' }, page: saying('welcome') },
      { path: '/app/area', guard: { kind: 'site', permission: 'guests' }, page: saying('the area') },
    ],
  },
];

function renderAt(path: string, features?: Feature[], signedInUser = false) {
  const { store } = makeStore();
  if (signedInUser) store.dispatch(signedIn({ id: 1, permissions: { all: true }, sites: [] } as never));
  return render(
    <Provider store={store}>
      <UiSettingsProvider>
        <MemoryRouter initialEntries={[path]}>
          <AppRoutes features={features} />
        </MemoryRouter>
      </UiSettingsProvider>
    </Provider>,
  );
}

beforeAll(() => initI18n('en-US'));
// Without vitest globals Testing Library does not clean up by itself.
afterEach(cleanup);

describe('router', () => {
  it('has a route for each route of the features list, and nothing else but the home and catch-all', async () => {
    renderAt('/somewhere/7', FEATURES_UNDER_TEST);
    expect(await screen.findByText('a page')).toBeTruthy();
    cleanup();
    renderAt('/made', FEATURES_UNDER_TEST);
    expect(await screen.findByText('made by its function')).toBeTruthy();
    cleanup();
    renderAt('/old', FEATURES_UNDER_TEST);
    expect(await screen.findByText('a page')).toBeTruthy();
    cleanup();
    // An address of the real list is not one of this list's.
    renderAt('/app/guests', FEATURES_UNDER_TEST);
    expect(await screen.findByText('no such page')).toBeTruthy();
  });

  it('puts each route behind the guard its feature names', async () => {
    renderAt('/welcome', FEATURES_UNDER_TEST);
    expect(await screen.findByText('welcome')).toBeTruthy();
    cleanup();
    renderAt('/welcome', FEATURES_UNDER_TEST, true);
    expect(await screen.findByText('a page')).toBeTruthy();
    cleanup();
    renderAt('/app/area', FEATURES_UNDER_TEST);
    expect(await screen.findByText('sign in')).toBeTruthy();
  });
});
