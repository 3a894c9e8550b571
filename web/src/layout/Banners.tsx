import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { useAppSelector } from '../app/hooks.ts';
import { daysUntil } from '../app/gates.ts';

/** The subscription banners of the specification, with whole-day counts. */
export function Banners() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const sub = useAppSelector((s) => s.site.subscription);
  if (!sub) return null;
  const action = (label: string, to: string) => (
    <Button color="inherit" size="small" onClick={() => navigate(to)}>
      {label}
    </Button>
  );
  if (sub.status === 'cancelled') {
    return (
      <Alert
        severity="error"
        variant="filled"
        sx={{ py: 0 }}
        action={action(t('layout.reactivate'), '/change-subscription/reactivate')}
      >
        {t('layout.cancelled')}
      </Alert>
    );
  }
  if (sub.cancel_at_period_end) {
    return (
      <Alert
        severity="error"
        variant="filled"
        sx={{ py: 0 }}
        action={action(t('layout.reactivate'), '/change-subscription/reactivate')}
      >
        {t('layout.subscriptionEnds', { count: daysUntil(sub.current_period_end) })}
      </Alert>
    );
  }
  if (sub.status === 'trialing') {
    return (
      <Alert
        severity="warning"
        variant="filled"
        sx={{ py: 0 }}
        action={action(t('layout.upgradeNow'), '/change-subscription/buy_now')}
      >
        {t('layout.trialEnds', { count: daysUntil(sub.trial_end) })}
      </Alert>
    );
  }
  return null;
}
