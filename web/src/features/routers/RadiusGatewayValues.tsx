import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { RadiusGatewaySettings } from '@splashboard/contract';
import { CopyButton } from './CopyButton.tsx';
import './radius-i18n.ts';
import { DownloadIcon as Download } from '../../components/icons.ts';

function Value({ label, value }: { label: string; value: string }) {
  const { t } = useTranslation();
  return (
    <Stack>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <Typography component="code" data-testid={`value-${label}`} sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }}>
          {value}
        </Typography>
        <CopyButton text={value} label={t('routers.copyValue', { what: label })} />
      </Stack>
    </Stack>
  );
}

/** The exact values the operator enters on the gateway, and MikroTik's login.html to upload. */
export function RadiusGatewayValues({ settings, siteId }: { settings: RadiusGatewaySettings; siteId: number }) {
  const { t, i18n } = useTranslation();
  const v = settings.instructions;
  const lang = i18n.language.startsWith('es') ? 'es' : 'en';
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Stack spacing={1.5}>
        <Typography variant="h6" component="h2">
          {t('radiusGateways.gatewayValues')}
        </Typography>
        <Value label={t('radiusGateways.portalUrl')} value={v.portal_url} />
        <Value label={t('radiusGateways.radiusServer')} value={v.radius_server} />
        <Value label={t('radiusGateways.authPort')} value={String(v.auth_port)} />
        <Value label={t('radiusGateways.acctPort')} value={String(v.acct_port)} />
        <Value label={t('radiusGateways.disconnectPort')} value={String(v.disconnect_port)} />
        <Value label={t('radiusGateways.walledGarden')} value={v.walled_garden.join(', ')} />
        <Typography color="text.secondary">{t('radiusGateways.accounting')}</Typography>
        {v.login_html_path && (
          <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
            <Button
              variant="outlined"
              startIcon={<Download />}
              href={`/s/${siteId}/api/v1/${v.login_html_path}?lang=${lang}`}
              download="login.html"
            >
              {t('radiusGateways.loginHtml')}
            </Button>
            <Typography variant="body2" color="text.secondary">
              {t('radiusGateways.loginHtmlHelp')}
            </Typography>
          </Stack>
        )}
        <Typography variant="body2" color="text.secondary">
          {t('radiusGateways.unconfirmed')}
        </Typography>
      </Stack>
    </Paper>
  );
}
