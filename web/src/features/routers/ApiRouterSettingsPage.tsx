import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnackbar } from 'notistack';
import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import CircularProgress from '@mui/material/CircularProgress';
import type { ApiRouterFamily, ApiRouterSettings, RouterSettingsFamily } from '@splashboard/contract';
import { fieldErrors, get, post, put } from '../../app/api.ts';
import { useAppSelector } from '../../app/hooks.ts';
import { StatusPanel } from './StatusPanel.tsx';
import { RouterTypeNotice } from './RouterTypeNotice.tsx';
import { ApiRouterForm, type ApiFormValues } from './ApiRouterForm.tsx';
import { ApiRouterInstructions } from './ApiRouterInstructions.tsx';
import { API_FORMS } from './apiFamilies.ts';
import { NasClientsPanel } from './NasClientsPanel.tsx';
import './i18n-api.ts';

const formOf = (family: ApiRouterFamily, s: ApiRouterSettings): ApiFormValues => {
  const values: ApiFormValues = { ...s.values };
  for (const f of API_FORMS[family]) if (f.kind === 'secret') values[f.name] = '';
  return values;
};

/**
 * /app/settings-view/{omada|smartzone|ruckus_cloud|mist|meraki|merakigo}: the controller's address and
 * credentials, its status (where the server can ask), and the values to enter on the controller.
 */
export function ApiRouterSettingsPage({ family }: { family: ApiRouterFamily }) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const siteId = useAppSelector((s) => s.site.selectedSiteId);
  const [settings, setSettings] = useState<ApiRouterSettings | null>(null);
  const [values, setValues] = useState<ApiFormValues | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState<'save' | 'check' | null>(null);
  const base = `/s/${siteId}/api/v1/routersettings/${family}`;
  const fields = API_FORMS[family];

  useEffect(() => {
    if (!siteId) return;
    get<ApiRouterSettings>(base).then(
      (s) => {
        setSettings(s);
        setValues(formOf(family, s));
      },
      () => enqueueSnackbar(t('common.somethingWentWrong'), { variant: 'error' }),
    );
  }, [siteId, base, family, enqueueSnackbar, t]);

  if (!settings || !values) return null;
  // What an optional part of the form does and what of it is unconfirmed (Meraki's Dashboard API).
  const formNote = t(`apiRouters.${family}.apiNote`, { defaultValue: '' });

  const save = async (e: FormEvent) => {
    e.preventDefault();
    setBusy('save');
    try {
      const saved = await put<ApiRouterSettings>(base, values);
      setSettings(saved);
      setValues(formOf(family, saved));
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
      setSettings(await post<ApiRouterSettings>(`${base}/status`));
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
      disabled={busy !== null || settings.router_type !== family}
      startIcon={busy === 'check' ? <CircularProgress size={16} /> : undefined}
    >
      {busy === 'check' ? t('routers.checking') : t('routers.checkStatus')}
    </Button>
  );

  return (
    <Stack spacing={3} sx={{ maxWidth: 720 }}>
      <Typography variant="h4" component="h1">
        {t(`apiRouters.${family}.title`)}
      </Typography>
      <RouterTypeNotice routerType={settings.router_type} family={family as RouterSettingsFamily} />
      {settings.status === null ? (
        <Alert severity="info" data-testid="router-uncheckable">
          {t(`apiRouters.${family}.uncheckable`)}
        </Alert>
      ) : (
        <StatusPanel
          status={settings.status}
          detail={settings.status_detail}
          checkedAt={settings.status_checked_at}
          action={fields.length > 0 ? checkButton : undefined}
        />
      )}
      {fields.length > 0 && (
        <Paper variant="outlined" sx={{ p: 2 }}>
          <Stack component="form" spacing={2} onSubmit={save} noValidate>
            {!!formNote && (
              <Typography variant="body2" color="text.secondary" data-testid="router-form-note">
                {formNote}
              </Typography>
            )}
            <ApiRouterForm
              family={family}
              fields={fields}
              values={values}
              errors={errors}
              secretsSet={settings.secrets_set}
              onChange={setValues}
            />
            <Button
              type="submit"
              variant="contained"
              disabled={busy !== null}
              sx={{ alignSelf: 'flex-start' }}
              startIcon={busy === 'save' ? <CircularProgress size={16} color="inherit" /> : undefined}
            >
              {busy === 'save' ? t('routers.saving') : t('apiRouters.save')}
            </Button>
          </Stack>
        </Paper>
      )}
      <ApiRouterInstructions settings={settings} />
      {/* The Ruckus controller asks our RADIUS server after each portal login: it needs its own shared secret. */}
      {!!siteId && (family === 'smartzone' || family === 'ruckus_cloud') && <NasClientsPanel siteId={siteId} />}
    </Stack>
  );
}

export const OmadaSettingsPage = () => <ApiRouterSettingsPage family="omada" />;
export const MerakiSettingsPage = () => <ApiRouterSettingsPage family="meraki" />;
export const MerakiGoSettingsPage = () => <ApiRouterSettingsPage family="merakigo" />;
export const MistSettingsPage = () => <ApiRouterSettingsPage family="mist" />;
export const SmartZoneSettingsPage = () => <ApiRouterSettingsPage family="smartzone" />;
export const RuckusCloudSettingsPage = () => <ApiRouterSettingsPage family="ruckus_cloud" />;
