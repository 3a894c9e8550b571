import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter, useLocation } from 'react-router';
import { SnackbarProvider } from 'notistack';
import type { Feature } from '../../app/feature.ts';
import { initI18n, setLanguage } from '../../app/i18n.ts';
import { AppRoutes } from '../../routes/router.tsx';
import { makeStore, signedIn, siteSettingsLoaded } from '../../app/store.ts';
import { UiSettingsProvider } from '../../app/UiSettings.tsx';
import { social } from './index.ts';

function Where({ what }: { what: string }) {
  const { pathname } = useLocation();
  return (
    <p>
      {what} at {pathname}
    </p>
  );
}

// The real social feature; the pages it links to stand in.
const FEATURES: Feature[] = [
  social,
  {
    routes: [
      { path: '/app/reports/dashboard', guard: { kind: 'open' }, element: () => <Where what="dashboard" /> },
      { path: '/app/site/splash-pages', guard: { kind: 'open' }, element: () => <Where what="splash pages" /> },
      { path: '/404', guard: { kind: 'open' }, element: () => <Where what="not found" /> },
    ],
  },
];

const profile = {
  id: 1,
  email: 'owner@example.test',
  permissions: { all: true, landingpage: true },
  sites: [{ id: 11, name: 'Harbour Café' }],
  sub_active: true,
  billing_access: true,
  card_updated_required: false,
  site_creation_needed: false,
} as never;

const URL = '/s/11/api/v1/facebookloginconfig/';
let stored: { fb_page: string; auth_fb_post: boolean };
let puts: unknown[];

// The server, at its boundary: the Facebook login's settings, with the contract's rule for the page address.
function serveSettings() {
  stored = { fb_page: '', auth_fb_post: false };
  puts = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    if (url !== URL) return new Response(JSON.stringify({}));
    if (init.method === 'PUT') {
      const body = JSON.parse(String(init.body)) as typeof stored;
      puts.push(body);
      if (body.fb_page && !body.fb_page.startsWith('https://'))
        return new Response(
          JSON.stringify({
            status: 422,
            message: 'Please correct the highlighted fields',
            schema_errors: { fb_page: ['Enter the page address starting with https://'] },
            code: 'common.validation',
          }),
          { status: 422 },
        );
      stored = { ...stored, ...body };
    }
    return new Response(JSON.stringify({ relogin_policy: 'always', collect_birthday: false, ...stored }));
  });
}

function renderAt(path: string, site: { permissions: Record<string, boolean>; read_only?: string[] }, language = 'en-US') {
  const { store } = makeStore();
  store.dispatch(signedIn({ ...(profile as object), language } as never));
  store.dispatch(siteSettingsLoaded({ id: 11, name: 'Harbour Café', ...site } as never));
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
}

// Pages and the layout load lazily: on a busy machine that takes more than a second.
const LOAD = { timeout: 10_000 };

beforeAll(() => initI18n('en-US'));
afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
  await setLanguage('en-US');
});

// The layout and the page load lazily: on a busy machine that can take more than 5 s.
describe('social profiles', { timeout: 20_000 }, () => {
  it('/app/social opens the profile page, which saves the Facebook login’s page and switch', async () => {
    serveSettings();
    renderAt('/app/social', { permissions: { all: true, landingpage: true, facebook: true } });
    expect(await screen.findByRole('heading', { name: 'Social profiles' }, LOAD)).toBeTruthy();
    const page = screen.getByRole('textbox', { name: 'Facebook page' });
    fireEvent.change(page, { target: { value: 'facebook.com/harbour' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Enter the page address starting with https://', undefined, LOAD)).toBeTruthy();
    expect(stored.fb_page).toBe('');
    fireEvent.change(page, { target: { value: 'https://www.facebook.com/harbour' } });
    fireEvent.click(screen.getByRole('switch', { name: 'Ask guests to post about your page' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Saved', undefined, LOAD)).toBeTruthy();
    expect(stored).toEqual({ fb_page: 'https://www.facebook.com/harbour', auth_fb_post: true });
    // Only these two fields are sent: the Facebook login's other settings keep theirs.
    expect(puts.at(-1)).toEqual({ fb_page: 'https://www.facebook.com/harbour', auth_fb_post: true });
    expect(screen.getByRole('link', { name: 'Open the Facebook login’s settings' }).getAttribute('href')).toBe(
      '/app/site/splash-pages?tab=facebook',
    );
  });

  it('says when the Facebook login is off, with a way to turn it on, and words the rule in Spanish', async () => {
    serveSettings();
    renderAt('/app/social/profile', { permissions: { all: true, landingpage: true, facebook: false } }, 'es-ES');
    const notice = await screen.findByText(/El acceso con Facebook no está activado/, undefined, LOAD);
    expect(notice).toBeTruthy();
    const turnOn = screen.getByRole('link', { name: 'Actívalo en los métodos de acceso de la página de bienvenida' });
    expect(turnOn.getAttribute('href')).toBe('/app/site/splash-pages');
    fireEvent.change(screen.getByRole('textbox', { name: 'Página de Facebook' }), { target: { value: 'http://x' } });
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('Escribe la dirección de la página empezando por https://', undefined, LOAD)).toBeTruthy();
  });

  it('is read only for a Read Only client, and not there without the splash page permission', async () => {
    serveSettings();
    renderAt('/app/social/profile', {
      permissions: { all: true, landingpage: true, facebook: true },
      read_only: ['landingpage'],
    });
    const form = await screen.findByTestId('read-only-form', undefined, LOAD);
    // The disabled fieldset disables what is inside it (:disabled), not each control's own attribute.
    await waitFor(() => expect(within(form).getByRole('button', { name: 'Save' }).matches(':disabled')).toBe(true));
    expect(within(form).getByRole('textbox', { name: 'Facebook page' }).matches(':disabled')).toBe(true);
    cleanup();
    renderAt('/app/social', { permissions: { all: true, landingpage: false, facebook: true } });
    expect(await screen.findByText('dashboard at /app/reports/dashboard', undefined, LOAD)).toBeTruthy();
  });
});
