import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnackbar } from 'notistack';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import CircularProgress from '@mui/material/CircularProgress';
import type { UnifiRouterSettings } from '@splashboard/contract';
import { fieldErrors, get, post, put } from '../../app/api.ts';
import { useAppSelector } from '../../app/hooks.ts';
import { StatusPanel } from './StatusPanel.tsx';
import { RouterTypeNotice } from './RouterTypeNotice.tsx';
import { UnifiForm, type UnifiFormValues } from './UnifiForm.tsx';
import { UnifiInstructions } from './UnifiInstructions.tsx';

const formOf = (s: UnifiRouterSettings): UnifiFormValues => ({
  url: s.url,
  username: s.username,
  password: '',
  site: s.site,
  skip_tls_verify: s.skip_tls_verify,
  mode: s.mode,
});

/** /app/settings-view/unifi: the controller's address and account, its status, and what to enter on it. */
export function UnifiSettingsPage() {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const siteId = useAppSelector((s) => s.site.selectedSiteId);
  const [settings, setSettings] = useState<UnifiRouterSettings | null>(null);
  const [values, setValues] = useState<UnifiFormValues | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState<'save' | 'check' | null>(null);
  const base = `/s/${siteId}/api/v1/routersettings/unifi`;

  const show = (s: UnifiRouterSettings) => {
    setSettings(s);
    setValues(formOf(s));
  };

  useEffect(() => {
    if (!siteId) return;
    get<UnifiRouterSettings>(base).then(show, () => enqueueSnackbar(t('common.somethingWentWrong'), { variant: 'error' }));
  }, [siteId, base, enqueueSnackbar, t]);

  if (!settings || !values) return null;

  const save = async (e: FormEvent) => {
    e.preventDefault();
    setBusy('save');
    try {
      show(await put<UnifiRouterSettings>(base, values));
      setErrors({});
      enqueueSnackbar(t('common.saved'), { variant: 'success' });
    } catch (err) {
      setErrors(fieldErrors(err));
      enqueueSnackbar(t('common.saveFailed'), { variant: 'error' });
    } finally {
      setBusy(null);
    }
  };

  const check = async () => {
    setBusy('check');
    try {
      setSettings(await post<UnifiRouterSettings>(`${base}/status`));
    } catch {
      enqueueSnackbar(t('common.somethingWentWrong'), { variant: 'error' });
    } finally {
      setBusy(null);
    }
  };

  const checkButton = (
    <Button
      variant="outlined"
      onClick={check}
      disabled={busy !== null || settings.router_type !== 'unifi'}
      startIcon={busy === 'check' ? <CircularProgress size={16} /> : undefined}
    >
      {busy === 'check' ? t('routers.checking') : t('routers.checkStatus')}
    </Button>
  );

  return (
    <Stack spacing={3} sx={{ maxWidth: 720 }}>
      <Typography variant="h4" component="h1">
        {t('routers.unifiTitle')}
      </Typography>
      <RouterTypeNotice routerType={settings.router_type} family="unifi" />
      <StatusPanel
        status={settings.status}
        detail={settings.status_detail}
        checkedAt={settings.status_checked_at}
        action={checkButton}
      />
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Stack component="form" spacing={2} onSubmit={save} noValidate>
          <UnifiForm values={values} errors={errors} passwordSet={settings.password_set} onChange={setValues} />
          {settings.known_aps.length > 0 && (
            <Typography variant="body2" color="text.secondary">
              {t('routers.unifi.knownAps', { count: settings.known_aps.length })}
            </Typography>
          )}
          <Button
            type="submit"
            variant="contained"
            disabled={busy !== null}
            sx={{ alignSelf: 'flex-start' }}
            startIcon={busy === 'save' ? <CircularProgress size={16} color="inherit" /> : undefined}
          >
            {busy === 'save' ? t('routers.saving') : t('routers.unifi.saveAndCheck')}
          </Button>
        </Stack>
      </Paper>
      <UnifiInstructions instructions={settings.instructions} />
    </Stack>
  );
}
