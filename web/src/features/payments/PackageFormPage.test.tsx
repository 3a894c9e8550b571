import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { initI18n } from '../../app/i18n.ts';
import { API, aPackage, renderAt, stubServer } from './testServer.tsx';

// The package forms against a stand-in for the server's answers: prices typed as decimals are sent in
// minor units, the server's per-field messages show under their fields, a sold package's terms are fixed.

let PackageFormPage: typeof import('./PackageFormPage.tsx').PackageFormPage;
beforeAll(async () => {
  initI18n('en-US');
  ({ PackageFormPage } = await import('./PackageFormPage.tsx'));
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const PKGS = `${API}/paymentloginconfig/packages`;
const type = (label: string | RegExp, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const posted = (calls: { method: string; body: unknown }[]) => calls.filter((c) => c.method !== 'GET').map((c) => c.body);

describe('the package forms', { timeout: 30_000 }, () => {
  it('creates a package with its price in cents', async () => {
    const calls = stubServer({ [`POST ${PKGS}`]: (c) => ({ status: 200, body: aPackage(c.body as object) }) });
    renderAt(<PackageFormPage trial={false} />);
    type(/^Name/, 'Weekend');
    type(/^Price \(USD\)/, '12.5');
    type('Lasts', '2');
    type('Devices at once', '3');
    fireEvent.click(screen.getByLabelText(/Renew automatically/));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Package created');
    expect(posted(calls)).toEqual([
      {
        name: 'Weekend',
        description: '',
        price: 1250,
        duration_val: 2,
        duration_type: 'days',
        bytes_t: 0,
        bytes_type: 'MB',
        speed_ul: 0,
        speed_dl: 0,
        num_devices: 3,
        recurring: true,
        is_trial: false,
      },
    ]);
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/app/payment/packages'));
  });

  it('takes whole yen at a JPY site, and refuses a price that is not one before sending', async () => {
    const calls = stubServer({
      [`POST ${PKGS}`]: (c) => ({ status: 200, body: aPackage({ ...(c.body as object), currency: 'JPY' }) }),
    });
    renderAt(<PackageFormPage trial={false} />, { currency: 'JPY' });
    type(/^Name/, 'Day');
    type(/^Price \(JPY\)/, '5.50');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Enter a price such as 499');
    expect(posted(calls)).toEqual([]);
    type(/^Price \(JPY\)/, '500');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Package created');
    expect(posted(calls)).toMatchObject([{ price: 500 }]);
  });

  it('shows the server’s message under its field', async () => {
    stubServer({
      [`POST ${PKGS}`]: () => ({
        status: 422,
        body: {
          status: 422,
          message: 'The price must be at least $0.50 (Stripe’s minimum charge in USD)',
          schema_errors: { price: ['The price must be at least $0.50 (Stripe’s minimum charge in USD)'] },
          code: 'payments.priceTooLow',
          params: { min: '$0.50', currency: 'USD' },
        },
      }),
    });
    renderAt(<PackageFormPage trial={false} />);
    type(/^Name/, 'Cheap');
    type(/^Price \(USD\)/, '0.10');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(screen.getAllByText('The price must be at least $0.50 (Stripe’s minimum charge in USD)').length).toBe(2),
    );
    expect(screen.getByLabelText(/^Price \(USD\)/).getAttribute('aria-invalid')).toBe('true');
  });

  it('creates a trial package: free, without price or renewal', async () => {
    const calls = stubServer({
      [`POST ${PKGS}`]: (c) => ({ status: 200, body: aPackage({ ...(c.body as object), price: 0, is_trial: true }) }),
    });
    renderAt(<PackageFormPage trial />);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Create trial package');
    expect(screen.queryByLabelText(/^Price/)).toBeNull();
    expect(screen.queryByLabelText(/Renew automatically/)).toBeNull();
    type(/^Name/, 'Taster');
    type('Lasts', '30');
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Time unit' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Minutes' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Package created');
    expect(posted(calls)).toMatchObject([
      { name: 'Taster', price: 0, recurring: false, is_trial: true, duration_val: 30, duration_type: 'minutes' },
    ]);
  });

  it('edits a sold package’s name only: its price and terms are shown fixed', async () => {
    const sold = aPackage({ id: 4, name: 'One day', price: 499, transactions_count: 2 });
    const calls = stubServer({
      [`${API}/paymentloginconfig/package/4`]: sold,
      [`PUT ${API}/paymentloginconfig/package/4`]: (c) => ({ status: 200, body: { ...sold, ...(c.body as object) } }),
    });
    renderAt(<PackageFormPage trial={false} />, { path: '/app/payment/edit/:id', at: '/app/payment/edit/4' });
    await screen.findByText(/Guests have bought this package \(2 payments\)/);
    const price = screen.getByLabelText(/^Price \(USD\)/) as HTMLInputElement;
    expect(price.value).toBe('4.99');
    expect(price.disabled).toBe(true);
    expect((screen.getByLabelText('Lasts') as HTMLInputElement).disabled).toBe(true);
    expect((screen.getByLabelText(/Renew automatically/) as HTMLInputElement).disabled).toBe(true);
    type(/^Name/, 'One whole day');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Package saved');
    expect(posted(calls)).toEqual([{ name: 'One whole day', description: 'All day Wi-Fi' }]);
  });

  it('edits an unsold package’s price', async () => {
    const pkg = aPackage({ id: 5, price: 499 });
    const calls = stubServer({
      [`${API}/paymentloginconfig/package/5`]: pkg,
      [`PUT ${API}/paymentloginconfig/package/5`]: (c) => ({ status: 200, body: { ...pkg, ...(c.body as object) } }),
    });
    renderAt(<PackageFormPage trial={false} />, { path: '/app/payment/edit/:id', at: '/app/payment/edit/5' });
    expect(((await screen.findByLabelText(/^Price \(USD\)/)) as HTMLInputElement).value).toBe('4.99');
    type(/^Price \(USD\)/, '5,25');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Package saved');
    expect(posted(calls)).toMatchObject([{ price: 525, num_devices: 2, recurring: false }]);
  });

  it('says so when the package is not there', async () => {
    stubServer({});
    renderAt(<PackageFormPage trial={false} />, { path: '/app/payment/edit/:id', at: '/app/payment/edit/99' });
    await screen.findByText('There is no such package at this location.');
    expect(screen.getByRole('heading', { level: 1 })).toBeTruthy();
  });
});
