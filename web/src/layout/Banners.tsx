import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { useAppSelector } from '../app/hooks.ts';
import { daysUntil } from '../app/gates.ts';

/**
 * On a phone the text takes the line beside the icon and the button goes under it, on the right: beside
 * the text, the button's label wrapped onto two lines.
 */
const PHONE_LAYOUT = {
  flexWrap: { xs: 'wrap', sm: 'nowrap' },
  '& .MuiAlert-message': { flexBasis: { xs: 'calc(100% - 34px)', sm: 'auto' } },
  '& .MuiAlert-action': { ml: 'auto', pt: { xs: 0, sm: 0.5 }, pb: { xs: 0.5, sm: 0 } },
} as const;

/** The subscription banners of the specification, with whole-day counts. */
export function Banners() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const sub = useAppSelector((s) => s.site.subscription);
  const user = useAppSelector((s) => s.session.user);
  // Without billing access there is no subscription to show; an inactive one is for the admin to renew.
  if (user && !user.sub_active && !user.billing_access)
    return (
      <Alert severity="error" variant="filled" sx={{ py: 0 }}>
        {t('account.expiredClient')}
      </Alert>
    );
  // With billing off every account has the Provider plan without limits: nothing to tell.
  if (!sub || !sub.billing_enabled) return null;
  const banner = (severity: 'error' | 'warning', text: string, label: string, to: string) => (
    <Alert
      severity={severity}
      variant="filled"
      // The trial banner is yellow, the others red.
      sx={{ py: 0, ...PHONE_LAYOUT, ...(severity === 'warning' ? { bgcolor: '#fdd835', color: 'rgba(0, 0, 0, 0.87)' } : {}) }}
      action={
        <Button color="inherit" size="small" sx={{ whiteSpace: 'nowrap' }} onClick={() => navigate(to)}>
          {label}
        </Button>
      }
    >
      {text}
    </Alert>
  );
  if (sub.status === 'cancelled')
    return banner('error', t('layout.cancelled'), t('layout.reactivate'), '/change-subscription/reactivate');
  const usage = sub.usage;
  const full = usage && (['active_guest_devices', 'vouchers_activated'] as const).find((k) => usage[k].reached);
  if (full)
    return banner(
      'error',
      t(full === 'active_guest_devices' ? 'layout.limitDevices' : 'layout.limitVouchers', {
        limit: usage[full].limit.toLocaleString(i18n.language),
        date: new Date(usage.period_end).toLocaleDateString(i18n.language),
      }),
      t('layout.upgrade'),
      sub.status === 'trialing' ? '/change-subscription/buy_now' : '/change-subscription/change',
    );
  if (sub.cancel_at_period_end) {
    const count = daysUntil(sub.current_period_end);
    return banner('error', t('layout.subscriptionEnds', { count }), t('layout.reactivate'), '/change-subscription/reactivate');
  }
  if (sub.status === 'trialing') {
    return banner(
      'warning',
      t('layout.trialEnds', { count: daysUntil(sub.trial_end) }),
      t('layout.upgradeNow'),
      '/change-subscription/buy_now',
    );
  }
  return null;
}
