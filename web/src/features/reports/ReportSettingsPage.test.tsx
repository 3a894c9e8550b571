import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import {
  DEFAULT_REPORT_SETTINGS,
  REPORT_PATHS,
  reportSettingsSchema,
  type ReportSettingsView,
  type ReportTestAnswer,
} from '@splashboard/contract';
import { initI18n, setLanguage } from '../../app/i18n.ts';
import { SITE_ID, renderAt, stubServer } from '../payments/testServer.tsx';

// The report settings page against a stand-in for the server's answers (the network is the only thing replaced).

let ReportSettingsPage: typeof import('./ReportSettingsPage.tsx').ReportSettingsPage;
beforeAll(async () => {
  initI18n('en-US');
  ({ ReportSettingsPage } = await import('./ReportSettingsPage.tsx'));
});
afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await act(() => setLanguage('en-US'));
});

const SETTINGS = REPORT_PATHS.site.replace(':siteId', String(SITE_ID));
const TEST = REPORT_PATHS.siteTest.replace(':siteId', String(SITE_ID));

/** A GET answer: the contract's defaults (checked with its schema) with `fields`. */
const aView = (fields: Partial<ReportSettingsView> = {}): ReportSettingsView => {
  const view: ReportSettingsView = {
    ...DEFAULT_REPORT_SETTINGS,
    next_run_at: null,
    last_sent_at: null,
    last_error: null,
    suggested_recipients: [
      { email: 'olivia@harbour.test', name: 'Olivia Owner', role: 'owner' },
      { email: 'carla@client.test', name: 'Carla Client', role: 'client' },
    ],
    ...fields,
  };
  const { next_run_at: _n, last_sent_at: _l, last_error: _e, suggested_recipients: _s, ...settings } = view;
  reportSettingsSchema.parse(settings);
  return view;
};

const open = () =>
  renderAt(<ReportSettingsPage />, { path: '/app/settings-view/configure-reports', at: '/app/settings-view/configure-reports' });
const helperOf = (label: string) => {
  const input = screen.getByLabelText(label, { selector: 'input, select' });
  return document.getElementById(input.getAttribute('aria-describedby') ?? '')?.textContent;
};
const choose = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const optionsOf = (label: string) =>
  within(screen.getByLabelText(label))
    .getAllByRole('option')
    .map((o) => o.textContent);
const typeAddress = (address: string) => {
  const input = screen.getByLabelText('Recipients', { exact: false });
  fireEvent.change(input, { target: { value: address } });
  fireEvent.keyDown(input, { key: 'Enter' });
};

