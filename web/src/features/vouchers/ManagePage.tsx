import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useSnackbar } from 'notistack';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import MenuItem from '@mui/material/MenuItem';
import Alert from '@mui/material/Alert';
import Paper from '@mui/material/Paper';
import Tabs from '@mui/material/Tabs';
import Tab from '@mui/material/Tab';
import {
  VOUCHER_SORT_FIELDS,
  type VoucherBatchList,
  type VoucherKind,
  type VoucherList as VoucherListAnswer,
} from '@splashboard/contract';
import { get } from '../../app/api.ts';
import { useAppSelector, useQueryParams } from '../../app/hooks.ts';
import { BatchList } from './BatchList.tsx';
import { PagedList } from '../../components/Pager.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { SearchField } from '../../components/SearchField.tsx';
import { PlanUsage } from './ListParts.tsx';
import { VoucherList } from './VoucherList.tsx';
import { LIST_TABS, apiBase, appBase, listQuery, listStateOf, type ListState } from './paths.ts';
import './i18n.ts';
import { AddIcon as Add, PaletteIcon as Palette } from '../../components/icons.ts';

type Answer = { tab: 'batches'; list: VoucherBatchList } | { tab: Exclude<ListState['tab'], 'batches'>; list: VoucherListAnswer };

/**
 * /app/voucher/manage and /app/voucher/multisite/manage: the batches, and the vouchers unused, in use and
 * expired, searched, sorted and paged (all in the address).
 */
export function ManagePage({ kind }: { kind: VoucherKind }) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const siteId = useAppSelector((s) => s.site.selectedSiteId);
  const [params, setParams] = useQueryParams();
  const state = listStateOf(params);
  const [answer, setAnswer] = useState<Answer | null>(null);

  const setState = useCallback(
    (next: Partial<ListState>) => setParams((prev) => listQuery({ ...listStateOf(prev), ...next }), { replace: true }),
    [setParams],
  );

  const searchFor = useCallback((search: string) => setState({ search, page: 1 }), [setState]);

  const { tab, page, rpp, search, sort_by, sort_on } = state;
  useEffect(() => {
    if (!siteId) return;
    let live = true;
    const q = new URLSearchParams({ page: String(page), per_page: String(rpp), search });
    const done = (a: Answer) => live && setAnswer(a);
    const failed = () => live && enqueueSnackbar(t('vouchers.loadFailed'), { variant: 'error' });
    if (tab === 'batches')
      get<VoucherBatchList>(`${apiBase(siteId, kind)}/batches?${q}`).then((list) => done({ tab, list }), failed);
    else {
      q.set('sort_by', sort_by);
      q.set('sort_on', sort_on);
      get<VoucherListAnswer>(`${apiBase(siteId, kind)}/${tab}?${q}`).then((list) => done({ tab, list }), failed);
    }
    return () => {
      live = false;
    };
  }, [siteId, kind, tab, page, rpp, search, sort_by, sort_on, enqueueSnackbar, t]);

  const current = answer?.tab === tab ? answer : null;
  const base = appBase(kind);
  return (
    <Stack spacing={2}>
      <PageHeader
        actions={
          <>
            {current?.list.can_write && (
              <Button variant="contained" startIcon={<Add />} component={RouterLink} to={`${base}/create`}>
                {t('vouchers.create')}
              </Button>
            )}
            <Button variant="outlined" startIcon={<Palette />} component={RouterLink} to={`${base}/design`}>
              {t('vouchers.designCards')}
            </Button>
          </>
        }
      >
        <Typography variant="h4" component="h1">
          {t(`vouchers.title.${kind}`)}
        </Typography>
      </PageHeader>
      <Typography color="text.secondary">{t(`vouchers.intro.${kind}`)}</Typography>
      {current?.list.metadata.usage && <PlanUsage usage={current.list.metadata.usage} />}
      {current && !current.list.can_write && <Alert severity="info">{t('vouchers.readOnly')}</Alert>}
      <Tabs
        value={tab}
        onChange={(_e, value: ListState['tab']) => setState({ tab: value, page: 1 })}
        variant="scrollable"
        allowScrollButtonsMobile
        aria-label={t('vouchers.tabsLabel')}
      >
        {LIST_TABS.map((value) => (
          <Tab key={value} value={value} label={t(`vouchers.tabs.${value}`)} />
        ))}
      </Tabs>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
        <SearchField
          value={state.search}
          onSearch={searchFor}
          label={t(tab === 'batches' ? 'vouchers.searchBatches' : 'vouchers.search')}
          sx={{ flex: 1, maxWidth: { sm: 420 } }}
        />
        {tab !== 'batches' && (
          <Stack direction="row" spacing={1}>
            <TextField
              select
              size="small"
              label={t('vouchers.sortBy')}
              value={sort_by}
              onChange={(e) => setState({ sort_by: e.target.value as ListState['sort_by'], page: 1 })}
              sx={{ minWidth: 170, flex: 1 }}
            >
              {VOUCHER_SORT_FIELDS.map((f) => (
                <MenuItem key={f} value={f}>
                  {t(`vouchers.sortFields.${f}`)}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              select
              size="small"
              label={t('vouchers.sortOn')}
              value={sort_on}
              onChange={(e) => setState({ sort_on: e.target.value as ListState['sort_on'], page: 1 })}
              sx={{ minWidth: 130 }}
            >
              <MenuItem value="asc">{t('vouchers.asc')}</MenuItem>
              <MenuItem value="desc">{t('vouchers.desc')}</MenuItem>
            </TextField>
          </Stack>
        )}
      </Stack>
      {current && (
        <Paper variant="outlined">
          <PagedList
            shown={current.list.items.length}
            empty={search ? t('vouchers.noMatch') : t(`vouchers.empty.${tab}`)}
            total={current.list.metadata.total}
            page={page}
            rpp={rpp}
            onChange={setState}
          >
            {current.tab === 'batches' ? (
              <BatchList kind={kind} items={current.list.items} />
            ) : (
              <VoucherList
                kind={kind}
                items={current.list.items}
                sort={{ sort_by, sort_on }}
                onSort={(s) => setState({ ...s, page: 1 })}
                label={t(`vouchers.tabs.${tab}`)}
              />
            )}
          </PagedList>
        </Paper>
      )}
    </Stack>
  );
}
