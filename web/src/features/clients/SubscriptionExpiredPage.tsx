import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import './i18n.ts';

/**
 * /app/subscription-expired: where a user without billing access (a client, an invited admin) is sent while
 * the account's subscription is not active: only the account's owner can renew it.
 */
export function SubscriptionExpiredPage() {
  const { t } = useTranslation();
  return (
    <Stack spacing={2} sx={{ maxWidth: 640 }}>
      <Typography variant="h4" component="h1">
        {t('clients.expired.title')}
      </Typography>
      <Alert severity="warning">{t('common.errors.subscriptionExpired')}</Alert>
      <Stack direction="row" spacing={1}>
        <Button component={RouterLink} to="/app/account">
          {t('clients.expired.account')}
        </Button>
        <Button component={RouterLink} to="/logout">
          {t('auth.logout')}
        </Button>
      </Stack>
    </Stack>
  );
}
