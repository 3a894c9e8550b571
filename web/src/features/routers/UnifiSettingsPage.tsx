import { useTranslation } from 'react-i18next';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import Paper from '@mui/material/Paper';
import type { UnifiRouterSettings } from '@splashboard/contract';
import { useAppSelector } from '../../app/hooks.ts';
import { StatusPanel } from './StatusPanel.tsx';
import { PublicAddressNotice } from './PublicAddressNotice.tsx';
import { RouterTypeNotice } from './RouterTypeNotice.tsx';
import { UnifiForm, type UnifiFormValues } from './UnifiForm.tsx';
import { UnifiInstructions } from './UnifiInstructions.tsx';
import { CheckStatusButton, SaveSettingsButton, useControllerSettings } from './useControllerSettings.tsx';

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
  const siteId = useAppSelector((s) => s.site.selectedSiteId);
  const { settings, values, setValues, errors, busy, save, check } = useControllerSettings(
    siteId ? `/s/${siteId}/api/v1/routersettings/unifi` : null,
    formOf,
  );
  if (!settings || !values) return null;

  return (
    <Stack spacing={3} sx={{ maxWidth: 720 }}>
      <Typography variant="h4" component="h1">
        {t('routers.unifiTitle')}
      </Typography>
      <RouterTypeNotice routerType={settings.router_type} family="unifi" />
      <PublicAddressNotice address={settings.public_address} />
      <StatusPanel
        status={settings.status}
        detail={settings.status_detail}
        checkedAt={settings.status_checked_at}
        action={<CheckStatusButton busy={busy} wrongRouter={settings.router_type !== 'unifi'} onCheck={check} />}
      />
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Stack component="form" spacing={2} onSubmit={save} noValidate>
          <UnifiForm values={values} errors={errors} passwordSet={settings.password_set} onChange={setValues} />
          {settings.known_aps.length > 0 && (
            <Typography variant="body2" color="text.secondary">
              {t('routers.unifi.knownAps', { count: settings.known_aps.length })}
            </Typography>
          )}
          <SaveSettingsButton busy={busy} label={t('routers.unifi.saveAndCheck')} />
        </Stack>
      </Paper>
      <UnifiInstructions instructions={settings.instructions} />
    </Stack>
  );
}
