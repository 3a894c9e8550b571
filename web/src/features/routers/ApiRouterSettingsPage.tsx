import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import Paper from '@mui/material/Paper';
import type { ApiRouterFamily, ApiRouterSettings, RouterSettingsFamily } from '@splashboard/contract';
import { useAppSelector } from '../../app/hooks.ts';
import { StatusPanel } from './StatusPanel.tsx';
import { PublicAddressNotice } from './PublicAddressNotice.tsx';
import { RouterTypeNotice } from './RouterTypeNotice.tsx';
import { ApiRouterForm, type ApiFormValues } from './ApiRouterForm.tsx';
import { ApiRouterInstructions } from './ApiRouterInstructions.tsx';
import { API_FORMS } from './apiFamilies.ts';
import { NasClientsPanel } from './NasClientsPanel.tsx';
import { CheckStatusButton, SaveSettingsButton, useControllerSettings } from './useControllerSettings.tsx';
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
  const siteId = useAppSelector((s) => s.site.selectedSiteId);
  const formOfFamily = useCallback((s: ApiRouterSettings) => formOf(family, s), [family]);
  const { settings, values, setValues, errors, busy, save, check } = useControllerSettings(
    siteId ? `/s/${siteId}/api/v1/routersettings/${family}` : null,
    formOfFamily,
  );
  const fields = API_FORMS[family];
  if (!settings || !values) return null;
  // What an optional part of the form does and what of it is unconfirmed (Meraki's Dashboard API).
  const formNote = t(`apiRouters.${family}.apiNote`, { defaultValue: '' });

  return (
    <Stack spacing={3} sx={{ maxWidth: 720 }}>
      <Typography variant="h4" component="h1">
        {t(`apiRouters.${family}.title`)}
      </Typography>
      <RouterTypeNotice routerType={settings.router_type} family={family as RouterSettingsFamily} />
      <PublicAddressNotice address={settings.public_address} />
      {settings.status === null ? (
        <Alert severity="info" data-testid="router-uncheckable">
          {t(`apiRouters.${family}.uncheckable`)}
        </Alert>
      ) : (
        <StatusPanel
          status={settings.status}
          detail={settings.status_detail}
          checkedAt={settings.status_checked_at}
          action={
            fields.length > 0 ? (
              <CheckStatusButton busy={busy} wrongRouter={settings.router_type !== family} onCheck={check} />
            ) : undefined
          }
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
            <SaveSettingsButton busy={busy} label={t('apiRouters.save')} />
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
