import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useStore } from 'react-redux';
import { useSnackbar } from 'notistack';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import TextField from '@mui/material/TextField';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import Paper from '@mui/material/Paper';
import { fieldErrors, get, put } from '../../app/api.ts';
import { useAppSelector } from '../../app/hooks.ts';
import { loadSite } from '../../app/session.ts';
import { profileLoaded, type Store } from '../../app/store.ts';
import type { Profile } from '@splashboard/contract';
import { routerSettingsPage } from '../routers/paths.ts';
import { useErrorText } from '../../app/errorText.ts';
import './i18n.ts';
import { splashScreenLink } from '../splash/linkStrings.ts';
import '../whitelist/linkStrings.ts';
import '../unifi-tasks/linkStrings.ts';
import '../access-health/linkStrings.ts';

export function SettingsViewPage() {
  const { t } = useTranslation();
  const site = useAppSelector((s) => s.site.settings);
  const routerPage = site?.permissions.routersettings ? routerSettingsPage(site.router_type) : null;
  return (
    <Stack spacing={2}>
      <Typography variant="h4" component="h1">
        {t('settings.title')}
      </Typography>
      <Paper>
        {/* Links, not list items: a list would need each in an item of its own. */}
        <List component="div">
          <ListItemButton component={RouterLink} to="/app/settings-view/site-name">
            <ListItemText primary={t('settings.siteName')} />
          </ListItemButton>
          <ListItemButton component={RouterLink} to="/app/settings-view/redirect-url">
            <ListItemText primary={t('settings.redirectUrl')} />
          </ListItemButton>
          <ListItemButton component={RouterLink} to="/app/settings-view/guest-fields">
            <ListItemText primary={t('settings.guestFieldsLink')} />
          </ListItemButton>
          {routerPage && (
            <ListItemButton component={RouterLink} to={routerPage.path}>
              <ListItemText primary={t('routers.settingsLink', { router: routerPage.label })} />
            </ListItemButton>
          )}
          {site?.permissions.landingpage && (
            <ListItemButton component={RouterLink} to={splashScreenLink(site.auth_methods)}>
              <ListItemText primary={t('splash.settingsLink')} />
            </ListItemButton>
          )}
          {site?.permissions.routersettings && site.router_type === 'unifi' && (
            <ListItemButton component={RouterLink} to="/app/settings-view/unifi-scheduled-tasks">
              <ListItemText primary={t('unifiTasks.settingsLink')} />
            </ListItemButton>
          )}
          {site?.permissions.routersettings && (
            <ListItemButton component={RouterLink} to="/app/settings-view/access-health">
              <ListItemText primary={t('accessHealth.settingsLink')} />
            </ListItemButton>
          )}
          {site?.permissions.macauth && (
            <ListItemButton component={RouterLink} to="/app/settings-view/whitelisted-devices">
              <ListItemText primary={t('whitelist.settingsLink')} />
            </ListItemButton>
          )}
          {site?.permissions.smsgateway && (
            <ListItemButton component={RouterLink} to="/app/settings-view/sms-config">
              <ListItemText primary={t('settings.smsConfig')} />
            </ListItemButton>
          )}
        </List>
      </Paper>
    </Stack>
  );
}

interface General {
  name: string;
  currency: string;
  default_countrycode: string;
  timezone: string;
  validate_email: boolean;
}

export function SiteNamePage() {
  const { t } = useTranslation();
  const store = useStore() as Store;
  const { enqueueSnackbar } = useSnackbar();
  const errorText = useErrorText();
  const siteId = useAppSelector((s) => s.site.selectedSiteId);
  const [values, setValues] = useState<General | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  useEffect(() => {
    if (siteId)
      get<General>(`/s/api/v1/site/${siteId}/general`).then(setValues, () =>
        enqueueSnackbar(t('common.somethingWentWrong'), { variant: 'error' }),
      );
  }, [siteId, enqueueSnackbar, t]);
  if (!values || !siteId) return null;
  const save = async (e: FormEvent) => {
    e.preventDefault();
    try {
      setValues(await put<General>(`/s/api/v1/site/${siteId}/general`, values));
      setErrors({});
      await loadSite(store, siteId);
      // The site switcher lists the sites of the profile: refresh it for the new name.
      store.dispatch(profileLoaded(await get<Profile>('/a/api/v1/profile/')));
      enqueueSnackbar(t('common.saved'), { variant: 'success' });
    } catch (err) {
      setErrors(errorText.fields(fieldErrors(err)));
      enqueueSnackbar(t('common.saveFailed'), { variant: 'error' });
    }
  };
  const field = (key: keyof General, label: string) => (
    <TextField
      label={label}
      value={values[key] as string}
      error={!!errors[key]}
      helperText={errors[key]}
      onChange={(e) => setValues({ ...values, [key]: e.target.value })}
    />
  );
  return (
    <Stack component="form" spacing={2} onSubmit={save} sx={{ maxWidth: 560 }}>
      <Typography variant="h4" component="h1">
        {t('settings.siteName')}
      </Typography>
      {field('name', t('sites.name'))}
      {field('currency', t('settings.currency'))}
      {field('default_countrycode', t('settings.country'))}
      {field('timezone', t('settings.timezone'))}
      <FormControlLabel
        control={
          <Switch checked={values.validate_email} onChange={(e) => setValues({ ...values, validate_email: e.target.checked })} />
        }
        label={t('settings.validateEmail')}
      />
      <Button type="submit" variant="contained" sx={{ alignSelf: 'flex-start' }}>
        {t('common.save')}
      </Button>
    </Stack>
  );
}

export function RedirectUrlPage() {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const errorText = useErrorText();
  const siteId = useAppSelector((s) => s.site.selectedSiteId);
  const [url, setUrl] = useState<string | null>(null);
  const [error, setError] = useState('');
  useEffect(() => {
    if (siteId)
      get<{ redirect_url: string }>(`/s/api/v1/site/${siteId}/redirecturl`).then(
        (r) => setUrl(r.redirect_url),
        () => enqueueSnackbar(t('common.somethingWentWrong'), { variant: 'error' }),
      );
  }, [siteId, enqueueSnackbar, t]);
  if (url === null || !siteId) return null;
  const save = async (e: FormEvent) => {
    e.preventDefault();
    try {
      await put(`/s/api/v1/site/${siteId}/redirecturl`, { redirect_url: url });
      setError('');
      enqueueSnackbar(t('common.saved'), { variant: 'success' });
    } catch (err) {
      setError(errorText.field(fieldErrors(err).redirect_url ?? ''));
      enqueueSnackbar(t('common.saveFailed'), { variant: 'error' });
    }
  };
  return (
    <Stack component="form" spacing={2} onSubmit={save} sx={{ maxWidth: 560 }}>
      <Typography variant="h4" component="h1">
        {t('settings.redirectUrl')}
      </Typography>
      <TextField
        label={t('settings.redirectUrlField')}
        value={url}
        error={!!error}
        helperText={error}
        onChange={(e) => setUrl(e.target.value)}
        placeholder="https://"
      />
      <Button type="submit" variant="contained" sx={{ alignSelf: 'flex-start' }}>
        {t('common.save')}
      </Button>
    </Stack>
  );
}
