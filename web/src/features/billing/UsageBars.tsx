import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { USAGE_KINDS, type PlanUsage } from '@splashboard/contract';
import { formatDay, formatNumber } from './money.ts';

/** The plan's limits used in the current billing period, as bars (red when a limit is reached). */
export function UsageBars({ usage }: { usage: PlanUsage }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  return (
    <Stack spacing={2} data-testid="usage">
      <Typography variant="body2" color="text.secondary">
        {t('billing.usagePeriod', { from: formatDay(usage.period_start, lang), to: formatDay(usage.period_end, lang) })}
      </Typography>
      {USAGE_KINDS.map((kind) => {
        const line = usage[kind];
        const label = t(`billing.usage.${kind}`);
        return (
          <Box key={kind}>
            <Stack direction="row" sx={{ justifyContent: 'space-between', flexWrap: 'wrap', gap: 1 }}>
              <Typography>{label}</Typography>
              <Typography color={line.reached ? 'error' : 'text.secondary'}>
                {t('billing.usedOf', {
                  used: formatNumber(line.used, lang),
                  limit: formatNumber(line.limit, lang),
                  percent: line.percent,
                })}
                {line.reached && ` · ${t('billing.limitReached')}`}
              </Typography>
            </Stack>
            <LinearProgress
              variant="determinate"
              value={Math.min(100, line.percent)}
              color={line.reached ? 'error' : line.percent >= 80 ? 'warning' : 'primary'}
              aria-label={label}
              sx={{ height: 8, borderRadius: 4, mt: 0.5 }}
            />
          </Box>
        );
      })}
    </Stack>
  );
}
