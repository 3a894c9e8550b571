import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useStore } from 'react-redux';
import { useSnackbar } from 'notistack';
import Stack from '@mui/material/Stack';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Dialog from '@mui/material/Dialog';
import DialogTitle from '@mui/material/DialogTitle';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogActions from '@mui/material/DialogActions';
import type { Profile } from '@splashboard/contract';
import { del, get } from '../../app/api.ts';
import { loadSite } from '../../app/session.ts';
import { profileLoaded, type Store } from '../../app/store.ts';
import './i18n.ts';

/**
 * The danger zone of a site's settings (admins only: the server refuses clients). Deleting asks for the
 * site's name typed out, says what goes with it, then moves to another site of the account, or to
 * creating one when none is left.
 */
export function DeleteSiteSection({ siteId, siteName }: { siteId: number; siteName: string }) {
  const { t } = useTranslation();
  const store = useStore() as Store;
  const navigate = useNavigate();
  const { enqueueSnackbar } = useSnackbar();
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState('');
  const [busy, setBusy] = useState(false);
  const titleId = useId();
  const matches = typed.trim() === siteName.trim();

  const close = () => {
    if (busy) return;
    setOpen(false);
    setTyped('');
  };

  const remove = async () => {
    setBusy(true);
    try {
      await del(`/s/api/v1/site/${siteId}`);
    } catch {
      setBusy(false);
      enqueueSnackbar(t('settings.deleteSite.failed'), { variant: 'error' });
      return;
    }
    enqueueSnackbar(t('settings.deleteSite.deleted', { name: siteName }), { variant: 'success' });
    try {
      const profile = await get<Profile>('/a/api/v1/profile/');
      store.dispatch(profileLoaded(profile));
      const next = profile.sites.find((s) => s.id !== siteId);
      if (next) {
        await loadSite(store, next.id);
        navigate(`/app/reports/dashboard?site=${next.id}`);
      } else if (profile.isProvider && profile.permissions.control_panel) {
        await loadSite(store, 0);
        navigate('/app/reports/dashboard?site=0');
      } else {
        navigate('/signup/registration/deployment/first');
      }
    } catch {
      navigate('/app');
    }
  };

  return (
    <Paper variant="outlined" sx={{ p: 2, borderColor: 'error.main' }} component="section" aria-labelledby={`${titleId}-section`}>
      <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
        <Typography variant="h6" component="h2" id={`${titleId}-section`}>
          {t('settings.deleteSite.title')}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {t('settings.deleteSite.intro')}
        </Typography>
        <Button color="error" variant="outlined" onClick={() => setOpen(true)}>
          {t('settings.deleteSite.open')}
        </Button>
      </Stack>
      <Dialog open={open} onClose={close} aria-labelledby={titleId}>
        <DialogTitle id={titleId}>{t('settings.deleteSite.dialogTitle', { name: siteName })}</DialogTitle>
        <DialogContent>
          <Stack spacing={2}>
            <DialogContentText>{t('settings.deleteSite.removes')}</DialogContentText>
            <DialogContentText>{t('settings.deleteSite.controller')}</DialogContentText>
            <DialogContentText>{t('settings.deleteSite.typeName', { name: siteName })}</DialogContentText>
            <TextField
              autoFocus
              label={t('settings.deleteSite.nameLabel')}
              value={typed}
              onChange={(e) => setTyped(e.target.value)}
              autoComplete="off"
              slotProps={{ htmlInput: { 'data-testid': 'delete-site-name' } }}
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={close} disabled={busy}>
            {t('common.cancel')}
          </Button>
          <Button color="error" variant="contained" onClick={remove} disabled={!matches || busy}>
            {t('settings.deleteSite.confirm')}
          </Button>
        </DialogActions>
      </Dialog>
    </Paper>
  );
}
