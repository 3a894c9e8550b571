import { VOUCHER_LIST_STATUSES, VOUCHER_SORT_FIELDS, voucherApiBase, type VoucherKind } from '@splashboard/contract';
import { PAGE_SIZES } from '../../components/pageSizes.ts';

/** The dashboard's pages of a kind: /app/voucher/... or /app/voucher/multisite/... */
export const appBase = (kind: VoucherKind) => (kind === 'voucher' ? '/app/voucher' : '/app/voucher/multisite');
export const apiBase = (siteId: number | null | undefined, kind: VoucherKind) => voucherApiBase(siteId ?? 0, kind);

export const voucherPath = (kind: VoucherKind, id: number) => `${appBase(kind)}/details/${id}`;
/** A batch has no address of its own in the specification: it is the details page without a voucher id. */
export const batchPath = (kind: VoucherKind, id: number) => `${appBase(kind)}/details?batch=${id}`;
export const pdfPath = (siteId: number | null | undefined, kind: VoucherKind, batchId: number, paper: string) =>
  `${apiBase(siteId, kind)}/batches/${batchId}/pdf?paper=${paper}`;

export const LIST_TABS = ['batches', ...VOUCHER_LIST_STATUSES] as const;
export type ListTab = (typeof LIST_TABS)[number];
type SortField = (typeof VOUCHER_SORT_FIELDS)[number];

/** Where the manage list is (tab, paging, search, sorting), kept in the address. */
export interface ListState {
  tab: ListTab;
  page: number;
  rpp: number;
  search: string;
  sort_by: SortField;
  sort_on: 'asc' | 'desc';
}

export function listStateOf(params: URLSearchParams): ListState {
  const tab = params.get('tab') as ListTab;
  const sortBy = params.get('sort_by') as SortField;
  return {
    tab: LIST_TABS.includes(tab) ? tab : 'batches',
    page: Math.max(1, Math.floor(Number(params.get('page'))) || 1),
    rpp: PAGE_SIZES.includes(Number(params.get('rpp'))) ? Number(params.get('rpp')) : 25,
    search: params.get('search') ?? '',
    sort_by: VOUCHER_SORT_FIELDS.includes(sortBy) ? sortBy : 'created_at',
    sort_on: params.get('sort_on') === 'asc' ? 'asc' : 'desc',
  };
}

export function listQuery(s: ListState) {
  const q = new URLSearchParams();
  if (s.tab !== 'batches') q.set('tab', s.tab);
  if (s.page > 1) q.set('page', String(s.page));
  if (s.rpp !== 25) q.set('rpp', String(s.rpp));
  if (s.search) q.set('search', s.search);
  if (s.sort_by !== 'created_at') q.set('sort_by', s.sort_by);
  if (s.sort_on !== 'desc') q.set('sort_on', s.sort_on);
  return q;
}
