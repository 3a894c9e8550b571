import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { initI18n } from '../../../app/i18n.ts';
import { CAMPAIGNS, aSummary, renderAt, someMailSettings, stubServer } from './testServer.ts';

// The email campaigns page against a stand-in for the server's answers (the network is the only thing replaced).

let EmailCampaignsPage: typeof import('./EmailCampaignsPage.tsx').EmailCampaignsPage;
beforeAll(async () => {
  initI18n('en-US');
  ({ EmailCampaignsPage } = await import('./EmailCampaignsPage.tsx'));
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const WELCOME = aSummary({ id: 11, name: 'Welcome back' });
const BIRTHDAY = aSummary({
  id: 12,
  name: 'Happy birthday',
  trigger_type: 'birthday',
  active: false,
  state: 'draft',
  figures: { sent: 0, failed: 0, opened: 0, clicked: 0, unsubscribed: 0 },
});
const LIST = `${CAMPAIGNS}/email`;
const SETTINGS = `${CAMPAIGNS}/settings`;
const rowOf = (name: string) => screen.getByText(name).closest('tr')!;
const cells = (name: string) =>
  within(rowOf(name))
    .getAllByRole('cell')
    .map((c) => c.textContent);

describe('the email campaigns page', { timeout: 30_000 }, () => {
  it('lists the campaigns with their trigger in words, state and figures', async () => {
    stubServer({ [LIST]: { campaigns: [WELCOME, BIRTHDAY], can_write: true }, [SETTINGS]: { opt_in_type: 'single' } });
    renderAt(<EmailCampaignsPage />);
    await screen.findByText('Happy birthday');
    expect(cells('Welcome back').slice(0, 8)).toEqual([
      'Welcome back',
      '3 days after a login',
      'Active',
      '40',
      '2',
      '21',
      '7',
      '1',
    ]);
    expect(cells('Happy birthday').slice(0, 3)).toEqual(['Happy birthday', 'On their birthday', 'Draft']);
    expect(screen.getByRole('link', { name: 'Create campaign' }).getAttribute('href')).toBe('/app/campaigns/email/create');
    expect(within(rowOf('Welcome back')).getByRole('link', { name: 'Edit' }).getAttribute('href')).toBe(
      '/app/campaigns/email/edit/11',
    );
    expect((await screen.findByRole('combobox', { name: 'Opt-in type' })).textContent).toBe('Single');
  });

  it('deletes a campaign only once asked, and (de)activates one', async () => {
    let list = [WELCOME, BIRTHDAY];
    const calls = stubServer({
      [LIST]: () => ({ status: 200, body: { campaigns: list, can_write: true } }),
      [SETTINGS]: { opt_in_type: 'single' },
      [`DELETE ${LIST}/12`]: () => {
        list = [WELCOME];
        return { status: 200, body: {} };
      },
      [`PUT ${LIST}/11`]: (c) => ({ status: 200, body: { ...WELCOME, ...(c.body as object) } }),
    });
    renderAt(<EmailCampaignsPage />);
    await screen.findByText('Happy birthday');
    fireEvent.click(within(rowOf('Happy birthday')).getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Happy birthday?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);

    fireEvent.click(within(rowOf('Happy birthday')).getByRole('button', { name: 'Delete' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await screen.findByText('Campaign deleted');
    await waitFor(() => expect(screen.queryByText('Happy birthday')).toBeNull());
    // Until the closing dialog is gone the page behind it is hidden from the accessibility tree.
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    fireEvent.click(within(rowOf('Welcome back')).getByRole('button', { name: 'Deactivate' }));
    await screen.findByText('Campaign deactivated');
    expect(calls.filter((c) => c.method === 'PUT').map((c) => [c.url, c.body])).toEqual([[`${LIST}/11`, { active: false }]]);
  });

  it('saves the opt-in type as it is chosen, and puts it back when refused', async () => {
    let refuse = false;
    const calls = stubServer({
      [LIST]: { campaigns: [], can_write: true },
      [SETTINGS]: { opt_in_type: 'unknown' },
      [`PUT ${SETTINGS}`]: (c) =>
        refuse
          ? { status: 500, body: { status: 500, message: 'Something went wrong', schema_errors: {} } }
          : { status: 200, body: c.body },
    });
    renderAt(<EmailCampaignsPage />);
    await screen.findByText('No campaigns yet. Create one from a template or from scratch.');
    fireEvent.mouseDown(await screen.findByRole('combobox', { name: 'Opt-in type' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Verified Double' }));
    await screen.findByText('Marketing settings saved');
    expect(screen.getByRole('combobox', { name: 'Opt-in type' }).textContent).toBe('Verified Double');
    refuse = true;
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Opt-in type' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Double' }));
    await screen.findByText('Something went wrong');
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Opt-in type' }).textContent).toBe('Verified Double'));
    expect(calls.filter((c) => c.method === 'PUT').map((c) => c.body)).toEqual([
      { opt_in_type: 'verified_double' },
      { opt_in_type: 'double' },
    ]);
  });

  it('edits the account’s sending settings: the password masked and kept unless typed, the connection tried', async () => {
    const calls = stubServer({
      [LIST]: { campaigns: [], can_write: true },
      [SETTINGS]: { opt_in_type: 'single' },
      '/a/api/v1/mail-settings': someMailSettings(),
      'PUT /a/api/v1/mail-settings': (c) => ({ status: 200, body: someMailSettings(c.body as object) }),
      'POST /a/api/v1/mail-settings/test': () => ({
        status: 422,
        body: {
          status: 422,
          message: 'The mail server refused: 535 Authentication failed',
          schema_errors: {},
          code: 'campaigns.smtpFailed',
          params: { detail: '535 Authentication failed' },
        },
      }),
    });
    renderAt(<EmailCampaignsPage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Sending settings' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sending settings' });
    await within(dialog).findByDisplayValue('smtp.example.test');
    expect(within(dialog).getByText('Stored password ends in ••x9: leave empty to keep it')).toBeTruthy();
    expect((within(dialog).getByLabelText('Password') as HTMLInputElement).value).toBe('');

    fireEvent.click(within(dialog).getByRole('button', { name: 'Test connection' }));
    await screen.findByText('The mail server refused: 535 Authentication failed');

    fireEvent.change(within(dialog).getByLabelText('From name'), { target: { value: 'Café del Puerto' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await screen.findByText('Sending settings saved');
    const saved = calls.find((c) => c.method === 'PUT' && c.url === '/a/api/v1/mail-settings')!.body as Record<string, unknown>;
    expect(saved).toMatchObject({ smtp_host: 'smtp.example.test', smtp_port: 587, from_name: 'Café del Puerto' });
    expect('smtp_password' in saved).toBe(false);
  });

  it('offers no changes to a Read Only user', async () => {
    stubServer({ [LIST]: { campaigns: [WELCOME], can_write: false }, [SETTINGS]: { opt_in_type: 'single' } });
    renderAt(<EmailCampaignsPage />);
    await screen.findByText('Welcome back');
    expect(screen.getByText('You can see this but not change it (Read Only access).')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Create campaign' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Sending settings' })).toBeNull();
  });

  it('says ‘Failed to load campaigns’ when the list cannot be read', async () => {
    stubServer({ [LIST]: () => ({ status: 500, body: { status: 500, message: 'Something went wrong', schema_errors: {} } }) });
    renderAt(<EmailCampaignsPage />);
    await screen.findByText('Failed to load campaigns');
  });
});
