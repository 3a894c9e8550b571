import './i18n.ts';
import { PAGE_SIZES } from '../../components/pageSizes.ts';

export const base = (siteId: number | null | undefined) => `/s/${siteId}/api/v1/macentry/`;
export const LIST_PATH = '/app/settings-view/whitelisted-devices';

export interface ListState {
  page: number;
  rpp: number;
  search: string;
}
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

export const NETWORK_COLOUR = { none: 'default', pending: 'info', authorized: 'success', failed: 'error' } as const;
