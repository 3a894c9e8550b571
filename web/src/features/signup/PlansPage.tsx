import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Paper from '@mui/material/Paper';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import Alert from '@mui/material/Alert';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import { PLAN_LIMITS, PLAN_TYPES, TRIAL_DAYS } from '@splashboard/contract';
import { get } from '../../app/api.ts';
import { useAppSelector } from '../../app/hooks.ts';

type Prices = Record<(typeof PLAN_TYPES)[number], { monthly: number; yearly: number; currency: string }>;

/** The plans with their prices from the server (/selectPlan and /plan); each starts a free trial. */
export function PlansPage() {
  const { t, i18n } = useTranslation();
  const signedIn = useAppSelector((s) => Boolean(s.session.user));
  const billingAccess = useAppSelector((s) => Boolean(s.session.user?.billing_access));
  const [prices, setPrices] = useState<Prices | null>(null);
  const [failed, setFailed] = useState(false);
  const [cycle, setCycle] = useState<'monthly' | 'yearly'>('monthly');
  useEffect(() => {
    get<Prices>('/a/api/v1/plans/').then(setPrices, () => setFailed(true));
  }, []);
  const number = (n: number) => new Intl.NumberFormat(i18n.language).format(n);
  return (
    <Box component="main" sx={{ minHeight: '100vh', bgcolor: 'background.default', p: { xs: 2, md: 4 } }}>
      <Stack spacing={3} sx={{ maxWidth: 1100, mx: 'auto', alignItems: 'center' }}>
        <Typography variant="h4" component="h1" sx={{ textAlign: 'center' }}>
          {t('plans.title')}
        </Typography>
        <Typography color="text.secondary" sx={{ textAlign: 'center' }}>
          {t('signup.trialTerms', { count: TRIAL_DAYS })}
        </Typography>
        <ToggleButtonGroup exclusive size="small" value={cycle} onChange={(_e, v) => v && setCycle(v)}>
          <ToggleButton value="monthly">{t('plans.monthly')}</ToggleButton>
          <ToggleButton value="yearly">{t('plans.yearly')}</ToggleButton>
        </ToggleButtonGroup>
        {failed && <Alert severity="error">{t('common.somethingWentWrong')}</Alert>}
        {prices && (
          <Box
            sx={{
              display: 'grid',
              gap: 2,
              width: '100%',
              gridTemplateColumns: { xs: '1fr', md: 'repeat(3, 1fr)' },
            }}
          >
            {PLAN_TYPES.map((plan) => {
              const p = prices[plan];
              const limits = PLAN_LIMITS[plan];
              const money = new Intl.NumberFormat(i18n.language, { style: 'currency', currency: p.currency }).format(p[cycle]);
              return (
                <Paper
                  key={plan}
                  sx={{ p: 3, display: 'flex', flexDirection: 'column', gap: 1.5 }}
                  aria-label={t(`signup.plans.${plan}`)}
                >
                  <Typography variant="h5" component="h2">
                    {t(`signup.plans.${plan}`)}
                  </Typography>
                  <Typography color="text.secondary">{t(`signup.planAdds.${plan}`)}</Typography>
                  <Typography variant="h4" component="p">
                    {money}
                    <Typography component="span" color="text.secondary">
                      {' / '}
                      {t(`account.cycles.${cycle}`)}
                    </Typography>
                  </Typography>
                  <Typography>{t('plans.devices', { count: number(limits.active_guest_devices) })}</Typography>
                  <Typography>{t('plans.vouchers', { count: number(limits.vouchers_activated) })}</Typography>
                  <Typography>{t('plans.fee', { fee: number(limits.transaction_fee_percent) })}</Typography>
                  <Box sx={{ flex: 1 }} />
                  {!signedIn && (
                    <Button variant="contained" component={RouterLink} to={`/register/${plan}`}>
                      {t('plans.start')}
                    </Button>
                  )}
                  {signedIn && billingAccess && (
                    <Button
                      variant="contained"
                      component={RouterLink}
                      to={`/change-subscription/buy_now?plan=${plan}_${cycle}`}
                      aria-label={`${t('plans.buy')} ${t(`signup.plans.${plan}`)}`}
                    >
                      {t('plans.buy')}
                    </Button>
                  )}
                </Paper>
              );
            })}
          </Box>
        )}
        {signedIn ? (
          <Button component={RouterLink} to="/app/account/subscription">
            {t('plans.mySubscription')}
          </Button>
        ) : (
          <Button component={RouterLink} to="/login">
            {t('signup.haveAccount')}
          </Button>
        )}
      </Stack>
    </Box>
  );
}
