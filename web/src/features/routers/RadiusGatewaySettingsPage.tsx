import { useTranslation } from 'react-i18next';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { RadiusGatewaySettings, RadiusGatewayType } from '@splashboard/contract';
import { useAppSelector } from '../../app/hooks.ts';
import { StatusPanel } from './StatusPanel.tsx';
import { PublicAddressNotice } from './PublicAddressNotice.tsx';
import { RouterTypeNotice } from './RouterTypeNotice.tsx';
import { RadiusGatewayValues } from './RadiusGatewayValues.tsx';
import { NasClientsPanel } from './NasClientsPanel.tsx';
import { RadiusGatewayOptionsForm, type RadiusGatewayFormValues } from './RadiusGatewayOptionsForm.tsx';
import { SaveSettingsButton, useControllerSettings } from './useControllerSettings.tsx';
import './radius-i18n.ts';

const formOf = (s: RadiusGatewaySettings): RadiusGatewayFormValues => ({
  role_name: s.role_name,
  use_chap: s.use_chap,
  use_https: s.use_https,
  controller_host: s.controller_host,
  login_method: s.login_method,
  field_names: { ...s.field_names },
  uam_secret: '',
  idle_timeout: String(s.idle_timeout),
  interim_interval: String(s.interim_interval),
});

/** Numbers as numbers, and the UAM secret only when one is typed (a blank keeps the saved one). */
const bodyOf = ({ uam_secret, idle_timeout, interim_interval, ...rest }: RadiusGatewayFormValues) => ({
  ...rest,
  idle_timeout: Number(idle_timeout),
  interim_interval: Number(interim_interval),
  ...(uam_secret ? { uam_secret } : {}),
});

/**
 * /app/settings-view/{mikrotik, ciscowlc, aruba...}: a gateway that asks our RADIUS server. The values
 * to enter on it, its options, and the gateways (NAS clients) allowed to ask.
 */
export function RadiusGatewaySettingsPage({ family }: { family: RadiusGatewayType }) {
  const { t } = useTranslation();
  const siteId = useAppSelector((s) => s.site.selectedSiteId);
  const { settings, values, setValues, errors, busy, save, reload } = useControllerSettings(
    siteId ? `/s/${siteId}/api/v1/routersettings/${family}` : null,
    formOf,
    bodyOf,
  );
  if (!settings || !values || !siteId) return null;

  return (
    <Stack spacing={3} sx={{ maxWidth: 720 }}>
      <Typography variant="h4" component="h1">
        {t(`radiusGateways.titles.${family}`)}
      </Typography>
      <RouterTypeNotice routerType={settings.router_type} family={family} />
      <PublicAddressNotice address={settings.public_address} />
      <Typography color="text.secondary">{t('radiusGateways.intro')}</Typography>
      <StatusPanel
        status={settings.status}
        detail={t(
          `radiusGateways.status.${!settings.saved ? 'notSaved' : settings.status === 'Online' ? 'online' : settings.status ? 'noNas' : 'waiting'}`,
        )}
        uncheckableHelp={t('radiusGateways.status.waiting')}
      />
      <RadiusGatewayValues settings={settings} siteId={siteId} />
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Stack component="form" spacing={2} onSubmit={save} noValidate>
          <Typography variant="h6" component="h2">
            {t('radiusGateways.options')}
          </Typography>
          <RadiusGatewayOptionsForm
            family={family}
            values={values}
            errors={errors}
            uamSecretSet={settings.uam_secret_set}
            onChange={setValues}
          />
          <SaveSettingsButton busy={busy} label={t('common.save')} />
        </Stack>
      </Paper>
      <NasClientsPanel siteId={siteId} onChange={reload} />
    </Stack>
  );
}
