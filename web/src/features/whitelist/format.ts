import { useCallback } from 'react';
import i18n from 'i18next';
import { useTranslation } from 'react-i18next';
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

const KNOWN = i18n.getResource('en-US', 'translation', 'whitelist.errors') as Record<string, string>;

/** A message from the server in the dashboard's language when it is one of this area's; otherwise as it came. */
export function useServerText() {
  const { t } = useTranslation();
  return useCallback(
    (message: string | undefined) => {
      if (!message) return message;
      const key = Object.keys(KNOWN).find((k) => KNOWN[k] === message);
      return key ? t(`whitelist.errors.${key}`) : message;
    },
    [t],
  );
}
