import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { formatDayMonthYear, type GuestList, type GuestListItem } from '@splashboard/contract';

/** The list store of the spec (000 section 3): items, metadata, isLoading, error; load, success, failure. */
export interface GuestsListState {
  items: GuestListItem[];
  metadata: GuestList['metadata'] | null;
  isLoading: boolean;
  error: string | null;
}

export const initialGuestsList: GuestsListState = { items: [], metadata: null, isLoading: false, error: null };

export const guestsList = createSlice({
  name: 'guestsList',
  initialState: initialGuestsList,
  reducers: {
    load: (s) => ({ ...s, isLoading: true, error: null }),
    success: (_s, a: PayloadAction<GuestList>) => ({
      items: a.payload.items,
      metadata: a.payload.metadata,
      isLoading: false,
      error: null,
    }),
    // A failure keeps the error's text and stops loading.
    failure: (s, a: PayloadAction<string>) => ({ ...s, isLoading: false, error: a.payload }),
  },
});

/** The list's filters as the page keeps them (dates ISO, from the date inputs). */
export interface GuestFilterValues {
  search: string;
  from: string;
  to: string;
}

export const searchUsable = (search: string) => search.trim().length === 0 || search.trim().length >= 3;
export const datesInOrder = (f: GuestFilterValues) => !f.from || !f.to || f.from <= f.to;

/** The query of the list (dates DD/MM/YYYY) or of a download (dates DD-MM-YYYY). */
export function filterQuery(f: GuestFilterValues, separator: '/' | '-', extra: Record<string, string> = {}) {
  const q = new URLSearchParams(extra);
  if (f.search.trim()) q.set('search', f.search.trim());
  if (f.from) q.set('fromdate', formatDayMonthYear(f.from, separator));
  if (f.to) q.set('todate', formatDayMonthYear(f.to, separator));
  return q.toString();
}
