import { formatDayMonthYear } from '@splashboard/contract';
import { PAGE_SIZES } from '../../components/pageSizes.ts';

/** The site's paid Wi-Fi calls. */
export const packagesApi = (siteId: number | null | undefined) => `/s/${siteId}/api/v1/paymentloginconfig`;
export const accountsApi = (siteId: number | null | undefined) => `/s/${siteId}/api/v1/paymentaccount`;
export const transactionsApi = (siteId: number | null | undefined) => `/s/${siteId}/api/v1/paymenttransactions`;

export const PACKAGES_PATH = '/app/payment/packages';
export const TRANSACTIONS_PATH = '/app/payment/transactions';
export const ACCOUNTS_PATH = '/app/payment/accounts';
/** The splash page designer's Payment tab, where the Stripe connection and payment settings are. */
export const PAYMENT_SETTINGS_PATH = '/app/site/splash-pages?tab=payment';

export const packageFormPath = (id: number, trial: boolean) => `/app/payment/${trial ? 'edit-trial' : 'edit'}/${id}`;

/** Where a list is: paging, search and dates (ISO days, '' for none), kept in the address. */
export interface ListState {
  page: number;
  rpp: number;
  search: string;
  from: string;
  to: string;
}

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;
const day = (value: string | null | undefined) => (value && ISO_DAY.test(value) ? value : '');

export const listStateOf = (params: URLSearchParams): ListState => ({
  page: Math.max(1, Math.floor(Number(params.get('page'))) || 1),
  rpp: PAGE_SIZES.includes(Number(params.get('rpp'))) ? Number(params.get('rpp')) : 25,
  search: params.get('search') ?? '',
  from: day(params.get('from')),
  to: day(params.get('to')),
});

export function listQuery(s: ListState) {
  const q = new URLSearchParams();
  if (s.page > 1) q.set('page', String(s.page));
  if (s.rpp !== 25) q.set('rpp', String(s.rpp));
  if (s.search) q.set('search', s.search);
  if (s.from) q.set('from', s.from);
  if (s.to) q.set('to', s.to);
  return q;
}

/** The list call's query: page, per_page, search, and the dates as the API takes them (DD/MM/YYYY). */
export function apiQuery(s: ListState) {
  const q = new URLSearchParams({ page: String(s.page), per_page: String(s.rpp) });
  if (s.search) q.set('search', s.search);
  if (s.from) q.set('fromdate', formatDayMonthYear(s.from, '/'));
  if (s.to) q.set('todate', formatDayMonthYear(s.to, '/'));
  return q;
}

export const datesInOrder = (s: Pick<ListState, 'from' | 'to'>) => !s.from || !s.to || s.from <= s.to;

/** A missing date in the details address (its date parts are not optional). */
const NO_DATE = 'any';

/** /app/payment/accounts/details/{id}/{page}/{rowsPerPage}/{fromDate}/{toDate}/{search?}: the list's place carried along. */
export const accountDetailsPath = (id: number, s: ListState) =>
  `${ACCOUNTS_PATH}/details/${id}/${s.page}/${s.rpp}/${s.from || NO_DATE}/${s.to || NO_DATE}${
    s.search ? `/${encodeURIComponent(s.search)}` : ''
  }`;

export const listStateOfDetails = (p: Record<string, string | undefined>): ListState => ({
  page: Math.max(1, Number(p.page) || 1),
  rpp: PAGE_SIZES.includes(Number(p.rowsPerPage)) ? Number(p.rowsPerPage) : 25,
  search: p.search ?? '',
  from: day(p.fromDate),
  to: day(p.toDate),
});

export const accountsListPath = (s: ListState) => {
  const query = listQuery(s).toString();
  return `${ACCOUNTS_PATH}${query ? `?${query}` : ''}`;
};
