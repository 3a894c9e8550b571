import { useTranslation } from 'react-i18next';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { UnifiRouterSettings } from '@splashboard/contract';
import { CopyButton } from './CopyButton.tsx';

function Value({ label, value }: { label: string; value: string }) {
  const { t } = useTranslation();
  return (
    <Stack>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <Typography component="code" sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }}>
          {value}
        </Typography>
        <CopyButton text={value} label={t('routers.copyValue', { what: label })} />
      </Stack>
    </Stack>
  );
}

/** What to enter on the controller for its guests to reach this portal. */
export function UnifiInstructions({ instructions }: { instructions: UnifiRouterSettings['instructions'] }) {
  const { t } = useTranslation();
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Stack spacing={1.5}>
        <Typography variant="h6" component="h2">
          {t('routers.unifi.instructionsTitle')}
        </Typography>
        <Typography>{t('routers.unifi.instructionsIntro')}</Typography>
        <Value label={t('routers.unifi.externalPortal')} value={instructions.external_portal_server} />
        <Value label={t('routers.unifi.redirectPath')} value={instructions.redirect_path} />
        <Typography variant="body2" color="text.secondary">
          {t('routers.unifi.guestUrlNote', { url: instructions.guest_url })}
        </Typography>
        {instructions.pre_authorization?.length ? (
          <Value label={t('routers.unifi.preAuthorization')} value={instructions.pre_authorization.join(', ')} />
        ) : null}
      </Stack>
    </Paper>
  );
}
