import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { useSnackbar } from 'notistack';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import Button from '@mui/material/Button';
import Alert from '@mui/material/Alert';
import Paper from '@mui/material/Paper';
import Chip from '@mui/material/Chip';
import TextField from '@mui/material/TextField';
import type { GuestAccountConnectAnswer, GuestAccountDetails, GuestAccountDisconnectAnswer } from '@splashboard/contract';
import { ApiFailure, del, fieldErrors, get, post } from '../../app/api.ts';
import { useAppSelector } from '../../app/hooks.ts';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { DevicesPanel, SessionsPanel } from '../../components/DeviceSessionPanels.tsx';
import {
  STATUS_COLOUR,
  base,
  dataLimitText,
  dateTime,
  durationText,
  managePath,
  speedText,
  validityText,
  type ListState,
} from './format.ts';
import { DetailsGrid, Field } from '../../components/Details.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { useErrorText } from '../../app/errorText.ts';
import './i18n.ts';
import { ArrowBackIcon as ArrowBack, EditIcon as Edit, DeleteOutlinedIcon as DeleteOutline } from '../../components/icons.ts';

/** /app/guestuser/details/{id}/{p}/{rpp}/{search?}: an account, its devices (connect, disconnect) and sessions. */
export function DetailsPage() {
  const { t, i18n } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const errorText = useErrorText();
  const navigate = useNavigate();
  const params = useParams();
  const siteId = useAppSelector((s) => s.site.selectedSiteId);
  const list: ListState = { page: Number(params.p) || 1, rpp: Number(params.rpp) || 25, search: params.search ?? '' };
  const [account, setAccount] = useState<GuestAccountDetails | null>(null);
  const [missing, setMissing] = useState(false);
  const [guestmac, setGuestmac] = useState('');
  const [macError, setMacError] = useState('');
  const [busy, setBusy] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const url = `${base(siteId)}/${params.id}`;

  const load = useCallback(() => {
    if (!siteId) return;
    get<GuestAccountDetails>(url).then(setAccount, (err) => {
      if (err instanceof ApiFailure && err.error.status === 404) setMissing(true);
      else enqueueSnackbar(t('guestAccounts.loadFailed'), { variant: 'error' });
    });
  }, [siteId, url, enqueueSnackbar, t]);
  useEffect(load, [load]);

  const back = (
    <Button component={RouterLink} to={managePath(list)} startIcon={<ArrowBack />} sx={{ alignSelf: 'flex-start' }}>
      {t('guestAccounts.details.back')}
    </Button>
  );
  if (missing)
    return (
      <Stack spacing={2}>
        {back}
        <Alert severity="warning">{t('guestAccounts.notFound')}</Alert>
      </Stack>
    );
  if (!account) return null;

  const connect = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    try {
      const res = await post<GuestAccountConnectAnswer>(`${url}/connect`, { guestmac });
      setGuestmac('');
      setMacError('');
      const key = { granted_now: 'grantedNow', on_next_arrival: 'onNextArrival', grant_failed: 'grantFailed' }[res.access];
      enqueueSnackbar(t(`guestAccounts.details.${key}`, { detail: res.detail }), {
        variant: res.access === 'grant_failed' ? 'warning' : 'success',
      });
      load();
    } catch (err) {
      setMacError(errorText.field(fieldErrors(err).guestmac ?? ''));
      enqueueSnackbar(t('guestAccounts.connectFailed'), { variant: 'error' });
    } finally {
      setBusy(false);
    }
  };

  const disconnect = async (mac: string) => {
    try {
      const res = await post<GuestAccountDisconnectAnswer>(`${url}/disconnect/${encodeURIComponent(mac)}`);
      if (res.revoked) enqueueSnackbar(t('guestAccounts.details.disconnected'), { variant: 'success' });
      else enqueueSnackbar(t('guestAccounts.details.notRevoked', { detail: res.detail }), { variant: 'warning' });
      load();
    } catch {
      enqueueSnackbar(t('guestAccounts.disconnectFailed'), { variant: 'error' });
    }
  };

  const remove = async () => {
    try {
      await del(url);
      enqueueSnackbar(t('guestAccounts.details.deleted'), { variant: 'success' });
      navigate(managePath(list));
    } catch {
      enqueueSnackbar(t('guestAccounts.deleteFailed'), { variant: 'error' });
    }
  };

  const a = account;
  return (
    <Stack spacing={2}>
      {back}
      <PageHeader
        actions={
          a.can_write && (
            <>
              <Button variant="outlined" startIcon={<Edit />} component={RouterLink} to={`/app/guestuser/edit/${a.id}`}>
                {t('guestAccounts.details.edit')}
              </Button>
              <Button variant="outlined" color="error" startIcon={<DeleteOutline />} onClick={() => setConfirmDelete(true)}>
                {t('guestAccounts.details.delete')}
              </Button>
            </>
          )
        }
      >
        <Typography variant="h4" component="h1" sx={{ overflowWrap: 'anywhere' }}>
          {a.username}
        </Typography>
        <Chip color={STATUS_COLOUR[a.status]} label={t(`guestAccounts.status.${a.status}`)} />
      </PageHeader>
      {!a.can_write && <Alert severity="info">{t('guestAccounts.readOnly')}</Alert>}
      <DetailsGrid>
        <Field label={t('guestAccounts.details.name')}>{a.name}</Field>
        <Field label={t('guestAccounts.details.email')}>{a.email}</Field>
        <Field label={t('guestAccounts.details.validity')}>{validityText(t, a, i18n.language)}</Field>
        <Field label={t('guestAccounts.details.duration')}>{durationText(t, a)}</Field>
        <Field label={t('guestAccounts.details.data')}>
          {a.bytes_t > 0
            ? t('guestAccounts.details.dataUsed', { used: a.data_used_mb, limit: dataLimitText(t, a) })
            : t('guestAccounts.details.dataUsedUnlimited', { used: a.data_used_mb })}
        </Field>
        <Field label={t('guestAccounts.details.speeds')}>{`${speedText(t, a.speed_ul)} / ${speedText(t, a.speed_dl)}`}</Field>
        <Field label={t('guestAccounts.details.source')}>{t(`guestAccounts.source.${a.source}`)}</Field>
        <Field label={t('guestAccounts.details.createdAt')}>{dateTime(a.created_at, i18n.language)}</Field>
        {a.notes && <Field label={t('guestAccounts.details.notes')}>{a.notes}</Field>}
      </DetailsGrid>

      <DevicesPanel
        texts="guestAccounts.details"
        devices={a.devices}
        max={a.num_devices}
        canWrite={a.can_write}
        about={(d) =>
          `${t('guestAccounts.details.boundBy')}: ${t(d.source === 'operator' ? 'guestAccounts.details.boundByOperator' : 'guestAccounts.details.boundByLogin')}`
        }
        onDisconnect={disconnect}
      />
      {a.can_write && (
        <Paper variant="outlined" sx={{ p: 2 }}>
          <Stack component="form" spacing={2} onSubmit={connect} noValidate>
            <Typography variant="h6" component="h2">
              {t('guestAccounts.details.connectTitle')}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {t('guestAccounts.details.connectHelp')}
            </Typography>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'flex-start' } }}>
              <TextField
                id="guestuser-guestmac"
                name="guestmac"
                label={t('guestAccounts.details.guestmac')}
                placeholder="AA:BB:CC:DD:EE:FF"
                value={guestmac}
                onChange={(e) => setGuestmac(e.target.value)}
                error={!!macError}
                helperText={macError || undefined}
                slotProps={{ htmlInput: { maxLength: 32, autoCapitalize: 'characters', spellCheck: false } }}
                sx={{ flex: 1, maxWidth: { sm: 360 } }}
              />
              <Button type="submit" variant="contained" disabled={busy || !guestmac.trim()} sx={{ mt: { sm: 1 } }}>
                {t('guestAccounts.details.connect')}
              </Button>
            </Stack>
          </Stack>
        </Paper>
      )}
      <SessionsPanel texts="guestAccounts.details" sessions={a.sessions} />

      <ConfirmDialog
        open={confirmDelete}
        title={t('guestAccounts.details.deleteTitle', { username: a.username })}
        body={t('guestAccounts.details.deleteBody')}
        confirm={t('guestAccounts.details.delete')}
        onCancel={() => setConfirmDelete(false)}
        onConfirm={() => {
          setConfirmDelete(false);
          void remove();
        }}
      />
    </Stack>
  );
}