describe('the report settings page', { timeout: 30_000 }, () => {
  it('asks for recipients before saving a scheduled report, with the server’s message', async () => {
    const calls = stubServer({ [SETTINGS]: aView() });
    open();
    await screen.findByRole('heading', { name: 'Client reports', level: 1 });
    expect(screen.getByText('No report is scheduled.')).toBeTruthy();
    choose('Frequency', 'weekly');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(helperOf('Recipients')).toBe('Address is mandatory; recipients are required'));
    expect(calls.filter((c) => c.method === 'PUT')).toEqual([]);

    // A wrong address is not taken, and is named.
    typeAddress('not-an-address');
    await waitFor(() => expect(helperOf('Recipients')).toBe('not-an-address: Please enter a valid email address'));
    expect(screen.queryByRole('button', { name: 'not-an-address' })).toBeNull();

    // In Spanish, the same check in Spanish.
    await act(() => setLanguage('es-ES'));
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(helperOf('Destinatarios')).toBe('La dirección es obligatoria; hacen falta destinatarios'));
    expect(calls.filter((c) => c.method === 'PUT')).toEqual([]);
  });

  it('shows the day field of the frequency chosen, and the hour in the location’s time zone', async () => {
    stubServer({ [SETTINGS]: aView() });
    open();
    await screen.findByLabelText('Frequency');
    expect(optionsOf('Frequency')).toEqual(['Never', 'Daily', 'Weekly', 'Monthly']);
    expect(screen.queryByLabelText('Day of the week')).toBeNull();
    expect(screen.queryByLabelText('Day of the month')).toBeNull();
    expect(screen.queryByLabelText('Hour')).toBeNull();

    choose('Frequency', 'weekly');
    expect(optionsOf('Day of the week')).toEqual(['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday']);
    expect(screen.queryByLabelText('Day of the month')).toBeNull();
    expect(optionsOf('Hour')).toHaveLength(24);
    expect(optionsOf('Hour')[0]).toBe('00:00');
    expect(optionsOf('Hour')[23]).toBe('23:00');
    expect(helperOf('Hour')).toBe('In the location’s time zone (UTC).');

    choose('Frequency', 'monthly');
    expect(screen.queryByLabelText('Day of the week')).toBeNull();
    expect(optionsOf('Day of the month')).toEqual(Array.from({ length: 28 }, (_, d) => String(d + 1)));

    choose('Frequency', 'daily');
    expect(screen.queryByLabelText('Day of the week')).toBeNull();
    expect(screen.queryByLabelText('Day of the month')).toBeNull();
    expect(screen.getByLabelText('Hour')).toBeTruthy();

    await act(() => setLanguage('es-ES'));
    choose('Frecuencia', 'weekly');
    expect(optionsOf('Frecuencia')).toEqual(['Nunca', 'Diaria', 'Semanal', 'Mensual']);
    expect(optionsOf('Día de la semana')[1]).toBe('lunes');
  });

  it('saves what the form says, shows the next report, and sends a test to the form’s recipients', async () => {
    const next = '2026-12-02T09:00:00.000Z';
    let saved = aView();
    let tests = 0;
    const calls = stubServer({
      [SETTINGS]: () => ({ status: 200, body: saved }),
      [`PUT ${SETTINGS}`]: (call) => {
        saved = aView({ ...(call.body as object), next_run_at: next });
        return { status: 200, body: saved };
      },
      [`POST ${TEST}`]: (call) => {
        tests++;
        if (tests > 1)
          return {
            status: 429,
            body: {
              status: 429,
              message: 'Too many attempts. Please wait a few minutes and try again.',
              schema_errors: {},
              code: 'common.rateLimited',
            },
          };
        const answer: ReportTestAnswer = {
          message: 'The report was sent to 2 recipients',
          sent_to: (call.body as { recipients: string[] }).recipients,
        };
        return { status: 200, body: answer };
      },
    });
    open();
    await screen.findByLabelText('Frequency');
    choose('Frequency', 'weekly');
    choose('Day of the week', '3');
    choose('Hour', '9');
    typeAddress('  Ana@Harbour.TEST ');
    // A suggested recipient, shown with name and role.
    fireEvent.change(screen.getByLabelText('Recipients', { exact: false }), { target: { value: 'carla' } });
    fireEvent.click(await screen.findByRole('option', { name: /Carla Client · Client/ }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Revenue' }));
    choose('Language of the email', 'es-ES');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));

    await screen.findByText('Report settings saved');
    expect(calls.filter((c) => c.method === 'PUT').map((c) => c.body)).toEqual([
      {
        frequency: 'weekly',
        day_of_week: 3,
        day_of_month: 1,
        hour: 9,
        time_zone: 'UTC',
        recipients: ['ana@harbour.test', 'carla@client.test'],
        figures: ['guests', 'new_guests', 'logins', 'dwell_time', 'bounce_rate', 'busiest_hours', 'vouchers'],
        language: 'es-ES',
      },
    ]);
    const when = new Date(next).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });
    expect(screen.getByTestId('report-status').textContent).toContain(`Next report: ${when}`);

    // The test goes to the form's recipients, as typed now (not saved).
    typeAddress('pier@bar.test');
    fireEvent.click(screen.getByRole('button', { name: 'Send a test now' }));
    expect((screen.getByRole('button', { name: /Sending/ }) as HTMLButtonElement).disabled).toBe(true);
    const result = await screen.findByTestId('report-test-result');
    expect(result.textContent).toContain('The report was sent to 3 recipients');
    expect(result.textContent).toContain('ana@harbour.test, carla@client.test, pier@bar.test');
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([
      { recipients: ['ana@harbour.test', 'carla@client.test', 'pier@bar.test'] },
    ]);

    fireEvent.click(screen.getByRole('button', { name: 'Send a test now' }));
    await waitFor(() =>
      expect(screen.getByTestId('report-test-result').textContent).toBe(
        'Too many attempts. Please wait a few minutes and try again.',
      ),
    );
    expect((screen.getByRole('button', { name: 'Send a test now' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('shows the server’s message under the address it refuses', async () => {
    stubServer({
      [SETTINGS]: aView({ frequency: 'daily', recipients: ['ana@harbour.test'] }),
      [`PUT ${SETTINGS}`]: () => ({
        status: 422,
        body: {
          status: 422,
          message: 'Report settings update failed',
          schema_errors: { 'recipients.0': ['Please enter a valid email address'] },
          code: 'reports.updateFailed',
        },
      }),
    });
    open();
    await screen.findByLabelText('Frequency');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(helperOf('Recipients')).toBe('ana@harbour.test: Please enter a valid email address'));
    await screen.findByText('Report settings update failed');
  });

  it('keeps its heading and says so when the settings cannot be loaded', async () => {
    stubServer({});
    open();
    await screen.findByRole('heading', { name: 'Client reports', level: 1 });
    await screen.findByText('Not found');
    expect(screen.queryByLabelText('Frequency')).toBeNull();
  });
});
