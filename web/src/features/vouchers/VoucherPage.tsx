import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { useSnackbar } from 'notistack';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import Button from '@mui/material/Button';
import Alert from '@mui/material/Alert';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import type { VoucherDetails, VoucherDisconnectAnswer, VoucherKind } from '@splashboard/contract';
import { ApiFailure, del, get, post } from '../../app/api.ts';
import { useAppSelector } from '../../app/hooks.ts';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { DevicesPanel, SessionsPanel } from '../../components/DeviceSessionPanels.tsx';
import { DetailsGrid, Field } from '../../components/Details.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import {
  STATUS_COLOUR,
  dataOf,
  dateTime,
  devicesText,
  durationText,
  minutesText,
  sitesText,
  speedsText,
  validUntilText,
} from './format.ts';
import { useErrorText } from '../../app/errorText.ts';
import { apiBase, appBase, batchPath } from './paths.ts';
import { ArrowBackIcon as ArrowBack, DeleteOutlinedIcon as DeleteOutline } from '../../components/icons.ts';

/** One voucher: its limits and what is used of them, its devices (disconnect) and sessions, delete. */
export function VoucherPage({ kind, voucherId }: { kind: VoucherKind; voucherId: number }) {
  const { t, i18n } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const errorText = useErrorText();
  const navigate = useNavigate();
  const siteId = useAppSelector((s) => s.site.selectedSiteId) ?? 0;
  const [voucher, setVoucher] = useState<VoucherDetails | null>(null);
  const [missing, setMissing] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const url = `${apiBase(siteId, kind)}/${voucherId}`;

  const load = useCallback(() => {
    get<VoucherDetails>(url).then(setVoucher, (err) => {
      if (err instanceof ApiFailure && err.error.status === 404) setMissing(true);
      else enqueueSnackbar(t('vouchers.loadFailed'), { variant: 'error' });
    });
  }, [url, enqueueSnackbar, t]);
  useEffect(load, [load]);

  const back = (
    <Button
      component={RouterLink}
      to={voucher ? batchPath(kind, voucher.batch.id) : `${appBase(kind)}/manage`}
      startIcon={<ArrowBack />}
      sx={{ alignSelf: 'flex-start' }}
    >
      {voucher ? t('vouchers.backToBatch', { id: voucher.batch.batch_id }) : t('vouchers.back')}
    </Button>
  );
  if (missing)
    return (
      <Stack spacing={2}>
        {back}
        <Alert severity="warning">{t('vouchers.voucherNotFound')}</Alert>
      </Stack>
    );
  if (!voucher) return null;

  const disconnect = async (mac: string) => {
    try {
      const res = await post<VoucherDisconnectAnswer>(`${url}/disconnect/${encodeURIComponent(mac)}`);
      if (res.revoked) enqueueSnackbar(t('vouchers.details.disconnected'), { variant: 'success' });
      else if (res.detail === 'The device was not online')
        enqueueSnackbar(t('vouchers.details.disconnectedOffline'), { variant: 'success' });
      else enqueueSnackbar(t('vouchers.details.notRevoked', { detail: res.detail }), { variant: 'warning' });
      load();
    } catch (err) {
      const message = errorText.error(err, '');
      enqueueSnackbar(message ? `${t('vouchers.disconnectFailed')}: ${message}` : t('vouchers.disconnectFailed'), {
        variant: 'error',
      });
    }
  };

  const remove = async () => {
    try {
      await del(url);
      enqueueSnackbar(t('vouchers.voucherDeleted'), { variant: 'success' });
      navigate(batchPath(kind, voucher.batch.id));
    } catch {
      enqueueSnackbar(t('vouchers.deleteFailed'), { variant: 'error' });
    }
  };

  const v = voucher;
  return (
    <Stack spacing={2}>
      {back}
      <PageHeader
        actions={
          v.can_write && (
            <Button variant="outlined" color="error" startIcon={<DeleteOutline />} onClick={() => setConfirmDelete(true)}>
              {t('vouchers.delete')}
            </Button>
          )
        }
      >
        <Typography variant="h4" component="h1" sx={{ fontFamily: 'monospace', fontWeight: 700, fontSize: { xs: 26, sm: 34 } }}>
          {v.code}
        </Typography>
        <Chip color={STATUS_COLOUR[v.status]} label={t(`vouchers.status.${v.status}`)} data-testid="voucher-status" />
      </PageHeader>
      {!v.can_write && <Alert severity="info">{t('vouchers.readOnly')}</Alert>}
      <DetailsGrid>
        <Field label={t('vouchers.details.batch')}>
          <Link component={RouterLink} to={batchPath(kind, v.batch.id)}>
            {t('vouchers.batchTitle', { id: v.batch.batch_id })}
          </Link>
        </Field>
        <Field label={t('vouchers.details.duration')}>{durationText(t, v)}</Field>
        <Field label={t('vouchers.details.timeUsed')} testId="voucher-time">
          {t('vouchers.details.timeUsedValue', {
            used: minutesText(t, v.used_minutes),
            left: minutesText(t, v.minutes_left),
          })}
        </Field>
        <Field label={t('vouchers.details.data')} testId="voucher-data">
          {v.data_left_mb === null
            ? t('vouchers.details.dataUsedUnlimited', { used: v.data_used_mb })
            : t('vouchers.details.dataUsed', { used: v.data_used_mb, limit: dataOf(t, v.data_limit), left: v.data_left_mb })}
        </Field>
        <Field label={t('vouchers.details.devices')}>{devicesText(t, v)}</Field>
        <Field label={t('vouchers.details.speeds')}>{speedsText(t, v)}</Field>
        <Field label={t('vouchers.details.activated')}>{dateTime(v.activated_at, i18n.language)}</Field>
        <Field label={t('vouchers.details.expires')}>{dateTime(v.expires_at, i18n.language)}</Field>
        <Field label={t('vouchers.details.validUntil')}>{validUntilText(t, v.valid_until, i18n.language)}</Field>
        <Field label={t(v.sites.length > 1 ? 'vouchers.details.sites' : 'vouchers.details.site')}>{sitesText(v.sites)}</Field>
        {v.notes && <Field label={t('vouchers.details.notes')}>{v.notes}</Field>}
      </DetailsGrid>
      <DevicesPanel
        texts="vouchers.details"
        devices={v.devices}
        max={v.num_devices}
        canWrite={v.can_write}
        about={(d) => (d.site ? `${t('vouchers.details.firstSite')}: ${d.site.name}` : '')}
        onDisconnect={disconnect}
      />
      <SessionsPanel texts="vouchers.details" sessions={v.sessions} where={(s) => s.site.name} />
      <ConfirmDialog
        open={confirmDelete}
        title={t('vouchers.deleteVoucherTitle', { code: v.code })}
        body={t('vouchers.deleteVoucherBody')}
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
