import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { initI18n } from '../../app/i18n.ts';
import { API, aTransaction, renderAt, stubServer } from './testServer.tsx';

// The transactions page against a stand-in for the server's answers: the list and its filters in the
// address and the call, the refund dialog, resending an invoice.

let TransactionsPage: typeof import('./TransactionsPage.tsx').TransactionsPage;
beforeAll(async () => {
  initI18n('en-US');
  ({ TransactionsPage } = await import('./TransactionsPage.tsx'));
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const TX = `${API}/paymenttransactions`;
const list = (items = [aTransaction()], total = items.length) => ({
  items,
  metadata: { page: 1, per_page: 25, total },
  can_write: true,
});

describe('the transactions page', { timeout: 30_000 }, () => {
  it('lists date, guest email, package, amount, refunded and status', async () => {
    const calls = stubServer({ [`${TX}/?page=1&per_page=25`]: list() });
    renderAt(<TransactionsPage />);
    const row = (await screen.findByText('ana@example.test')).closest('tr')!;
    const cells = within(row)
      .getAllByRole('cell')
      .map((c) => c.textContent);
    expect(cells.slice(1, 6)).toEqual(['ana@example.test', 'One dayPurchase', '$12.50', '$2.50', 'PaidPartly refunded']);
    expect(cells[0]).toContain('2026');
    expect(calls[0]!.url).toBe(`${TX}/?page=1&per_page=25`);
  });

  it('asks the list for the search, the dates (DD/MM/YYYY) and the page from the address', async () => {
    const calls = stubServer({
      [`${TX}/?page=2&per_page=10&search=ana&fromdate=01%2F11%2F2026&todate=30%2F11%2F2026`]: list([aTransaction()], 11),
    });
    renderAt(<TransactionsPage />, { at: '/?page=2&rpp=10&search=ana&from=2026-11-01&to=2026-11-30' });
    await screen.findByText('ana@example.test');
    expect(calls.map((c) => c.url)).toEqual([
      `${TX}/?page=2&per_page=10&search=ana&fromdate=01%2F11%2F2026&todate=30%2F11%2F2026`,
    ]);
    expect((screen.getByLabelText('From') as HTMLInputElement).value).toBe('2026-11-01');
    expect(screen.getByText('11–11 of 11')).toBeTruthy();
  });

  it('searches from 3 characters, once typing pauses', async () => {
    const calls = stubServer({ [`${TX}/?page=1&per_page=25`]: list(), [`${TX}/?page=1&per_page=25&search=ana`]: list() });
    renderAt(<TransactionsPage />);
    await screen.findByText('ana@example.test');
    fireEvent.change(screen.getByLabelText('Search email, package or device'), { target: { value: 'an' } });
    await screen.findByText('Type at least 3 characters');
    await new Promise((done) => setTimeout(done, 400));
    expect(calls).toHaveLength(1);
    fireEvent.change(screen.getByLabelText('Search email, package or device'), { target: { value: 'ana' } });
    await waitFor(() => expect(calls.map((c) => c.url)).toContain(`${TX}/?page=1&per_page=25&search=ana`));
    expect(screen.queryByText('Type at least 3 characters')).toBeNull();
  });

  it('files a refund of what is left, for one of the three reasons, and says ‘Refund filed’', async () => {
    let refunded = 250;
    const calls = stubServer({
      [`${TX}/?page=1&per_page=25`]: () => ({ status: 200, body: list([aTransaction({ refunded })]) }),
      [`POST ${TX}/31/refund`]: (c) => {
        refunded += (c.body as { amount: number }).amount;
        return { status: 200, body: aTransaction({ refunded }) };
      },
    });
    renderAt(<TransactionsPage />);
    fireEvent.click(await screen.findByRole('button', { name: /Actions for the transaction of/ }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Refund' }));
    const dialog = await screen.findByRole('dialog', { name: 'Refund ana@example.test' });
    expect(within(dialog).getByText('Paid $12.50; refunded so far $2.50.')).toBeTruthy();
    expect((within(dialog).getByLabelText('Amount to refund (USD)') as HTMLInputElement).value).toBe('10.00');

    // The reason is required.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Refund' }));
    await within(dialog).findByText('This field is required');
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);

    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: /Reason/ }));
    const options = await screen.findAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['Connectivity issues', 'Duplicate transactions', 'No longer using']);
    fireEvent.click(screen.getByRole('option', { name: 'Duplicate transactions' }));
    fireEvent.change(within(dialog).getByLabelText('Amount to refund (USD)'), { target: { value: '4' } });
    fireEvent.change(within(dialog).getByLabelText('Comments'), { target: { value: 'Paid twice' } });
    fireEvent.click(within(dialog).getByLabelText('Disconnect devices'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Refund' }));
    await screen.findByText('Refund filed');
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([
      { amount: 400, reason_for_refund: 'duplicate_transactions', comments: 'Paid twice', disconnect_devices: true },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await screen.findByText('$6.50');
  });

  it('refuses a refund above what is left before asking the server, and shows the server’s refusal', async () => {
    const calls = stubServer({
      [`${TX}/?page=1&per_page=25`]: list(),
      [`POST ${TX}/31/refund`]: () => ({
        status: 422,
        body: {
          status: 422,
          message: 'The payment provider refused the refund: charge_disputed',
          schema_errors: {},
          code: 'payments.refundFailed',
          params: { detail: 'charge_disputed' },
        },
      }),
    });
    renderAt(<TransactionsPage />);
    fireEvent.click(await screen.findByRole('button', { name: /Actions for the transaction of/ }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Refund' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Amount to refund (USD)'), { target: { value: '10.01' } });
    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: /Reason/ }));
    fireEvent.click(await screen.findByRole('option', { name: 'Connectivity issues' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Refund' }));
    await within(dialog).findByText('Enter an amount between $0.01 and $10.00');
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);

    fireEvent.change(within(dialog).getByLabelText('Amount to refund (USD)'), { target: { value: '10' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Refund' }));
    await screen.findByText('The payment provider refused the refund: charge_disputed');
    expect(screen.getByRole('dialog')).toBeTruthy();
  });

  it('resends the invoice, and updates the devices and end of a purchase', async () => {
    const calls = stubServer({
      [`${TX}/?page=1&per_page=25`]: list(),
      [`POST ${TX}/31/resend/invoice`]: { message: 'Invoice sent to ana@example.test' },
      [`PUT ${TX}/31`]: (c) => ({ status: 200, body: aTransaction(c.body as object) }),
    });
    renderAt(<TransactionsPage />);
    fireEvent.click(await screen.findByRole('button', { name: /Actions for the transaction of/ }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Resend invoice' }));
    await screen.findByText('Invoice sent to ana@example.test');

    fireEvent.click(screen.getByRole('button', { name: /Actions for the transaction of/ }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Update' }));
    const dialog = await screen.findByRole('dialog', { name: 'Update the purchase' });
    fireEvent.change(within(dialog).getByLabelText('Devices at once'), { target: { value: '4' } });
    fireEvent.change(within(dialog).getByLabelText('Ends at'), { target: { value: '2026-12-01T12:30' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await screen.findByText('Transaction updated');
    const put = calls.find((c) => c.method === 'PUT')!;
    expect(put.body).toEqual({ num_devices: 4, endtime: new Date('2026-12-01T12:30').toISOString() });
  });

  it('offers a Read Only user no actions', async () => {
    stubServer({ [`${TX}/?page=1&per_page=25`]: { ...list(), can_write: false } });
    renderAt(<TransactionsPage />);
    await screen.findByText('ana@example.test');
    expect(screen.queryByRole('button', { name: /Actions for/ })).toBeNull();
    expect(screen.getByText('You can see this but not change it (Read Only access).')).toBeTruthy();
  });
});
