import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { useSnackbar } from 'notistack';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import Button from '@mui/material/Button';
import Alert from '@mui/material/Alert';
import Paper from '@mui/material/Paper';
import Box from '@mui/material/Box';
import Tabs from '@mui/material/Tabs';
import Tab from '@mui/material/Tab';
import {
  VOUCHER_LIST_STATUSES,
  type VoucherBatch,
  type VoucherDesign,
  type VoucherKind,
  type VoucherList as VoucherListAnswer,
  type VoucherStatus,
} from '@splashboard/contract';
import { ApiFailure, del, get } from '../../app/api.ts';
import { useAppSelector } from '../../app/hooks.ts';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { DetailsGrid, Field } from '../../components/Details.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { PagedList } from '../../components/Pager.tsx';
import { PrintControls } from './PrintControls.tsx';
import { VoucherList } from './VoucherList.tsx';
import { dataOf, dateTime, durationText, sitesText, speedsText, validUntilText } from './format.ts';
import { apiBase, appBase, type ListState } from './paths.ts';
import { ArrowBackIcon as ArrowBack, DeleteOutlinedIcon as DeleteOutline } from '../../components/icons.ts';

/** A batch: its limits, where it works, its vouchers by status, print and delete. */
export function BatchPage({ kind, batchId }: { kind: VoucherKind; batchId: number }) {
  const { t, i18n } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const navigate = useNavigate();
  const siteId = useAppSelector((s) => s.site.selectedSiteId) ?? 0;
  const [batch, setBatch] = useState<VoucherBatch | null>(null);
  const [paper, setPaper] = useState<VoucherDesign['paper'] | null>(null);
  const [missing, setMissing] = useState(false);
  const [status, setStatus] = useState<VoucherStatus>('unused');
  const [list, setList] = useState<VoucherListAnswer | null>(null);
  const [paging, setPaging] = useState({ page: 1, rpp: 25 });
  const [sort, setSort] = useState<Pick<ListState, 'sort_by' | 'sort_on'>>({ sort_by: 'created_at', sort_on: 'asc' });
  const [confirmDelete, setConfirmDelete] = useState(false);
  const api = apiBase(siteId, kind);
  const manage = `${appBase(kind)}/manage`;

  useEffect(() => {
    get<VoucherBatch>(`${api}/batches/${batchId}`).then(setBatch, (err) => {
      if (err instanceof ApiFailure && err.error.status === 404) setMissing(true);
      else enqueueSnackbar(t('vouchers.loadFailed'), { variant: 'error' });
    });
    get<VoucherDesign>(`${api}/${kind === 'voucher' ? 'voucherdesigner' : 'multisite_voucherdesigner'}/`).then(
      (d) => setPaper(d.paper),
      () => setPaper('a4'),
    );
  }, [api, kind, batchId, enqueueSnackbar, t]);

  const loadList = useCallback(() => {
    const q = new URLSearchParams({
      batch: String(batchId),
      page: String(paging.page),
      per_page: String(paging.rpp),
      ...sort,
    });
    get<VoucherListAnswer>(`${api}/${status}?${q}`).then(setList, () =>
      enqueueSnackbar(t('vouchers.loadFailed'), { variant: 'error' }),
    );
  }, [api, batchId, status, paging, sort, enqueueSnackbar, t]);
  useEffect(loadList, [loadList]);

  const back = (
    <Button component={RouterLink} to={manage} startIcon={<ArrowBack />} sx={{ alignSelf: 'flex-start' }}>
      {t('vouchers.back')}
    </Button>
  );
  if (missing)
    return (
      <Stack spacing={2}>
        {back}
        <Alert severity="warning">{t('vouchers.batchNotFound')}</Alert>
      </Stack>
    );
  if (!batch) return null;

  const remove = async () => {
    try {
      await del(`${api}/batches/${batch.id}`);
      enqueueSnackbar(t('vouchers.batchDeleted'), { variant: 'success' });
      navigate(manage);
    } catch {
      enqueueSnackbar(t('vouchers.deleteFailed'), { variant: 'error' });
    }
  };
  const b = batch;
  const canWrite = list?.can_write ?? false;
  return (
    <Stack spacing={2}>
      {back}
      <PageHeader
        actions={
          canWrite && (
            <Button variant="outlined" color="error" startIcon={<DeleteOutline />} onClick={() => setConfirmDelete(true)}>
              {t('vouchers.deleteBatch')}
            </Button>
          )
        }
      >
        <Typography variant="h4" component="h1">
          {t('vouchers.batchTitle', { id: b.batch_id })}
        </Typography>
      </PageHeader>
      <DetailsGrid>
        <Field label={t('vouchers.details.count')}>
          {t('vouchers.batchCountsLong', { count: b.count, unused: b.unused, inuse: b.inuse, expired: b.expired })}
        </Field>
        <Field label={t('vouchers.details.duration')}>{durationText(t, b)}</Field>
        <Field label={t('vouchers.details.devices')}>{b.num_devices}</Field>
        <Field label={t('vouchers.details.speeds')}>{speedsText(t, b)}</Field>
        <Field label={t('vouchers.details.dataLimit')}>{dataOf(t, b.data_limit)}</Field>
        <Field label={t('vouchers.details.validUntil')}>{validUntilText(t, b.valid_until, i18n.language)}</Field>
        <Field label={t(b.sites.length > 1 ? 'vouchers.details.sites' : 'vouchers.details.site')} testId="voucher-batch-sites">
          {sitesText(b.sites)}
        </Field>
        <Field label={t('vouchers.details.created')}>{dateTime(b.created_at, i18n.language)}</Field>
        {b.notes && <Field label={t('vouchers.details.notes')}>{b.notes}</Field>}
      </DetailsGrid>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Stack spacing={1.5}>
          <Typography variant="h6" component="h2">
            {t('vouchers.printTitle')}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t('vouchers.printHelp')} <RouterLinkText to={`${appBase(kind)}/design`} text={t('vouchers.designCards')} />
          </Typography>
          {paper && <PrintControls siteId={siteId} kind={kind} batchId={b.id} defaultPaper={paper} />}
        </Stack>
      </Paper>
      <Paper variant="outlined">
        <Tabs
          value={status}
          onChange={(_e, v: VoucherStatus) => {
            setStatus(v);
            setPaging((p) => ({ ...p, page: 1 }));
          }}
          variant="scrollable"
          allowScrollButtonsMobile
          aria-label={t('vouchers.tabsLabel')}
          sx={{ px: 1 }}
        >
          {VOUCHER_LIST_STATUSES.map((s) => (
            <Tab key={s} value={s} label={t(`vouchers.tabs.${s}`)} />
          ))}
        </Tabs>
        {list && list.metadata.status === status && (
          <>
            <PagedList
              shown={list.items.length}
              empty={t(`vouchers.empty.${status}`)}
              total={list.metadata.total}
              page={paging.page}
              rpp={paging.rpp}
              onChange={(next) => setPaging((p) => ({ ...p, ...next }))}
            >
              <VoucherList kind={kind} items={list.items} sort={sort} onSort={setSort} label={t(`vouchers.tabs.${status}`)} />
            </PagedList>
          </>
        )}
      </Paper>
      <ConfirmDialog
        open={confirmDelete}
        title={t('vouchers.deleteBatchTitle', { id: b.batch_id })}
        body={t('vouchers.deleteBatchBody', { count: b.count })}
        confirm={t('vouchers.delete')}
        onCancel={() => setConfirmDelete(false)}
        onConfirm={() => {
          setConfirmDelete(false);
          void remove();
        }}
      />
    </Stack>
  );
}

function RouterLinkText({ to, text }: { to: string; text: string }) {
  return (
    <Box component={RouterLink} to={to} sx={{ color: 'primary.main' }}>
      {text}
    </Box>
  );
}
