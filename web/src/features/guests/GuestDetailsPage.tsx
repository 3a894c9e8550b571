import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation, useNavigate, useParams } from 'react-router';
import { useSnackbar } from 'notistack';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import Button from '@mui/material/Button';
import Alert from '@mui/material/Alert';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogTitle from '@mui/material/DialogTitle';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogActions from '@mui/material/DialogActions';
import Box from '@mui/material/Box';
import type { GuestDetails } from '@splashboard/contract';
import { ApiFailure, del, get } from '../../app/api.ts';
import { useAppSelector } from '../../app/hooks.ts';
import { ConsentsCard } from './ConsentsCard.tsx';
import { DevicesCard } from './DevicesCard.tsx';
import { ProfileCard, UsageCard } from './ProfileCards.tsx';
import { SessionsCard } from './SessionsCard.tsx';
import { guestApi } from './format.ts';
import './i18n.ts';
import { ArrowBackIcon, DeleteOutlinedIcon as DeleteIcon } from '../../components/icons.ts';

/** /app/guests/details/{id}: the guest's profile, devices (disconnect), sessions, consents, usage; delete. */
export function GuestDetailsPage() {
  const { t } = useTranslation();
  const { id } = useParams();
  const navigate = useNavigate();
  const location = useLocation();
  const { enqueueSnackbar } = useSnackbar();
  const siteId = useAppSelector((s) => s.site.selectedSiteId);
  const timeZone = useAppSelector((s) => s.site.settings?.timezone);
  const [details, setDetails] = useState<GuestDetails | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const listPath = `/app/guests${(location.state as { from?: string } | null)?.from ?? ''}`;

  const load = useCallback(() => {
    if (!siteId) return;
    get<GuestDetails>(`${guestApi(siteId)}/${id}`).then(
      (d) => (setDetails(d), setError(null)),
      (err) =>
        setError(
          err instanceof ApiFailure && err.error.status === 404 ? t('guests.details.notFound') : t('common.somethingWentWrong'),
        ),
    );
  }, [siteId, id, t]);
  useEffect(load, [load]);

  const remove = async () => {
    setDeleting(true);
    try {
      await del(`${guestApi(siteId)}/${id}`);
      enqueueSnackbar(t('guests.details.deleted'), { variant: 'success' });
      navigate(listPath, { replace: true });
    } catch {
      enqueueSnackbar(t('guests.details.deleteFailed'), { variant: 'error' });
      setDeleting(false);
      setConfirming(false);
    }
  };

  const back = (
    <Button component={RouterLink} to={listPath} startIcon={<ArrowBackIcon />} sx={{ alignSelf: 'flex-start' }}>
      {t('guests.details.back')}
    </Button>
  );
  if (error)
    return (
      <Stack spacing={2}>
        {back}
        <Alert severity="error">{error}</Alert>
      </Stack>
    );
  if (!details || !siteId) return <CircularProgress aria-label={t('common.loading')} />;
  const g = details.guest;

  return (
    <Stack spacing={2}>
      {back}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ justifyContent: 'space-between' }}>
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="h4" component="h1" sx={{ overflowWrap: 'anywhere' }}>
            {g.display_name ?? t('guests.details.guestNumber', { id: g.id })}
          </Typography>
          {g.email && g.display_name !== g.email && (
            <Typography color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
              {g.email}
            </Typography>
          )}
        </Box>
        {details.can_write && (
          <Button
            color="error"
            variant="outlined"
            startIcon={<DeleteIcon />}
            onClick={() => setConfirming(true)}
            sx={{ alignSelf: 'flex-start' }}
          >
            {t('guests.details.delete')}
          </Button>
        )}
      </Stack>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', lg: '2fr 1fr' }, alignItems: 'start' }}>
        <ProfileCard guest={g} timeZone={timeZone} />
        <UsageCard usage={details.usage} />
      </Box>
      <DevicesCard
        siteId={siteId}
        guestId={g.id}
        devices={details.devices}
        canWrite={details.can_write}
        timeZone={timeZone}
        onChanged={load}
      />
      <SessionsCard sessions={details.sessions} timeZone={timeZone} />
      <ConsentsCard consents={details.consents} texts={details.consent_texts} timeZone={timeZone} />

      <Dialog open={confirming} onClose={() => !deleting && setConfirming(false)} aria-labelledby="guest-delete-title">
        <DialogTitle id="guest-delete-title">{t('guests.details.deleteTitle')}</DialogTitle>
        <DialogContent>
          <DialogContentText>{t('guests.details.deleteBody')}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirming(false)} disabled={deleting}>
            {t('guests.details.cancel')}
          </Button>
          <Button color="error" variant="contained" onClick={() => void remove()} disabled={deleting}>
            {t('guests.details.deleteConfirm')}
          </Button>
        </DialogActions>
      </Dialog>
    </Stack>
  );
}
