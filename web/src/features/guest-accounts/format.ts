import type { TFunction } from 'i18next';
import type { GuestAccount } from '@splashboard/contract';
import { PAGE_SIZES } from '../../components/pageSizes.ts';
import { dateTime } from '../../app/format.ts';

export { dateTime };

export const base = (siteId: number | null | undefined) => `/s/${siteId}/api/v1/guestuser`;

export const durationText = (t: TFunction, a: Pick<GuestAccount, 'duration_val' | 'duration_type'>) =>
  t(`guestAccounts.duration.${a.duration_type}`, { count: a.duration_val });

/** "Not used yet: 1 day from the first login", "Active until …", "Expired on …". */
export const validityText = (t: TFunction, a: GuestAccount, lang: string) =>
  t(`guestAccounts.statusLong.${a.status}`, { duration: durationText(t, a), date: dateTime(a.expires_at, lang) });

/** The same, short, beside the status chip in the list. */
export const validityShortText = (t: TFunction, a: GuestAccount, lang: string) =>
  t(`guestAccounts.statusShort.${a.status}`, { duration: durationText(t, a), date: dateTime(a.expires_at, lang) });

export const dataLimitText = (t: TFunction, a: Pick<GuestAccount, 'bytes_t' | 'bytes_type'>) =>
  a.bytes_t > 0 ? `${a.bytes_t} ${a.bytes_type}` : t('guestAccounts.unlimited');

export const speedText = (t: TFunction, kbps: number) =>
  kbps > 0 ? t('guestAccounts.kbps', { value: kbps }) : t('guestAccounts.unlimited');

export const STATUS_COLOUR = { unused: 'default', active: 'success', expired: 'error' } as const;

/** Where the list was (page, rows per page, search), carried through the details address and back. */
export interface ListState {
  page: number;
  rpp: number;
  search: string;
}
export const detailsPath = (id: number, s: ListState) =>
  `/app/guestuser/details/${id}/${s.page}/${s.rpp}${s.search ? `/${encodeURIComponent(s.search)}` : ''}`;
export const listStateOf = (params: URLSearchParams): ListState => ({
  page: Math.max(1, Math.floor(Number(params.get('page'))) || 1),
  rpp: PAGE_SIZES.includes(Number(params.get('rpp'))) ? Number(params.get('rpp')) : 25,
  search: params.get('search') ?? '',
});
export const listQuery = (s: ListState) => {
  const q = new URLSearchParams();
  if (s.page > 1) q.set('page', String(s.page));
  if (s.rpp !== 25) q.set('rpp', String(s.rpp));
  if (s.search) q.set('search', s.search);
  return q;
};
export const managePath = (s: ListState) => {
  const query = listQuery(s).toString();
  return `/app/guestuser/manage${query ? `?${query}` : ''}`;
};
