import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { FUNNEL_STAGES, type Funnel } from '@splashboard/contract';
import { percent } from './format.ts';

/**
 * The four stages as bars as wide as their share of the impressions, each with the share of the step
 * before it. Drawn with plain boxes: the charts library's bar chart shared with the dashboard's tiles
 * would move into a chunk of its own and grow the shell.
 */
export function FunnelChart({ funnel }: { funnel: Funnel }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const top = Math.max(1, funnel.impressions);
  return (
    <Stack component="ol" spacing={1.5} sx={{ listStyle: 'none', p: 0, m: 0 }} aria-label={t('campaigns.ab.funnel.chart')}>
      {FUNNEL_STAGES.map((stage, i) => {
        const before = i > 0 ? funnel[FUNNEL_STAGES[i - 1]!] : 0;
        return (
          <li key={stage} data-stage={stage}>
            <Typography variant="body2">
              {t(`campaigns.ab.stages.${stage}`)}: <strong>{funnel[stage].toLocaleString(lang)}</strong>
            </Typography>
            <Box sx={{ height: 12, borderRadius: 1, bgcolor: 'action.hover' }}>
              <Box
                sx={{
                  height: 1,
                  borderRadius: 1,
                  bgcolor: 'primary.main',
                  width: `${Math.min(100, (funnel[stage] / top) * 100)}%`,
                }}
              />
            </Box>
            {i > 0 && before > 0 && (
              <Typography variant="caption" color="text.secondary">
                {t('campaigns.ab.funnel.stepRate', { rate: percent(funnel[stage] / before, lang) })}
              </Typography>
            )}
          </li>
        );
      })}
    </Stack>
  );
}
