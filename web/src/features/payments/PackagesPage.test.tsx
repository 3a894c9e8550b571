import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { initI18n } from '../../app/i18n.ts';
import { API, aConnection, aPackage, renderAt, stubServer } from './testServer.tsx';

// The packages page against a stand-in for the server's answers (the network is the only thing replaced).

let PackagesPage: typeof import('./PackagesPage.tsx').PackagesPage;
beforeAll(async () => {
  initI18n('en-US');
  ({ PackagesPage } = await import('./PackagesPage.tsx'));
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const DAY = aPackage({ id: 1, name: 'One day', price: 499, num_devices: 2, transactions_count: 3 });
const WEEK = aPackage({
  id: 2,
  name: 'One week',
  price: 1999,
  duration_type: 'days',
  duration_val: 7,
  recurring: true,
  bytes_t: 5,
  bytes_type: 'GB',
});
const TRIAL = aPackage({
  id: 3,
  name: 'Taster',
  price: 0,
  is_trial: true,
  duration_type: 'minutes',
  duration_val: 30,
  speed_ul: 512,
  speed_dl: 1024,
});
const PKGS = `${API}/paymentloginconfig/packages`;

const rowOf = (name: string) => screen.getByText(name).closest('tr')!;
/** The packages' names in the order shown (the name is the first line of its cell, over its chips). */
const names = () =>
  screen
    .getAllByRole('row')
    .slice(1)
    .map((r) => within(r).getAllByRole('cell')[1]!.querySelector('span')!.textContent);

describe('the packages page', { timeout: 30_000 }, () => {
  it('lists the active packages with their price in the site’s currency, terms and chips', async () => {
    stubServer({
      [PKGS]: { packages: [DAY, WEEK, TRIAL], can_write: true },
      [`${API}/paymentloginconfig/stripe`]: aConnection({ connected_to_stripe: true, mode: 'keys' }),
    });
    renderAt(<PackagesPage />);
    await screen.findByText('One week');
    expect(within(rowOf('One day')).getByText('$4.99')).toBeTruthy();
    expect(within(rowOf('One day')).getByText('Sold 3 times')).toBeTruthy();
    expect(within(rowOf('One day')).getByText('2 devices')).toBeTruthy();
    expect(within(rowOf('One week')).getByText('$19.99')).toBeTruthy();
    expect(within(rowOf('One week')).getByText('Recurring')).toBeTruthy();
    expect(within(rowOf('One week')).getByText('7 days')).toBeTruthy();
    expect(within(rowOf('One week')).getByText('5 GB')).toBeTruthy();
    expect(within(rowOf('Taster')).getByText('Trial')).toBeTruthy();
    expect(within(rowOf('Taster')).getByText('Free')).toBeTruthy();
    expect(within(rowOf('Taster')).getByText('30 minutes')).toBeTruthy();
    expect(within(rowOf('Taster')).getByText('512 Kbps / 1024 Kbps')).toBeTruthy();
    // Connected: no banner.
    expect(screen.queryByText(/not connected to Stripe/)).toBeNull();
  });

  it('saves a new order with the arrows, and puts the old one back when the server refuses it', async () => {
    let refuse = false;
    const calls = stubServer({
      [PKGS]: { packages: [DAY, WEEK, TRIAL], can_write: true },
      [`POST ${PKGS}/order`]: () =>
        refuse
          ? {
              status: 422,
              body: {
                status: 422,
                message: 'The order must list every active package of this site exactly once',
                schema_errors: {},
                code: 'payments.orderMismatch',
              },
            }
          : { status: 200, body: {} },
    });
    renderAt(<PackagesPage />);
    await screen.findByText('One week');
    fireEvent.click(screen.getByRole('button', { name: 'Move One day down' }));
    expect(names()).toEqual(['One week', 'One day', 'Taster']);
    await screen.findByText('Order saved');
    expect(calls.filter((c) => c.method === 'POST')).toEqual([
      { method: 'POST', url: `${PKGS}/order`, body: { display_order: [2, 1, 3] } },
    ]);
    expect((screen.getByRole('button', { name: 'Move One week up' }) as HTMLButtonElement).disabled).toBe(true);

    refuse = true;
    fireEvent.click(screen.getByRole('button', { name: 'Move Taster up' }));
    await screen.findByText('The order must list every active package of this site exactly once');
    expect(names()).toEqual(['One week', 'One day', 'Taster']);
  });

  it('archives a package after a question, and restores it from the archived tab', async () => {
    let archived = false;
    const calls = stubServer({
      [PKGS]: () => ({ status: 200, body: { packages: archived ? [DAY] : [DAY, WEEK], can_write: true } }),
      [`${PKGS}/archived`]: () => ({
        status: 200,
        body: { packages: archived ? [{ ...WEEK, status: 'archived' }] : [], can_write: true },
      }),
      [`PUT ${API}/paymentloginconfig/package/2`]: (c) => {
        archived = (c.body as { status: string }).status === 'archived';
        return { status: 200, body: { ...WEEK, status: c.body && archived ? 'archived' : 'active' } };
      },
    });
    renderAt(<PackagesPage />);
    await screen.findByText('One week');
    fireEvent.click(within(rowOf('One week')).getByRole('button', { name: 'Archive' }));
    const dialog = await screen.findByRole('dialog', { name: 'Archive One week?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Archive' }));
    await screen.findByText('Package archived');
    await waitFor(() => expect(screen.queryByText('One week')).toBeNull());
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    fireEvent.click(screen.getByRole('tab', { name: 'Archived' }));
    expect(screen.getByTestId('location').textContent).toBe('/?tab=archived');
    fireEvent.click(within((await screen.findByText('One week')).closest('tr')!).getByRole('button', { name: 'Restore' }));
    await screen.findByText('Package restored');
    expect(calls.filter((c) => c.method === 'PUT').map((c) => c.body)).toEqual([{ status: 'archived' }, { status: 'active' }]);
  });

  it('deletes a package only once asked', async () => {
    const calls = stubServer({
      [PKGS]: { packages: [DAY], can_write: true },
      [`DELETE ${API}/paymentloginconfig/package/1`]: { status: 200 },
    });
    renderAt(<PackagesPage />);
    fireEvent.click(within((await screen.findByText('One day')).closest('tr')!).getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete One day?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);

    fireEvent.click(within(rowOf('One day')).getByRole('button', { name: 'Delete' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await screen.findByText('Package deleted');
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.url)).toEqual([`${API}/paymentloginconfig/package/1`]);
  });

  it('says ‘Failed to load packages’ when the list cannot be read', async () => {
    stubServer({ [PKGS]: () => ({ status: 500, body: { status: 500, message: 'Something went wrong', schema_errors: {} } }) });
    renderAt(<PackagesPage />);
    expect((await screen.findAllByText('Failed to load packages')).length).toBeGreaterThan(0);
  });

  it('leads to the payment settings while the site is not connected to Stripe', async () => {
    stubServer({ [PKGS]: { packages: [], can_write: true }, [`${API}/paymentloginconfig/stripe`]: aConnection() });
    renderAt(<PackagesPage />);
    await screen.findByText(/not connected to Stripe yet/);
    expect(screen.getByRole('link', { name: 'Open payment settings' }).getAttribute('href')).toBe(
      '/app/site/splash-pages?tab=payment',
    );
    expect(screen.getByText('No packages yet. Create one for guests to buy.')).toBeTruthy();
  });

  it('tells how Stripe’s onboarding ended (?stripe=connected|incomplete)', async () => {
    stubServer({ [PKGS]: { packages: [], can_write: true } });
    renderAt(<PackagesPage />, { at: '/?stripe=connected' });
    await screen.findByText('Your Stripe account is connected: guests can now pay for packages.');
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByText(/Your Stripe account is connected/)).toBeNull());
    expect(screen.getByTestId('location').textContent).not.toContain('stripe=');
    cleanup();
    renderAt(<PackagesPage />, { at: '/?stripe=incomplete' });
    await screen.findByText(/Stripe has not finished setting up your account yet/);
  });

  it('offers no changes to a Read Only user', async () => {
    stubServer({ [PKGS]: { packages: [DAY, WEEK], can_write: false } });
    renderAt(<PackagesPage />);
    await screen.findByText('One week');
    expect(screen.getByText('You can see this but not change it (Read Only access).')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Move/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Archive' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Create package' })).toBeNull();
  });
});
