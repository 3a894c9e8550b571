import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { initI18n } from '../../app/i18n.ts';
import type { IntegrationKind } from '@splashboard/contract/integrations';
import { INTEGRATIONS_API, renderAt, someDetails, stubServer } from './testServer.ts';

// The connection page of an integration against a stand-in for the server's answers.

let ConnectionPage: typeof import('./ConnectionPage.tsx').ConnectionPage;
beforeAll(async () => {
  initI18n('en-US');
  ({ ConnectionPage } = await import('./ConnectionPage.tsx'));
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const open = (kind: string, query = '') =>
  renderAt(<ConnectionPage />, {
    path: '/app/settings-view/:kind/connection',
    at: `/app/settings-view/${kind}/connection${query}`,
  });
const api = (kind: IntegrationKind) => `${INTEGRATIONS_API}/${kind}`;

describe('an integration’s connection page', { timeout: 30_000 }, () => {
  it('connects HubSpot through its sign-in where the server can', async () => {
    const calls = stubServer({
      [api('hubspot')]: someDetails('hubspot', { connection: { method: null, account: null, oauth_available: true } }),
      [`POST ${api('hubspot')}/oauth`]: { url: 'http://127.0.0.1:1/oauth/authorize?client_id=x' },
    });
    open('hubspot');
    await screen.findByRole('heading', { name: 'HubSpot connection', level: 1 });
    expect(screen.getByTestId('connection-state').textContent).toBe('Not connected');
    fireEvent.click(screen.getByRole('button', { name: 'Connect with HubSpot' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST').map((c) => c.url)).toEqual([`${api('hubspot')}/oauth`]));
  });

  it('shows the account connected and the callback’s outcome from the address', async () => {
    stubServer({
      [api('mailchimp')]: someDetails('mailchimp', {
        connection: { method: 'oauth', account: 'Harbour Café', oauth_available: true },
      }),
    });
    open('mailchimp', '?connected=1');
    await screen.findByText('Connected to Mailchimp');
    await waitFor(() =>
      expect(screen.getByTestId('connection-state').textContent).toBe(
        'ConnectedThrough Mailchimp’s sign-inConnected as Harbour Café',
      ),
    );
    cleanup();
    open('mailchimp', '?error=oauthStateInvalid');
    await screen.findByText('This connection link is not valid or has expired: start again');
    cleanup();
    open('mailchimp', '?error=integrations.oauthFailed&detail=access_denied');
    await screen.findByText('The connection to Mailchimp failed: access_denied');
  });

  it('points to the key on the settings page where the server has no sign-in for the vendor', async () => {
    stubServer({ [api('hubspot')]: someDetails('hubspot') });
    open('hubspot');
    await screen.findByText(
      'This server has no HubSpot sign-in set up: the integration uses a key, entered on its settings page.',
    );
    expect(screen.queryByRole('button', { name: 'Connect with HubSpot' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Go to the HubSpot settings' }).getAttribute('href')).toBe(
      '/app/settings-view/hubspot',
    );
  });

  it('saves a token kind’s key with the settings’ PUT, and says what else the server asks for', async () => {
    let refuse = true;
    const calls = stubServer({
      [api('mryum')]: someDetails('mryum'),
      [`PUT ${api('mryum')}`]: () =>
        refuse
          ? {
              status: 422,
              body: {
                status: 422,
                message: 'Integration update failed',
                schema_errors: { url: ['This field is required'] },
                code: 'integrations.updateFailed',
              },
            }
          : { status: 200, body: { status: 200, message: 'Integration saved' } },
    });
    open('mryum');
    fireEvent.change(await screen.findByLabelText('API key', { exact: false }), { target: { value: 'tok_123' } });
    expect(screen.queryByLabelText('URL', { exact: false })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('URL: This field is required');
    refuse = false;
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Integration saved');
    expect(calls.filter((c) => c.method === 'PUT').map((c) => c.body)).toEqual([
      { settings: { api_key: 'tok_123' } },
      { settings: { api_key: 'tok_123' } },
    ]);
  });

  it('has no connection page for a kind without a connection', async () => {
    stubServer({});
    open('webhook');
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/404'));
  });
});
