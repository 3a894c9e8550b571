import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { alpha, useTheme } from '@mui/material/styles';
import type { DashboardTileData } from '@splashboard/contract';
import { decimal, hour, weekday } from '../format.ts';

const HOURS = Array.from({ length: 24 }, (_, h) => h);
const LABELLED_HOURS = new Set([0, 6, 12, 18]);

/**
 * Popular times: a weekday × hour grid shaded by the average logins of that hour on that weekday (the
 * darkest is the busiest hour of the period). Each cell names its figure for screen readers and on hover.
 */
export function ActivityTile({ data }: { data: DashboardTileData<'guest_activity'> }) {
  const { t, i18n } = useTranslation();
  const theme = useTheme();
  const lang = i18n.language;
  const top = Math.max(0, ...data.cells.map((c) => c.average));
  const peak = data.cells.find((c) => c.average === top && top > 0);
  const shade = (avg: number) =>
    avg === 0 ? theme.palette.action.hover : alpha(theme.palette.primary.main, 0.15 + (0.85 * avg) / top);
  return (
    <>
      <Box
        role="grid"
        aria-label={t('dashboard.tiles.guest_activity.title')}
        sx={{
          flex: 1,
          minHeight: 0,
          display: 'grid',
          gridTemplateColumns: 'auto repeat(24, minmax(0, 1fr))',
          gridAutoRows: 'minmax(8px, 1fr)',
          gap: '2px',
          alignItems: 'stretch',
        }}
      >
        {[1, 2, 3, 4, 5, 6, 7].map((wd) => (
          <Box role="row" key={wd} sx={{ display: 'contents' }}>
            <Typography
              role="rowheader"
              variant="caption"
              color="text.secondary"
              sx={{ pr: 0.5, lineHeight: 1, alignSelf: 'center' }}
            >
              {weekday(wd, lang)}
            </Typography>
            {HOURS.map((h) => {
              const cell = data.cells[(wd - 1) * 24 + h];
              const avg = cell?.average ?? 0;
              const label = t('dashboard.activity.cell', {
                weekday: weekday(wd, lang, 'long'),
                hour: hour(h, lang),
                average: decimal(avg, lang),
              });
              return (
                <Box role="gridcell" key={h} aria-label={label} title={label} sx={{ bgcolor: shade(avg), borderRadius: '2px' }} />
              );
            })}
          </Box>
        ))}
        <Box aria-hidden sx={{ display: 'contents' }}>
          <span />
          {HOURS.map((h) => (
            <Typography
              key={h}
              variant="caption"
              color="text.secondary"
              sx={{ fontSize: 10, lineHeight: 1, whiteSpace: 'nowrap' }}
            >
              {LABELLED_HOURS.has(h) ? hour(h, lang) : ''}
            </Typography>
          ))}
        </Box>
      </Box>
      {peak && (
        <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 0.5 }} noWrap>
          {t('dashboard.activity.peak', { weekday: weekday(peak.weekday, lang, 'long'), hour: hour(peak.hour, lang) })}
        </Typography>
      )}
    </>
  );
}
