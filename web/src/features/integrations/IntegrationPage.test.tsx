import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { initI18n, setLanguage } from '../../app/i18n.ts';
import type { IntegrationKind } from '@splashboard/contract/integrations';
import { INTEGRATIONS_API, aDelivery, aLog, renderAt, someDetails, stubServer } from './testServer.ts';

// An integration's page against a stand-in for the server's answers (the network is the only thing replaced).

let IntegrationPage: typeof import('./IntegrationPage.tsx').IntegrationPage;
beforeAll(async () => {
  initI18n('en-US');
  ({ IntegrationPage } = await import('./IntegrationPage.tsx'));
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const open = (kind: string) =>
  renderAt(<IntegrationPage />, { path: '/app/settings-view/:kind', at: `/app/settings-view/${kind}` });
const api = (kind: IntegrationKind) => `${INTEGRATIONS_API}/${kind}`;
const firstPage = (kind: IntegrationKind, status = '') =>
  `${api(kind)}/deliveries?page=1&per_page=25${status && `&status=${status}`}`;
const unprocessable = (schema_errors: Record<string, string[]>, code = 'integrations.updateFailed') => ({
  status: 422,
  body: { status: 422, message: 'Integration update failed', schema_errors, code },
});
const helperOf = (label: string) => {
  const input = screen.getByLabelText(label, { exact: false });
  return document.getElementById(input.getAttribute('aria-describedby') ?? '')?.textContent;
};

describe('an integration’s settings', { timeout: 30_000 }, () => {
  it('checks the required fields before saving, then shows the server’s errors under each field', async () => {
    const calls = stubServer({
      [api('webhook')]: someDetails('webhook'),
      [firstPage('webhook')]: aLog([]),
      [`PUT ${api('webhook')}`]: () => unprocessable({ url: ['Use an https address'], private_key: ['This field is required'] }),
    });
    open('webhook');
    await screen.findByRole('heading', { name: 'Webhook', level: 1 });
    expect(screen.getByText(/Splashboard sends each guest event to the URL you enter as a JSON POST/).textContent).toContain(
      'Splashboard-Signature (HMAC-SHA256)',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(helperOf('URL')).toBe('This field is required'));
    expect(helperOf('Private key')).toBe('This field is required');
    expect(calls.filter((c) => c.method === 'PUT')).toEqual([]);

    fireEvent.change(screen.getByLabelText('URL', { exact: false }), { target: { value: 'http://hooks.example.test/in' } });
    fireEvent.change(screen.getByLabelText('Private key', { exact: false }), { target: { value: ' ' } });
    // A blank key is not a key: the form says so too.
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(helperOf('Private key')).toBe('This field is required'));
    fireEvent.change(screen.getByLabelText('Private key', { exact: false }), { target: { value: 'whsec_1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(helperOf('URL')).toBe('Use an https address'));
    expect(helperOf('Private key')).toBe('This field is required');
    expect(calls.filter((c) => c.method === 'PUT').map((c) => c.body)).toEqual([
      {
        settings: { url: 'http://hooks.example.test/in', private_key: 'whsec_1' },
        field_map: [{ source: 'email', target: 'email' }],
      },
    ]);
  });

  it('shows a saved secret only as its hint, keeps it when left empty, and sends it when typed', async () => {
    let saved = someDetails('klaviyo', {
      settings: { private_key: '••••1a2b', list_id: 'Xy12' },
      secrets_set: ['private_key'],
      configured: true,
    });
    const calls = stubServer({
      [api('klaviyo')]: () => ({ status: 200, body: saved }),
      [firstPage('klaviyo')]: aLog([]),
      [`PUT ${api('klaviyo')}`]: () => {
        saved = { ...saved, settings: { private_key: '••••9z9z', list_id: 'Xy12' } };
        return { status: 200, body: { status: 200, message: 'Integration saved' } };
      },
    });
    open('klaviyo');
    const key = (await screen.findByLabelText('Private key')) as HTMLInputElement;
    expect(key.value).toBe('');
    expect(key.placeholder).toBe('••••1a2b');
    expect(key.type).toBe('password');
    expect(key.required).toBe(false);
    expect(helperOf('Private key')).toBe('Saved (••••1a2b): leave empty to keep it');
    expect((screen.getByLabelText('List ID', { exact: false }) as HTMLInputElement).value).toBe('Xy12');

    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Integration saved');
    fireEvent.change(screen.getByLabelText('Private key'), { target: { value: 'pk_new_9z9z' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(helperOf('Private key')).toBe('Saved (••••9z9z): leave empty to keep it'));
    expect((screen.getByLabelText('Private key') as HTMLInputElement).value).toBe('');
    expect(calls.filter((c) => c.method === 'PUT').map((c) => (c.body as { settings: object }).settings)).toEqual([
      { list_id: 'Xy12' },
      { private_key: 'pk_new_9z9z', list_id: 'Xy12' },
    ]);
  });

  it('tests the connection with what is typed, shows the server’s message, and offers the vendor’s lists', async () => {
    let answer: object = {
      ok: false,
      message: 'The vendor did not answer (timeout after 10 s): try again in a few minutes',
    };
    const calls = stubServer({
      [api('mailchimp')]: someDetails('mailchimp'),
      [firstPage('mailchimp')]: aLog([]),
      [`POST ${api('mailchimp')}/test`]: () => ({ status: 200, body: answer }),
    });
    open('mailchimp');
    fireEvent.change(await screen.findByLabelText('API key', { exact: false }), { target: { value: 'abc-us6' } });
    fireEvent.click(screen.getByRole('button', { name: 'Test connection' }));
    const failed = await screen.findByTestId('integration-test-result');
    expect(failed.textContent).toBe(
      'The connection failedThe vendor did not answer (timeout after 10 s): try again in a few minutes',
    );

    answer = {
      ok: true,
      message: 'Connected: the vendor answered',
      lists: [
        { id: 'a1', name: 'Newsletter' },
        { id: 'b2', name: 'VIP guests' },
      ],
    };
    fireEvent.click(screen.getByRole('button', { name: 'Test connection' }));
    await waitFor(() =>
      expect(screen.getByTestId('integration-test-result').textContent).toBe(
        'The connection worksConnected: the vendor answered',
      ),
    );
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([
      { settings: { api_key: 'abc-us6', list_id: '', tags: '' } },
      { settings: { api_key: 'abc-us6', list_id: '', tags: '' } },
    ]);
    fireEvent.mouseDown(screen.getByRole('combobox', { name: /List ID/ }));
    fireEvent.click(await screen.findByRole('option', { name: 'VIP guests (b2)' }));
    await waitFor(() => expect(screen.getByRole('combobox', { name: /List ID/ }).textContent).toBe('VIP guests (b2)'));
  });

  it('edits the field map: a row added and removed, back to the default, saved with the settings', async () => {
    const calls = stubServer({
      [api('campaignmonitor')]: someDetails('campaignmonitor', {
        settings: { api_key: '••••beef', list_id: 'L1' },
        secrets_set: ['api_key'],
      }),
      [firstPage('campaignmonitor')]: aLog([]),
      [`PUT ${api('campaignmonitor')}`]: { status: 200, message: 'Integration saved' },
    });
    open('campaignmonitor');
    await screen.findByRole('heading', { name: 'Field map' });
    expect(screen.getAllByTestId('field-map-row')).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: 'Add a field' }));
    const added = screen.getAllByTestId('field-map-row')[1]!;
    fireEvent.mouseDown(within(added).getByRole('combobox', { name: 'Guest field' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Reason for visit (custom)' }));
    fireEvent.change(within(added).getByLabelText('Field at Campaign Monitor', { exact: false }), {
      target: { value: 'Reason' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Integration saved');

    fireEvent.click(screen.getByRole('button', { name: 'Remove field 1' }));
    expect(screen.getAllByTestId('field-map-row')).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: 'Reset to default' }));
    expect(screen.getAllByTestId('field-map-row')).toHaveLength(2);
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(2));
    expect(calls.filter((c) => c.method === 'PUT').map((c) => (c.body as { field_map: object }).field_map)).toEqual([
      [
        { source: 'email', target: 'email' },
        { source: 'custom:Reason for visit', target: 'Reason' },
      ],
      [
        { source: 'email', target: 'email' },
        { source: 'first_name', target: 'firstname' },
      ],
    ]);
  });

  it('turns the integration on, and says why the server refused', async () => {
    let details = someDetails('zonal');
    let refuse = true;
    const calls = stubServer({
      [api('zonal')]: () => ({ status: 200, body: details }),
      [firstPage('zonal')]: aLog([]),
      [`PUT ${api('zonal')}`]: () => {
        if (refuse)
          return {
            status: 422,
            body: {
              status: 422,
              message: 'Enter this integration’s settings before turning it on',
              schema_errors: {},
              code: 'integrations.notConfigured',
            },
          };
        details = { ...details, enabled: true, state: 'active' };
        return { status: 200, body: {} };
      },
    });
    open('zonal');
    expect((await screen.findByText(/Zonal publishes no public API/)).textContent).toContain('signed with your API key');
    fireEvent.click(await screen.findByRole('switch', { name: 'Send guests to Zonal' }));
    await screen.findByText('Enter this integration’s settings before turning it on');
    expect((screen.getByRole('switch') as HTMLInputElement).checked).toBe(false);
    refuse = false;
    fireEvent.click(screen.getByRole('switch', { name: 'Send guests to Zonal' }));
    await screen.findByText('Zonal is on');
    await waitFor(() => expect((screen.getByRole('switch') as HTMLInputElement).checked).toBe(true));
    expect(screen.getAllByText('Active').length).toBeGreaterThan(0);
    expect(calls.filter((c) => c.method === 'PUT').map((c) => c.body)).toEqual([{ enabled: true }, { enabled: true }]);
  });

  it('has no field map for Microsoft Teams, says why a page cannot load, and sends an unknown kind to /404', async () => {
    stubServer({ [api('msteams')]: someDetails('msteams'), [firstPage('msteams')]: aLog([]) });
    open('msteams');
    await screen.findByText(/Microsoft Teams gets a notice in a channel/);
    // Its workflow's address is a secret: whoever has it can post to the channel.
    expect(((await screen.findByLabelText('URL', { exact: false })) as HTMLInputElement).type).toBe('password');
    expect(screen.queryByRole('heading', { name: 'Field map' })).toBeNull();
    cleanup();
    // A page that cannot be loaded says why instead of loading for ever.
    stubServer({ [api('mailjet')]: () => ({ status: 500, body: { status: 500, message: 'Boom', schema_errors: {} } }) });
    open('mailjet');
    // On the page and in the snackbar.
    await waitFor(() => expect(screen.getAllByText('Boom')).toHaveLength(2));
    cleanup();
    open('salesforce');
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/404'));
  });
});

describe('an integration’s delivery log and actions', { timeout: 30_000 }, () => {
  it('lists deliveries by outcome, and sends a parked one (or all of them) again', async () => {
    const parked = aDelivery({
      id: 7,
      guest: 'bo@example.test',
      status: 'parked',
      attempts: 8,
      http_status: 400,
      answer: 'invalid email',
    });
    const calls = stubServer({
      [api('webhook')]: someDetails('webhook', { enabled: true, state: 'active', configured: true }),
      [firstPage('webhook')]: aLog([aDelivery(), parked], 30),
      [firstPage('webhook', 'parked')]: aLog([parked]),
      [`POST ${api('webhook')}/deliveries/7/resend`]: { status: 200, message: '1 deliveries queued again', queued: 1 },
      [`POST ${api('webhook')}/deliveries/resend-parked`]: { status: 200, message: '4 deliveries queued again', queued: 4 },
    });
    open('webhook');
    const rows = await screen.findAllByTestId('delivery-row');
    expect(rows).toHaveLength(2);
    const cells = (row: HTMLElement) =>
      within(row)
        .getAllByRole('cell')
        .map((c) => c.textContent);
    expect(cells(rows[0]!)).toEqual([
      'ana@example.test',
      'Add or update',
      expect.any(String),
      'Delivered',
      '1',
      '200 · {"received":true}',
      '',
    ]);
    expect(cells(rows[1]!)).toEqual([
      'bo@example.test',
      'Add or update',
      expect.any(String),
      'Parked',
      '8',
      '400 · invalid email',
      'Send again',
    ]);
    expect(screen.getByText('1–25 of 30')).toBeTruthy();

    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Outcome' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Parked' }));
    await waitFor(() => expect(screen.getAllByTestId('delivery-row')).toHaveLength(1));
    fireEvent.click(screen.getByRole('button', { name: 'Send again' }));
    await screen.findByText('1 deliveries queued again');
    fireEvent.click(screen.getByRole('button', { name: 'Send all parked again' }));
    await screen.findByText('4 deliveries queued again');
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.url)).toEqual([
      `${api('webhook')}/deliveries/7/resend`,
      `${api('webhook')}/deliveries/resend-parked`,
    ]);
  });

  it('sends earlier guests and removes the integration only once confirmed', async () => {
    const calls = stubServer({
      [api('webhook')]: someDetails('webhook', { enabled: true, state: 'active', configured: true }),
      [firstPage('webhook')]: aLog([]),
      [`POST ${api('webhook')}/backfill`]: { status: 200, message: '12 guests queued', queued: 12 },
      [`DELETE ${api('webhook')}`]: { status: 200, message: 'Integration removed' },
    });
    open('webhook');
    await screen.findByText('Nothing sent in the last 30 days.');
    fireEvent.click(screen.getByRole('button', { name: 'Send earlier guests' }));
    const backfill = await screen.findByRole('dialog', { name: 'Send earlier guests to Webhook?' });
    fireEvent.change(within(backfill).getByLabelText('Since (optional)'), { target: { value: '2026-11-01' } });
    fireEvent.click(within(backfill).getByRole('button', { name: 'Send' }));
    await screen.findByText('12 guests queued');
    const since = (calls.find((c) => c.url.endsWith('/backfill'))!.body as { since: string }).since;
    expect(new Date(since).getTime()).toBe(new Date('2026-11-01T00:00:00').getTime());
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    fireEvent.click(screen.getByRole('button', { name: 'Remove' }));
    const confirm = await screen.findByRole('dialog', { name: 'Remove Webhook?' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Remove' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Remove' }));
    await screen.findByText('Integration removed');
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/app/settings-view/integrations'));
  });
});

