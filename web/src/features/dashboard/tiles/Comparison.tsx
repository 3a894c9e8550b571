import { useTranslation } from 'react-i18next';
import Typography from '@mui/material/Typography';
import Box from '@mui/material/Box';
import type { DashboardCompared, DashboardPeriod } from '@splashboard/contract/dashboard';
import { day, decimal, percent } from '../format.ts';
import { ArrowUpwardIcon, ArrowDownwardIcon } from '../../../components/icons.ts';
import { WRAP_ON_PHONE } from './TileFrame.tsx';

/**
 * How a figure compares with the previous period: the change (a percentage, or points for a rate) and
 * the previous value with its days. `lowerIsBetter` colours a fall as good news (bounce rate). `compact`
 * keeps the change on the figure's line and the previous value in its tooltip.
 */
export function Comparison({
  figure,
  period,
  show,
  points = false,
  lowerIsBetter = false,
  compact = false,
}: {
  figure: DashboardCompared;
  period: DashboardPeriod;
  show: (n: number) => string;
  points?: boolean;
  lowerIsBetter?: boolean;
  compact?: boolean;
}) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const { change, change_pct: pct, previous } = figure;
  let text: string;
  if (change === 0) text = t('dashboard.tile.noChange');
  else if (!points && pct === null) text = t('dashboard.tile.newSincePrevious');
  else {
    const size = points ? t('dashboard.units.points', { value: decimal(Math.abs(change), lang) }) : percent(Math.abs(pct!), lang);
    text = t(change > 0 ? 'dashboard.tile.up' : 'dashboard.tile.down', { change: size });
  }
  const good = change === 0 ? null : change > 0 !== lowerIsBetter;
  const Arrow = change > 0 ? ArrowUpwardIcon : ArrowDownwardIcon;
  const before = t('dashboard.tile.previous', {
    from: day(period.previous_from, lang, 'short'),
    to: day(period.previous_to, lang, 'short'),
    value: show(previous),
  });
  return (
    <Box sx={compact ? { minWidth: 0 } : { mt: 'auto' }}>
      <Typography
        variant="body2"
        data-testid="comparison"
        noWrap
        title={compact ? `${text}. ${before}` : text}
        sx={{
          ...(compact ? {} : WRAP_ON_PHONE),
          display: 'block',
          color: good === null ? 'text.secondary' : good ? 'success.main' : 'error.main',
        }}
      >
        {change !== 0 && <Arrow sx={{ fontSize: 16, verticalAlign: 'text-bottom', mr: 0.5 }} aria-hidden />}
        {text}
      </Typography>
      {!compact && (
        <Typography variant="caption" color="text.secondary" component="p" noWrap sx={WRAP_ON_PHONE}>
          {before}
        </Typography>
      )}
    </Box>
  );
}
