import type { ReactNode } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router';
import { SnackbarProvider } from 'notistack';
import {
  DEFAULT_LOGIN_METHOD_VALUES,
  DEFAULT_SPLASH_DESIGN,
  defaultFieldListOf,
  defaultStylesOf,
  fieldTypesOf,
  normalizeLoginField,
} from '@splashboard/contract';
import { initI18n } from '../../app/i18n.ts';
import { makeStore, siteSettingsLoaded } from '../../app/store.ts';

// The designer against a stand-in for the server's answers (the network is the only thing replaced):
// what it shows, what the preview draws, and what each Save sends.

let SplashPagesPage: typeof import('./SplashPagesPage.tsx').SplashPagesPage;
beforeAll(async () => {
  initI18n('en-US');
  ({ SplashPagesPage } = await import('./SplashPagesPage.tsx'));
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const SITE = {
  id: 5,
  name: 'Harbour Café',
  router_type: 'unifi',
  auth_methods: ['email'],
  timezone: 'UTC',
  currency: 'USD',
  default_countrycode: 'US',
  validate_email: false,
  redirect_url: '',
  logo_image: '',
  html_image: '',
  permissions: { all: true, landingpage: true, sitesettings: true },
  created_at: null,
};
const API = '/s/5/api/v1';

interface Call {
  method: string;
  url: string;
  body: unknown;
}
let calls: Call[];
let failNext: { url: string; status: number; schema_errors: Record<string, string[]> } | null;

function stubServer(canWrite = true) {
  calls = [];
  failNext = null;
  const answers: Record<string, unknown> = {
    '/s/api/v1/site/5': SITE,
    [`${API}/splashpage/design`]: { ...DEFAULT_SPLASH_DESIGN, can_write: canWrite },
    [`${API}/splashpage/thumbnails`]: { items: [] },
    '/static/guest/fonts/config.json': { fonts: [{ family: 'Roboto' }, { family: 'Lato' }] },
    [`${API}/emailconfig/`]: DEFAULT_LOGIN_METHOD_VALUES.emailconfig,
    [`${API}/emailconfig/splashpage`]: defaultStylesOf('emailconfig'),
    [`${API}/emailconfig/loginfields`]: { login_fields: defaultFieldListOf('emailconfig', 'login_fields') },
    [`${API}/emailconfig/fields`]: {
      fields: fieldTypesOf('emailconfig').map((field_type) => normalizeLoginField({ field_type })),
    },
    [`${API}/multilanding/splashpage`]: defaultStylesOf('multilanding'),
  };
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    const method = init.method ?? 'GET';
    const body = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
    calls.push({ method, url, body });
    if (failNext && method === 'PUT' && url === failNext.url) {
      const { status, schema_errors } = failNext;
      return new Response(JSON.stringify({ status, message: 'Please correct the highlighted fields', schema_errors }), {
        status,
      });
    }
    if (method === 'PUT') {
      const before = answers[url] as Record<string, unknown>;
      answers[url] = { ...before, ...(body as object) };
      return new Response(JSON.stringify(answers[url]));
    }
    if (!(url in answers))
      return new Response(JSON.stringify({ status: 404, message: 'Not found', schema_errors: {} }), { status: 404 });
    return new Response(JSON.stringify(answers[url]));
  });
}

function renderPage(children: ReactNode = <SplashPagesPage />) {
  const { store } = makeStore();
  store.dispatch(siteSettingsLoaded(SITE as never));
  return render(
    <Provider store={store}>
      <SnackbarProvider>
        <MemoryRouter>{children}</MemoryRouter>
      </SnackbarProvider>
    </Provider>,
  );
}

const puts = () => calls.filter((c) => c.method === 'PUT').map(({ url, body }) => ({ url, body }));
const previewHtml = () => (screen.getByTitle(/^Preview of the guest page/) as HTMLIFrameElement).getAttribute('srcdoc') ?? '';

beforeEach(() => stubServer());