describe('an integration’s page in Spanish', { timeout: 30_000 }, () => {
  afterEach(() => setLanguage('en-US'));

  it('words the fields, the server’s field errors and the vendor’s answer in Spanish', async () => {
    await setLanguage('es-ES');
    stubServer({
      [api('dotdigital')]: someDetails('dotdigital'),
      [firstPage('dotdigital')]: aLog([]),
      [`POST ${api('dotdigital')}/test`]: {
        ok: false,
        message: 'The vendor answered from another region: choose r2',
      },
      [`PUT ${api('dotdigital')}`]: () => unprocessable({ username: ['This field is required'] }),
    });
    open('dotdigital');
    await screen.findByRole('heading', { name: 'Registro de envíos' });
    fireEvent.mouseDown(screen.getByRole('combobox', { name: /Región/ }));
    fireEvent.click(await screen.findByRole('option', { name: 'Norteamérica (r2)' }));
    fireEvent.change(screen.getByLabelText('Nombre de usuario', { exact: false }), { target: { value: 'api-user' } });
    fireEvent.change(screen.getByLabelText('Clave privada', { exact: false }), { target: { value: 'pw' } });
    fireEvent.change(screen.getByLabelText('ID de la libreta de direcciones', { exact: false }), { target: { value: '42' } });
    fireEvent.click(screen.getByRole('button', { name: 'Probar la conexión' }));
    await waitFor(() =>
      expect(screen.getByTestId('integration-test-result').textContent).toBe(
        'La conexión ha falladoEl proveedor ha respondido desde otra región: elige r2',
      ),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(helperOf('Nombre de usuario')).toBe('Este campo es obligatorio'));
  });
});
