import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { splashAdSchema, type SplashAd } from '@splashboard/contract';
import { initI18n } from '../../../app/i18n.ts';
import { API, renderAt, stubServer } from '../../payments/testServer.tsx';

// The ad form and list against a stand-in for the server's answers: what is sent, the rules builder,
// the schedule, and the server's per-field messages under their fields.

let SplashAdEditorPage: typeof import('./SplashAdEditorPage.tsx').SplashAdEditorPage;
let SplashAdsPage: typeof import('./SplashAdsPage.tsx').SplashAdsPage;
beforeAll(async () => {
  initI18n('en-US');
  ({ SplashAdEditorPage, SplashAdsPage } = await import('./pages.ts'));
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const ADS = `${API}/campaigns/splash-ads`;
const anAd = (fields: Partial<SplashAd> = {}): SplashAd =>
  splashAdSchema.parse({
    id: 4,
    templateId: null,
    name: 'Terrace',
    splashad_html: '<p>Cold drinks</p>',
    splashad_json: {},
    link_url: '',
    placement: 'before_login',
    autoskip: true,
    autoskiptime: 5,
    run_now: true,
    start_time: '2026-11-01T10:00:00.000Z',
    end_time: null,
    active: 1,
    trigger_type: 'always',
    trigger_param: null,
    rules_chaining: 'and',
    enable_rules: false,
    rules: [],
    state: 'active',
    impressions: 120,
    clicks: 7,
    created_at: '2026-11-01T10:00:00.000Z',
    updated_at: '2026-11-01T10:00:00.000Z',
    ...fields,
  });
const type = (label: string | RegExp, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const posted = (calls: { method: string; body: unknown }[]) => calls.filter((c) => c.method !== 'GET').map((c) => c.body);
const choose = async (label: string, option: string, n = 0) => {
  fireEvent.mouseDown(screen.getAllByRole('combobox', { name: label })[n]!);
  fireEvent.click(within(await screen.findByRole('listbox')).getByRole('option', { name: option }));
};

describe('the splash-page ad form', { timeout: 30_000 }, () => {
  it('creates an ad with its display, auto-skip off and rules chained with or', async () => {
    const calls = stubServer({ [`POST ${ADS}`]: (c) => ({ status: 200, body: anAd(c.body as object) }) });
    renderAt(<SplashAdEditorPage />);
    expect(screen.getByLabelText(/^Name/)).toHaveProperty('value', 'Untitled Campaign');
    type(/^Name/, 'Happy hour');
    type(/^Link/, 'https://bar.example.com');
    await choose('Display', 'Repeat visit');
    fireEvent.click(screen.getByLabelText('Auto-skip'));
    type('Seconds', '8');
    expect(screen.getByText('The Skip button shows after 8 seconds')).toBeTruthy();
    fireEvent.click(screen.getByLabelText('Show only to guests who match the rules'));
    await choose('Guests must match', 'any rule (or)');
    fireEvent.click(screen.getByRole('button', { name: 'Add rule' }));
    fireEvent.click(screen.getByRole('button', { name: 'Add rule' }));
    fireEvent.change(screen.getAllByLabelText('Value')[0]!, { target: { value: 'es' } });
    await choose('Field', 'Hour (0–23)', 1);
    await choose('Operator', 'at least', 1);
    fireEvent.change(screen.getAllByLabelText('Value')[1]!, { target: { value: '18' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Ad created');
    expect(posted(calls)).toEqual([
      {
        name: 'Happy hour',
        splashad_html: '',
        splashad_json: {},
        link_url: 'https://bar.example.com',
        placement: 'before_login',
        trigger_type: 'repeat_visit',
        active: 1,
        autoskip: false,
        autoskiptime: 8,
        run_now: true,
        start_time: null,
        end_time: null,
        enable_rules: true,
        rules_chaining: 'or',
        rules: [
          { field: 'language', operator: 'eq', value: 'es' },
          { field: 'hour', operator: 'gte', value: '18' },
        ],
      },
    ]);
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/app/campaigns/splash-page-ad'));
  });

  it('asks for a start when not run now and sends nothing while a rule has no value', async () => {
    const calls = stubServer({});
    renderAt(<SplashAdEditorPage />);
    fireEvent.click(screen.getByLabelText('Run now'));
    fireEvent.click(screen.getByLabelText('Show only to guests who match the rules'));
    fireEvent.click(screen.getByRole('button', { name: 'Add rule' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Choose when the ad starts, or run it now');
    expect(screen.getAllByText('Campaign creation failed').length).toBeGreaterThan(0);
    expect(posted(calls)).toEqual([]);
  });

  it('shows the server’s message under its field', async () => {
    stubServer({
      [`POST ${ADS}`]: () => ({
        status: 422,
        body: {
          status: 422,
          message: 'Campaign creation failed',
          schema_errors: { splashad_html: ['The content has a script or an unsafe link (<script>): remove it and save again'] },
          code: 'campaigns.creationFailed',
        },
      }),
    });
    renderAt(<SplashAdEditorPage />);
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('The content has a script or an unsafe link (<script>): remove it and save again');
  });

  it('edits a stored ad: only what the form holds is sent', async () => {
    const calls = stubServer({
      [`${ADS}/4`]: anAd({ placement: 'after_login', autoskiptime: 3 }),
      [`PUT ${ADS}/4`]: (c) => ({ status: 200, body: anAd(c.body as object) }),
    });
    renderAt(<SplashAdEditorPage />, {
      path: '/app/campaigns/splash-page-ad/edit/:id',
      at: '/app/campaigns/splash-page-ad/edit/4',
    });
    await screen.findByText('Edit “Terrace”');
    expect(screen.getByText('The ad moves on by itself after 3 seconds')).toBeTruthy();
    type(/^Name/, 'Terrace bar');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Ad saved');
    // The stored content goes back as it was while the editor has not started (no canvas in jsdom).
    expect(posted(calls)).toMatchObject([
      { name: 'Terrace bar', placement: 'after_login', autoskiptime: 3, active: 1, splashad_html: '<p>Cold drinks</p>' },
    ]);
  });
});

describe('the splash-page ads list', { timeout: 30_000 }, () => {
  it('lists state, display, impressions and clicks, and deactivates an ad', async () => {
    const { splashad_html: _h, splashad_json: _j, ...summary } = anAd();
    const calls = stubServer({
      [ADS]: {
        ads: [summary, { ...summary, id: 5, name: 'Winter', active: 0, state: 'draft', trigger_type: 'first_visit' }],
        can_write: true,
      },
      [`PUT ${ADS}/4`]: anAd({ active: 0, state: 'draft' }),
    });
    renderAt(<SplashAdsPage />);
    const row = (await screen.findByText('Terrace')).closest('tr')!;
    expect(within(row).getByText('Active')).toBeTruthy();
    expect(within(row).getByText('Always')).toBeTruthy();
    expect(within(row).getByText('120')).toBeTruthy();
    expect(within(row).getByText('7')).toBeTruthy();
    const draft = screen.getByText('Winter').closest('tr')!;
    expect(within(draft).getByText('Draft')).toBeTruthy();
    expect(within(draft).getByText('First visit')).toBeTruthy();
    fireEvent.click(within(row).getByRole('button', { name: 'Deactivate' }));
    await screen.findByText('Ad deactivated');
    expect(posted(calls)).toEqual([{ active: 0 }]);
  });
});
