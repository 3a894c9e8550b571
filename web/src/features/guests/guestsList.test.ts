import { describe, expect, it } from 'vitest';
import { filterQuery, guestsList, initialGuestsList } from './guestsList.ts';

const { load, success, failure } = guestsList.actions;
const page = {
  items: [],
  metadata: { page: 2, per_page: 50, total: 51, total_exact: true },
};

describe('guests list store', () => {
  it('loads, then keeps the items and metadata (per_page included)', () => {
    const loading = guestsList.reducer(initialGuestsList, load());
    expect(loading).toMatchObject({ isLoading: true, error: null });
    expect(guestsList.reducer(loading, success(page))).toEqual({ ...page, isLoading: false, error: null });
  });

  it('on failure stores the error text and stops loading, keeping what was shown', () => {
    const shown = guestsList.reducer(initialGuestsList, success(page));
    const failed = guestsList.reducer(guestsList.reducer(shown, load()), failure('Something went wrong'));
    expect(failed).toEqual({ ...page, isLoading: false, error: 'Something went wrong' });
  });
});

describe('filter queries', () => {
  it('sends dates as DD/MM/YYYY to the list and DD-MM-YYYY to downloads, and leaves out empty filters', () => {
    const f = { search: ' ana ', from: '2026-03-01', to: '2026-03-31' };
    expect(filterQuery(f, '/', { page: '2' })).toBe('page=2&search=ana&fromdate=01%2F03%2F2026&todate=31%2F03%2F2026');
    expect(filterQuery(f, '-')).toBe('search=ana&fromdate=01-03-2026&todate=31-03-2026');
    expect(filterQuery({ search: '', from: '', to: '' }, '-')).toBe('');
  });
});
