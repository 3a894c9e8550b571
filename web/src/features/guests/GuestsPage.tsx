import { useCallback, useEffect, useMemo, useReducer } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import Paper from '@mui/material/Paper';
import Alert from '@mui/material/Alert';
import LinearProgress from '@mui/material/LinearProgress';
import TablePagination from '@mui/material/TablePagination';
import type { GuestList } from '@splashboard/contract';
import { get } from '../../app/api.ts';
import { useErrorText } from '../../app/errorText.ts';
import { useAppSelector, useQueryParams } from '../../app/hooks.ts';
import { DownloadButtons } from './DownloadButtons.tsx';
import { GuestFilters } from './GuestFilters.tsx';
import { GuestRows } from './GuestRows.tsx';
import { PAGE_SIZES } from '../../components/pageSizes.ts';
import { guestApi, roughly } from './format.ts';
import { datesInOrder, filterQuery, guestsList, initialGuestsList, searchUsable, type GuestFilterValues } from './guestsList.ts';
import './i18n.ts';

const { load, success, failure } = guestsList.actions;

/** /app/guests: the site's guests, newest visit first, with search, last-seen days, paging and downloads. */
export function GuestsPage() {
  const { t, i18n } = useTranslation();
  const errorText = useErrorText();
  const location = useLocation();
  const siteId = useAppSelector((s) => s.site.selectedSiteId);
  const timeZone = useAppSelector((s) => s.site.settings?.timezone);
  const [params, setParams] = useQueryParams();
  const [state, dispatch] = useReducer(guestsList.reducer, initialGuestsList);

  const search = params.get('search') ?? '';
  const from = params.get('from') ?? '';
  const to = params.get('to') ?? '';
  const filters = useMemo(() => ({ search, from, to }), [search, from, to]);
  const page = Math.max(1, Math.floor(Number(params.get('page'))) || 1);
  const perPage = PAGE_SIZES.includes(Number(params.get('per_page'))) ? Number(params.get('per_page')) : 25;
  const usable = searchUsable(search) && datesInOrder(filters);

  /** Keeps the list's state in the address (the site parameter included), so Back from a guest returns here. */
  const update = useCallback(
    (changes: Record<string, string | number>) =>
      setParams((p) => {
        for (const [k, v] of Object.entries(changes)) {
          if (v === '' || (k === 'page' && v === 1)) p.delete(k);
          else p.set(k, String(v));
        }
        return p;
      }),
    [setParams],
  );
  const changeFilters = useCallback((changes: Partial<GuestFilterValues>) => update({ ...changes, page: 1 }), [update]);

  useEffect(() => {
    if (!siteId || !usable) return;
    let current = true;
    dispatch(load());
    const query = filterQuery(filters, '/', { page: String(page), per_page: String(perPage) });
    get<GuestList>(`${guestApi(siteId)}/?${query}`).then(
      (list) => current && dispatch(success(list)),
      (err) => current && dispatch(failure(errorText.error(err, t('common.somethingWentWrong')))),
    );
    return () => void (current = false);
  }, [siteId, filters, page, perPage, usable, t, errorText]);

  const meta = state.metadata;
  const filtered = Boolean(search || from || to);
  return (
    <Stack spacing={2}>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ justifyContent: 'space-between' }}>
        <Typography variant="h4" component="h1">
          {t('guests.title')}
        </Typography>
        {siteId ? <DownloadButtons siteId={siteId} query={filterQuery(filters, '-')} disabled={!usable} /> : null}
      </Stack>
      <GuestFilters values={filters} onChange={changeFilters} />
      {state.error && <Alert severity="error">{state.error}</Alert>}
      <Paper variant="outlined">
        {state.isLoading && <LinearProgress aria-label={t('common.loading')} />}
        <GuestRows items={state.items} timeZone={timeZone} from={location.search} />
        {meta && state.items.length === 0 && !state.isLoading && (
          <Typography color="text.secondary" sx={{ p: 3 }}>
            {filtered ? t('guests.empty') : t('guests.emptyAll')}
          </Typography>
        )}
        {meta && (
          <TablePagination
            component="div"
            count={meta.total_exact ? meta.total : -1}
            page={page - 1}
            rowsPerPage={perPage}
            rowsPerPageOptions={PAGE_SIZES}
            onPageChange={(_e, p) => update({ page: p + 1 })}
            onRowsPerPageChange={(e) => update({ per_page: e.target.value, page: 1 })}
            labelRowsPerPage={t('common.rowsPerPage')}
            getItemAriaLabel={(type) => t(`common.pageAria.${type}`)}
            labelDisplayedRows={({ from: first, to: last }) =>
              meta.total_exact
                ? t('guests.displayed', { from: first, to: last, total: meta.total.toLocaleString(i18n.language) })
                : t('guests.displayedAbout', { from: first, to: last, total: roughly(meta.total, i18n.language) })
            }
            showFirstButton
            showLastButton={meta.total_exact}
            // With an estimated total, there is a next page while pages come back full.
            slotProps={{ actions: { nextButton: meta.total_exact ? {} : { disabled: state.items.length < perPage } } }}
            sx={{ '.MuiTablePagination-toolbar': { flexWrap: 'wrap', pl: { xs: 1, sm: 2 } } }}
          />
        )}
      </Paper>
    </Stack>
  );
}
