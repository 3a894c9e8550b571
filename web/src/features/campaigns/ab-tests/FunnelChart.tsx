import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { BarChart } from '@mui/x-charts/BarChart';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { FUNNEL_STAGES, type Funnel } from '@splashboard/contract';
import { percent } from './format.ts';

/** The four stages as bars, and under each the share of the step before it. */
export function FunnelChart({ funnel, height = 220 }: { funnel: Funnel; height?: number }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const labels = FUNNEL_STAGES.map((s) => t(`campaigns.ab.stages.${s}`));
  const chart = useMemo(
    () => ({
      xAxis: [{ scaleType: 'band' as const, data: labels }],
      series: [{ data: FUNNEL_STAGES.map((s) => funnel[s]) }],
    }),
    // The labels change with the language only.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [funnel, lang],
  );
  return (
    <Stack spacing={1}>
      <BarChart height={height} xAxis={chart.xAxis} series={chart.series} aria-label={t('campaigns.ab.funnel.chart')} />
      <Stack component="ol" direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {FUNNEL_STAGES.map((stage, i) => {
          const before = i > 0 ? funnel[FUNNEL_STAGES[i - 1]!] : 0;
          return (
            <li key={stage} data-stage={stage}>
              <Typography variant="body2">
                {labels[i]}: <strong>{funnel[stage].toLocaleString(lang)}</strong>
              </Typography>
              {i > 0 && before > 0 && (
                <Typography variant="caption" color="text.secondary">
                  {t('campaigns.ab.funnel.stepRate', { rate: percent(funnel[stage] / before, lang) })}
                </Typography>
              )}
            </li>
          );
        })}
      </Stack>
    </Stack>
  );
}