// MUI in jsdom on a shared machine is slow: a whole editing session takes several seconds.
describe('the splash page designer', { timeout: 60_000 }, () => {
  it('previews the changes as they are typed, then saves only what changed, per call', async () => {
    renderPage();
    const colour = await screen.findByLabelText('Page background');
    fireEvent.change(colour, { target: { value: '#102030' } });

    fireEvent.click(screen.getByRole('tab', { name: 'Email' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Screen style' }));
    // The heading's editor holds formatted text (typed, then made bold): it is sent inside the theme's heading element.
    const heading = within(screen.getByRole('group', { name: 'Heading' })).getByRole('textbox', { name: 'Heading' });
    expect(heading.innerHTML).toBe('Connect with your email');
    heading.innerHTML = 'Welcome <b>aboard</b>';
    fireEvent.input(heading);

    await screen.findByRole('listitem', { name: 'Email' });
    fireEvent.mouseDown(screen.getByLabelText('Field to add'));
    fireEvent.click(screen.getByRole('option', { name: 'Custom text' }));
    fireEvent.click(screen.getByRole('button', { name: 'Add field' }));
    fireEvent.change(within(screen.getByRole('listitem', { name: 'Your answer' })).getByLabelText('Label'), {
      target: { value: 'Room number' },
    });

    // Before any save: the preview is the guest page with the changes.
    fireEvent.click(screen.getByRole('button', { name: 'Show the preview' }));
    await waitFor(() => expect(previewHtml()).toContain('<h1 class="h2">Welcome <b>aboard</b></h1>'));
    expect(previewHtml()).toContain('body{background:#102030');
    expect(previewHtml()).toContain('Room number');
    expect(puts()).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Saved');
    expect(puts()).toEqual(
      expect.arrayContaining([
        { url: `${API}/splashpage/design`, body: { body_color: '#102030' } },
        { url: `${API}/emailconfig/splashpage`, body: { email_heading_htmltext: '<h2>Welcome <b>aboard</b></h2>' } },
        {
          url: `${API}/emailconfig/loginfields`,
          body: {
            login_fields: [
              normalizeLoginField({ field_type: 'email', mandatory: true }),
              { ...normalizeLoginField({ field_type: 'custom_text' }), title: 'Room number' },
            ],
          },
        },
      ]),
    );
    // Nothing else: not the values, not the site's methods.
    expect(puts()).toHaveLength(3);
    expect(screen.getByText('No unsaved changes')).toBeTruthy();

    // A second save has nothing to send; a further change sends only itself.
    fireEvent.click(screen.getByRole('tab', { name: 'Design' }));
    fireEvent.change(await screen.findByLabelText('Card background'), { target: { value: '#fafafa' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(puts()).toHaveLength(4));
    expect(puts()[3]).toEqual({ url: `${API}/splashpage/design`, body: { grid_color: '#fafafa' } });
  });

  it('edits the Spanish texts behind the language switch, previews them, and sends only the Spanish versions', async () => {
    renderPage();
    await screen.findByLabelText('Page background');
    fireEvent.click(screen.getByRole('tab', { name: 'Email' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Screen style' }));
    fireEvent.click(screen.getByRole('button', { name: 'Show the preview' }));
    const label = () => within(screen.getByRole('group', { name: 'Login button' })).getByLabelText('Text') as HTMLInputElement;
    await waitFor(() => expect(label().value).toBe('Connect'));

    fireEvent.click(screen.getByRole('button', { name: 'Español' }));
    // No Spanish version yet: the field is empty, showing what Spanish guests read instead (the default's Spanish).
    expect(label().value).toBe('');
    expect(label().placeholder).toBe('Conectar');
    await waitFor(() => expect(previewHtml()).toContain('<html lang="es"'));
    fireEvent.change(label(), { target: { value: 'Conectarme' } });
    await waitFor(() => expect(previewHtml()).toContain('Conectarme'));

    fireEvent.click(screen.getByRole('button', { name: 'English' }));
    expect(label().value).toBe('Connect');
    await waitFor(() => expect(previewHtml()).not.toContain('Conectarme'));

    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Saved');
    expect(puts()).toEqual([
      { url: `${API}/emailconfig/splashpage`, body: { translations: { 'es-ES': { email_loginbtn_text: 'Conectarme' } } } },
    ]);
  });

  it('shows the server’s error on its field and says Save updates failed', async () => {
    renderPage();
    fireEvent.click(await screen.findByRole('tab', { name: 'Email' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Advanced settings' }));
    fireEvent.click(await screen.findByLabelText('Unlimited speed'));
    failNext = {
      url: `${API}/emailconfig/`,
      status: 422,
      schema_errors: { unlimited_speed: ['Set an upload or download limit, or choose unlimited speed'] },
    };
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Save updates failed');
    expect(screen.getByText('Set an upload or download limit, or choose unlimited speed')).toBeTruthy();
    expect(puts()).toEqual([{ url: `${API}/emailconfig/`, body: { unlimited_speed: false } }]);
    expect(screen.getByText('You have unsaved changes')).toBeTruthy();
  });

  it('asks for at least one login method', async () => {
    renderPage();
    fireEvent.click(await screen.findByLabelText('Email'));
    expect(screen.getByText('Please select at least one')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Save updates failed');
    expect(puts()).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Add Click-through' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Saved');
    expect(puts()).toEqual([{ url: '/s/api/v1/site/5', body: { auth_methods: ['clickthrough'] } }]);
  });

  it('adds a login method and orders the methods: the list, the tabs and the saved methods follow', async () => {
    renderPage();
    const chosen = () =>
      within(screen.getByRole('list', { name: 'The login methods guests get' }))
        .getAllByRole('listitem')
        .map((li) => li.textContent);
    await waitFor(() => expect(chosen()).toEqual(['Email']));
    fireEvent.click(screen.getByRole('button', { name: 'Add Voucher' }));
    fireEvent.click(screen.getByRole('button', { name: 'Add Click-through' }));
    expect(chosen()).toEqual(['Email', 'Voucher', 'Click-through']);
    fireEvent.click(screen.getByRole('button', { name: 'Move Click-through up' }));
    fireEvent.click(screen.getByRole('button', { name: 'Move Click-through up' }));
    fireEvent.click(screen.getByRole('button', { name: 'Move Email down' }));
    expect(chosen()).toEqual(['Click-through', 'Voucher', 'Email']);
    expect(screen.getByRole('button', { name: 'Move Click-through up' })).toHaveProperty('disabled', true);
    expect(screen.getByRole('button', { name: 'Move Email down' })).toHaveProperty('disabled', true);
    const tabs = screen.getAllByRole('tab').map((tab) => tab.textContent);
    expect(tabs.slice(0, 4)).toEqual(['Design', 'Click-through', 'Voucher', 'Email']);

    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Saved');
    expect(puts()).toEqual([{ url: '/s/api/v1/site/5', body: { auth_methods: ['clickthrough', 'voucher', 'email'] } }]);
  });

  it('offers paid access to guests like the other methods, on the preview’s start page too', async () => {
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Add Paid access' }));
    fireEvent.click(screen.getByRole('button', { name: 'Add Click-through' }));
    const chosen = screen.getByRole('list', { name: 'The login methods guests get' });
    expect(within(chosen).queryByText('Not offered to guests yet: the guest portal does not sell packages')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Show the preview' }));
    await waitFor(() => expect(previewHtml()).toContain('href="clickthrough"'));
    expect(previewHtml()).toContain('href="email"');
    expect(previewHtml()).toContain('href="payment"');
  });

  it('is read-only for a Read Only client', async () => {
    stubServer(false);
    renderPage();
    await screen.findByText('You can see the splash page settings but not change them (Read Only access).');
    expect((screen.getByLabelText('Page background') as HTMLInputElement).disabled).toBe(true);
    expect((screen.getByLabelText('Email') as HTMLInputElement).disabled).toBe(true);
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Upload' })).toBeNull();
  });
});
