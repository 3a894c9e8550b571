import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import TextField from '@mui/material/TextField';
import MenuItem from '@mui/material/MenuItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { PLAN_LIMITS, PLAN_TYPES, TRIAL_DAYS, type PlanType } from '@splashboard/contract';

/** One line on what a plan adds, with its limits (the specification's plan tiers). */
function usePlanLine() {
  const { t, i18n } = useTranslation();
  const number = (n: number) => new Intl.NumberFormat(i18n.language).format(n);
  return (plan: PlanType) => {
    const l = PLAN_LIMITS[plan];
    return t('signup.planLine', {
      adds: t(`signup.planAdds.${plan}`),
      devices: number(l.active_guest_devices),
      vouchers: number(l.vouchers_activated),
      fee: number(l.transaction_fee_percent),
    });
  };
}

/** The plan of the new account, each explained in a line, and the trial's terms under it. */
export function PlanField({ initial }: { initial: PlanType }) {
  const { t } = useTranslation();
  const line = usePlanLine();
  const [plan, setPlan] = useState<PlanType>(initial);
  return (
    <>
      <TextField
        name="plan_type"
        select
        label={t('signup.plan')}
        value={plan}
        onChange={(e) => setPlan(e.target.value as PlanType)}
        helperText={line(plan)}
        slotProps={{ select: { renderValue: (v) => t(`signup.plans.${v as PlanType}`) } }}
      >
        {PLAN_TYPES.map((p) => (
          <MenuItem key={p} value={p} sx={{ whiteSpace: 'normal', maxWidth: 480 }}>
            <ListItemText primary={t(`signup.plans.${p}`)} secondary={line(p)} />
          </MenuItem>
        ))}
      </TextField>
      <Typography variant="body2" color="text.secondary">
        {t('signup.trialTerms', { count: TRIAL_DAYS })}
      </Typography>
    </>
  );
}
