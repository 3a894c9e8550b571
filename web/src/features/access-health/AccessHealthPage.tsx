import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnackbar } from 'notistack';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import TextField from '@mui/material/TextField';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Button from '@mui/material/Button';
import { GRANT_FILTERS, type GrantFilter, type GrantList as GrantListData } from '@splashboard/contract';
import { get } from '../../app/api.ts';
import { useAppSelector, useQueryParams } from '../../app/hooks.ts';
import { PagedList } from '../../components/Pager.tsx';
import { PAGE_SIZES } from '../../components/pageSizes.ts';
import { GrantList } from './GrantList.tsx';
import './i18n.ts';

const PERIODS = [1, 7, 30, 90];

function stateOf(params: URLSearchParams) {
  const status = params.get('status') as GrantFilter | null;
  return {
    status: status && GRANT_FILTERS.includes(status) ? status : ('all' as GrantFilter),
    days: PERIODS.includes(Number(params.get('days'))) ? Number(params.get('days')) : 7,
    page: Math.max(1, Math.floor(Number(params.get('page'))) || 1),
    rpp: PAGE_SIZES.includes(Number(params.get('rpp'))) ? Number(params.get('rpp')) : 25,
  };
}

/** /app/settings-view/access-health: the site's recent grants and what the gateway answered. */
export function AccessHealthPage() {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const siteId = useAppSelector((s) => s.site.selectedSiteId);
  const [params, setParams] = useQueryParams();
  const state = stateOf(params);
  const [data, setData] = useState<GrantListData | null>(null);

  const setState = (next: Partial<ReturnType<typeof stateOf>>) => {
    const s = { ...state, ...next };
    const q = new URLSearchParams();
    if (s.status !== 'all') q.set('status', s.status);
    if (s.days !== 7) q.set('days', String(s.days));
    if (s.page > 1) q.set('page', String(s.page));
    if (s.rpp !== 25) q.set('rpp', String(s.rpp));
    setParams(q, { replace: true });
  };

  useEffect(() => {
    if (!siteId) return;
    const q = new URLSearchParams({
      status: state.status,
      days: String(state.days),
      page: String(state.page),
      per_page: String(state.rpp),
    });
    get<GrantListData>(`/s/${siteId}/api/v1/accesshealth/grants?${q}`).then(setData, () =>
      enqueueSnackbar(t('accessHealth.loadFailed'), { variant: 'error' }),
    );
  }, [siteId, state.status, state.days, state.page, state.rpp, enqueueSnackbar, t]);

  const summary = data?.summary;
  const tiles: { filter: GrantFilter; count: number; color: 'error' | 'warning' | 'success' }[] = summary
    ? [
        { filter: 'failed', count: summary.failed, color: 'error' },
        { filter: 'unconfirmed', count: summary.pending + summary.granted, color: 'warning' },
        { filter: 'confirmed', count: summary.confirmed, color: 'success' },
      ]
    : [];

  return (
    <Stack spacing={2}>
      <Typography variant="h4" component="h1">
        {t('accessHealth.title')}
      </Typography>
      <Typography color="text.secondary">{t('accessHealth.intro')}</Typography>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
        {tiles.map((tile) => (
          <Button
            key={tile.filter}
            variant={state.status === tile.filter ? 'contained' : 'outlined'}
            color={tile.color}
            onClick={() => setState({ status: tile.filter, page: 1 })}
            aria-pressed={state.status === tile.filter}
            sx={{ flexDirection: 'column', alignItems: 'flex-start', minWidth: 104 }}
          >
            <Typography component="span" variant="h5" sx={{ lineHeight: 1.2 }}>
              {tile.count}
            </Typography>{' '}
            {/* The space: its name reads as it shows, "3 Failed". */}
            <Typography component="span" variant="caption">
              {t(`accessHealth.summary.${tile.filter}`)}
            </Typography>
          </Button>
        ))}
      </Stack>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField
          select
          size="small"
          label={t('accessHealth.filter')}
          value={state.status}
          onChange={(e) => setState({ status: e.target.value as GrantFilter, page: 1 })}
          sx={{ minWidth: 220 }}
        >
          {GRANT_FILTERS.map((f) => (
            <MenuItem key={f} value={f}>
              {t(`accessHealth.filters.${f}`)}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          size="small"
          label={t('accessHealth.period')}
          value={state.days}
          onChange={(e) => setState({ days: Number(e.target.value), page: 1 })}
          sx={{ minWidth: 180 }}
        >
          {PERIODS.map((d) => (
            <MenuItem key={d} value={d}>
              {t(`accessHealth.periods.${d}`)}
            </MenuItem>
          ))}
        </TextField>
      </Stack>
      {data && (
        <Paper variant="outlined">
          <PagedList
            shown={data.items.length}
            empty={state.status === 'all' ? t('accessHealth.none') : t('accessHealth.noneFiltered')}
            total={data.metadata.total}
            page={state.page}
            rpp={state.rpp}
            onChange={setState}
          >
            <GrantList items={data.items} timezone={data.timezone} />
          </PagedList>
        </Paper>
      )}
    </Stack>
  );
}
