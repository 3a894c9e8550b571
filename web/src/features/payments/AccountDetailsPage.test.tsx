import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { initI18n } from '../../app/i18n.ts';
import { API, aTransaction, anAccount, renderAt, stubServer } from './testServer.tsx';

// A payment account's details page against a stand-in for the server's answers.

let AccountDetailsPage: typeof import('./AccountDetailsPage.tsx').AccountDetailsPage;
let AccountsPage: typeof import('./AccountsPage.tsx').AccountsPage;
beforeAll(async () => {
  initI18n('en-US');
  ({ AccountDetailsPage } = await import('./AccountDetailsPage.tsx'));
  ({ AccountsPage } = await import('./AccountsPage.tsx'));
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const ACC = `${API}/paymentaccount`;
const ROUTE = '/app/payment/accounts/details/:id/:page/:rowsPerPage/:fromDate/:toDate/:search?';
const DEVICE = {
  mac: 'AA:BB:CC:DD:EE:01',
  source: 'login',
  bound_at: '2026-11-20T10:00:06.000Z',
  last_login_at: null,
  online: true,
};
const details = (fields = {}) => ({ ...anAccount(fields), devices: [DEVICE], transactions: [aTransaction()], can_write: true });

describe('the payment accounts pages', { timeout: 30_000 }, () => {
  it('lists accounts with links to their details that carry the list’s place', async () => {
    const calls = stubServer({
      [`${ACC}/?page=1&per_page=10&search=ana&fromdate=01%2F11%2F2026`]: {
        items: [anAccount()],
        metadata: { page: 1, per_page: 10, total: 1 },
        can_write: true,
      },
    });
    renderAt(<AccountsPage />, { at: '/?rpp=10&search=ana&from=2026-11-01' });
    const link = await screen.findByRole('link', { name: 'ana@example.test' });
    expect(link.getAttribute('href')).toBe('/app/payment/accounts/details/7/1/10/2026-11-01/any/ana');
    const cells = within(link.closest('tr')!)
      .getAllByRole('cell')
      .map((c) => c.textContent);
    expect(cells).toContain('$10.00');
    expect(cells).toContain('1 / 2');
    expect(calls).toHaveLength(1);
  });

  it('shows the account, its devices and transactions, and goes back to the list where it was', async () => {
    stubServer({ [`${ACC}/7`]: details() });
    renderAt(<AccountDetailsPage />, { path: ROUTE, at: '/app/payment/accounts/details/7/2/10/2026-11-01/any/ana' });
    await screen.findByRole('heading', { level: 1, name: 'ana@example.test' });
    expect(screen.getByText('Ana García')).toBeTruthy();
    expect(screen.getByText('Devices (1 of 2)')).toBeTruthy();
    expect(screen.getByText('AA:BB:CC:DD:EE:01')).toBeTruthy();
    expect(screen.getByText('$12.50')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to accounts' }).getAttribute('href')).toBe(
      '/app/payment/accounts?page=2&rpp=10&search=ana&from=2026-11-01',
    );
  });

  it('connects a device by its MAC, showing the server’s message under the field when it refuses', async () => {
    let refuse = true;
    const calls = stubServer({
      [`${ACC}/7`]: details(),
      [`POST ${ACC}/7/connect`]: () =>
        refuse
          ? {
              status: 422,
              body: {
                status: 422,
                message: 'This device is connected to another payment account of this site',
                schema_errors: { guestmac: ['This device is connected to another payment account of this site'] },
                code: 'payments.macOtherAccount',
              },
            }
          : {
              status: 200,
              body: {
                device: { ...DEVICE, mac: 'AA:BB:CC:DD:EE:02', source: 'operator' },
                access: 'on_next_arrival',
                detail: '',
              },
            },
    });
    renderAt(<AccountDetailsPage />, { path: ROUTE, at: '/app/payment/accounts/details/7/1/25/any/any' });
    fireEvent.change(await screen.findByLabelText('Device MAC address'), { target: { value: 'aa:bb:cc:dd:ee:02' } });
    fireEvent.click(screen.getByRole('button', { name: 'Connect' }));
    await waitFor(() =>
      expect(screen.getAllByText('This device is connected to another payment account of this site').length).toBe(2),
    );
    refuse = false;
    fireEvent.click(screen.getByRole('button', { name: 'Connect' }));
    await screen.findByText('Device connected: it gets online when it next opens the splash page');
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([
      { guestmac: 'aa:bb:cc:dd:ee:02' },
      { guestmac: 'aa:bb:cc:dd:ee:02' },
    ]);
  });

  it('stops recurring payments, moves the next payment, resets the password and sends the details', async () => {
    const calls = stubServer({
      [`${ACC}/7`]: details(),
      [`POST ${ACC}/7/stoprecurring/1`]: {},
      [`POST ${ACC}/7/changerecurring/1`]: {},
      [`POST ${ACC}/7/password`]: {},
      [`POST ${ACC}/7/send/sms`]: {},
    });
    renderAt(<AccountDetailsPage />, { path: ROUTE, at: '/app/payment/accounts/details/7/1/25/any/any' });
    fireEvent.change(await screen.findByLabelText('Next payment date'), { target: { value: '2026-12-24' } });
    fireEvent.click(screen.getByRole('button', { name: 'Change date' }));
    await screen.findByText('Next payment date changed');
    fireEvent.click(screen.getByRole('button', { name: 'Stop recurring payments' }));
    await screen.findByText('Recurring payments stopped');
    fireEvent.change(screen.getByLabelText('New password'), { target: { value: 'a-new-secret' } });
    fireEvent.click(screen.getByRole('button', { name: 'Set password' }));
    await screen.findByText('Password changed');
    fireEvent.click(screen.getByRole('button', { name: 'Send by SMS' }));
    // Three messages show at once: the fourth waits for one to go, so the call is what is checked.
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toHaveLength(4));
    expect(calls.filter((c) => c.method === 'POST').map((c) => [c.url.slice(ACC.length), c.body])).toEqual([
      ['/7/changerecurring/1', { next_payment_on: '2026-12-24' }],
      ['/7/stoprecurring/1', {}],
      ['/7/password', { password: 'a-new-secret' }],
      ['/7/send/sms', {}],
    ]);
  });

  it('says so when the account is not there', async () => {
    stubServer({});
    renderAt(<AccountDetailsPage />, { path: ROUTE, at: '/app/payment/accounts/details/99/1/25/any/any' });
    await screen.findByText('There is no such payment account at this location.');
  });
});
