import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { initI18n } from '../../app/i18n.ts';
import { API, SITE_ID, aConnection, renderAt, stubServer } from './testServer.tsx';

// The Stripe part of the Payment tab against a stand-in for the server's answers.

let StripeConnectionPanel: typeof import('./StripeConnectionPanel.tsx').StripeConnectionPanel;
beforeAll(async () => {
  initI18n('en-US');
  ({ StripeConnectionPanel } = await import('./StripeConnectionPanel.tsx'));
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const STRIPE = `${API}/paymentloginconfig/stripe`;
const KEYS_CONNECTED = aConnection({
  id: 3,
  connected_to_stripe: true,
  mode: 'keys',
  stripe_account_id: 'acct_own',
  charges_enabled: true,
  payment_auth_field1: 'sk_test_…4242',
  payment_auth_field2: 'pk_test_abc',
  transaction_fee_percent: 0,
});

describe('the Stripe connection panel', { timeout: 30_000 }, () => {
  it('saves pasted keys, checking their form first, then shows the connection with the masked key', async () => {
    let connected = false;
    const calls = stubServer({
      [STRIPE]: () => ({ status: 200, body: connected ? KEYS_CONNECTED : aConnection() }),
      [`PUT ${STRIPE}/keys`]: () => {
        connected = true;
        return { status: 200, body: KEYS_CONNECTED };
      },
    });
    renderAt(<StripeConnectionPanel siteId={SITE_ID} disabled={false} />);
    await screen.findByText('Not connected');
    expect(screen.getByText('Platform fee: 3% of each payment (your plan’s).')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Secret key'), { target: { value: 'sk_test_abc' } });
    fireEvent.change(screen.getByLabelText('Publishable key'), { target: { value: 'sk_test_wrong' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save keys' }));
    await screen.findByText('Enter the publishable key of the same Stripe account (it starts with pk_)');
    expect(calls.filter((c) => c.method === 'PUT')).toEqual([]);

    fireEvent.change(screen.getByLabelText('Publishable key'), { target: { value: 'pk_test_abc' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save keys' }));
    await screen.findByText('Stripe keys saved');
    expect(calls.filter((c) => c.method === 'PUT').map((c) => c.body)).toEqual([
      { payment_auth_field1: 'sk_test_abc', payment_auth_field2: 'pk_test_abc' },
    ]);
    await screen.findByText('Connected with your own keys');
    expect(screen.getByText('sk_test_…4242')).toBeTruthy();
    expect(screen.getByText('acct_own')).toBeTruthy();
    expect(screen.getByText('Test: no real money moves')).toBeTruthy();
    expect(screen.getByText('No platform fee on payments.')).toBeTruthy();
  });

  it('shows the server’s refusal of a key under its field', async () => {
    stubServer({
      [STRIPE]: aConnection(),
      [`PUT ${STRIPE}/keys`]: () => ({
        status: 422,
        body: {
          status: 422,
          message: 'Stripe did not accept this secret key',
          schema_errors: { payment_auth_field1: ['Stripe did not accept this secret key'] },
          code: 'payments.invalidSecretKey',
        },
      }),
    });
    renderAt(<StripeConnectionPanel siteId={SITE_ID} disabled={false} />);
    fireEvent.change(await screen.findByLabelText('Secret key'), { target: { value: 'sk_test_revoked' } });
    fireEvent.change(screen.getByLabelText('Publishable key'), { target: { value: 'pk_test_abc' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save keys' }));
    await waitFor(() => expect(screen.getAllByText('Stripe did not accept this secret key').length).toBe(2));
  });

  it('starts Stripe’s onboarding with Connect with Stripe', async () => {
    const calls = stubServer({
      [STRIPE]: aConnection(),
      [`POST ${STRIPE}/connect`]: { url: 'http://127.0.0.1:1/onboarding' },
    });
    renderAt(<StripeConnectionPanel siteId={SITE_ID} disabled={false} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Connect with Stripe' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST').map((c) => c.url)).toEqual([`${STRIPE}/connect`]));
  });

  it('offers only the keys where the server has no platform key', async () => {
    stubServer({ [STRIPE]: aConnection({ stripe_connection_url: '' }) });
    renderAt(<StripeConnectionPanel siteId={SITE_ID} disabled={false} />);
    await screen.findByLabelText('Secret key');
    expect(screen.queryByRole('button', { name: 'Connect with Stripe' })).toBeNull();
  });

  it('says a Connect account is not finished, and disconnects only once asked', async () => {
    let connected = true;
    const connect = aConnection({
      id: 4,
      connected_to_stripe: true,
      mode: 'connect',
      stripe_account_id: 'acct_9',
      charges_enabled: false,
      livemode: true,
    });
    const calls = stubServer({
      [STRIPE]: () => ({ status: 200, body: connected ? connect : aConnection() }),
      [`PUT ${STRIPE}/disconnect`]: () => {
        connected = false;
        return { status: 200, body: aConnection() };
      },
    });
    renderAt(<StripeConnectionPanel siteId={SITE_ID} disabled={false} />);
    await screen.findByText('Connected with Stripe Connect');
    expect(screen.getByText(/Stripe has not finished setting up this account/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Continue setting up on Stripe' })).toBeTruthy();
    expect(screen.getByText('Live: real payments')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Disconnect' }));
    const dialog = await screen.findByRole('dialog', { name: 'Disconnect Stripe?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);

    fireEvent.click(screen.getByRole('button', { name: 'Disconnect' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Disconnect' }));
    await screen.findByText('Stripe disconnected');
    await screen.findByText('Not connected');
    expect(calls.filter((c) => c.method === 'PUT').map((c) => c.url)).toEqual([`${STRIPE}/disconnect`]);
  });
});
