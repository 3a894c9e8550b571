import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { PLAN_LIMITS, PLAN_TYPES, planIdOf, splitPlanId, type PlanId, type Plans } from '@splashboard/contract';
import { formatMoney, formatNumber } from './money.ts';

/** The three plans with their limits and prices, monthly or yearly; one chosen. */
export function PlanPicker({
  plans,
  value,
  current,
  onChange,
}: {
  plans: Plans;
  value: PlanId;
  current: PlanId | null;
  onChange: (id: PlanId) => void;
}) {
  const { t, i18n } = useTranslation();
  const { cycle } = splitPlanId(value);
  const number = (n: number) => formatNumber(n, i18n.language);
  return (
    <Stack spacing={2} sx={{ alignItems: 'center' }}>
      <ToggleButtonGroup
        exclusive
        size="small"
        value={cycle}
        onChange={(_e, v: 'monthly' | 'yearly' | null) => v && onChange(planIdOf(splitPlanId(value).tier, v))}
      >
        <ToggleButton value="monthly">{t('plans.monthly')}</ToggleButton>
        <ToggleButton value="yearly">{t('plans.yearly')}</ToggleButton>
      </ToggleButtonGroup>
      <Box sx={{ display: 'grid', gap: 2, width: '100%', gridTemplateColumns: { xs: '1fr', md: 'repeat(3, 1fr)' } }}>
        {PLAN_TYPES.map((tier) => {
          const id = planIdOf(tier, cycle);
          const chosen = id === value;
          const price = plans[tier];
          const limits = PLAN_LIMITS[tier];
          return (
            <Paper
              key={tier}
              variant="outlined"
              aria-label={t(`signup.plans.${tier}`)}
              sx={{
                p: 2.5,
                display: 'flex',
                flexDirection: 'column',
                gap: 1,
                borderWidth: 2,
                borderColor: chosen ? 'primary.main' : 'divider',
              }}
            >
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                <Typography variant="h6" component="h3">
                  {t(`signup.plans.${tier}`)}
                </Typography>
                {current === id && <Chip size="small" label={t('billing.change.current')} />}
              </Stack>
              <Typography variant="h5" component="p">
                {t('billing.perCycle', {
                  money: formatMoney(price[cycle], price.currency, i18n.language),
                  cycle: t(`account.cycles.${cycle}`),
                })}
              </Typography>
              <Typography variant="body2">{t('plans.devices', { count: number(limits.active_guest_devices) })}</Typography>
              <Typography variant="body2">{t('plans.vouchers', { count: number(limits.vouchers_activated) })}</Typography>
              <Typography variant="body2">{t('plans.fee', { fee: number(limits.transaction_fee_percent) })}</Typography>
              <Box sx={{ flex: 1 }} />
              <Button
                variant={chosen ? 'contained' : 'outlined'}
                onClick={() => onChange(id)}
                // The visible word first (speech input users say what they see), then the plan's name.
                aria-label={`${chosen ? t('billing.change.chosen') : t('billing.change.choose')} ${t(`signup.plans.${tier}`)}`}
              >
                {chosen ? t('billing.change.chosen') : t('billing.change.choose')}
              </Button>
            </Paper>
          );
        })}
      </Box>
    </Stack>
  );
}
