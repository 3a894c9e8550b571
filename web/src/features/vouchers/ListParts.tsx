import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Typography from '@mui/material/Typography';
import type { VoucherPlanUsage } from '@splashboard/contract';

/** This month's activations against the plan; past the limit, the clear message of what guests now get. */
export function PlanUsage({ usage }: { usage: VoucherPlanUsage }) {
  const { t } = useTranslation();
  if (usage.limit_reached)
    return (
      <Alert severity="error" data-testid="voucher-plan-limit">
        {t('vouchers.errors.planLimit', { limit: usage.limit })}
      </Alert>
    );
  return (
    <Typography variant="body2" color="text.secondary" data-testid="voucher-plan-usage">
      {t('vouchers.usage', { activated: usage.activated, limit: usage.limit })}
    </Typography>
  );
}
