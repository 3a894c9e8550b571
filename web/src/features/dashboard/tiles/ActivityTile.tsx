import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { alpha, useTheme } from '@mui/material/styles';
import type { DashboardTileData } from '@splashboard/contract/dashboard';
import { decimal, hour, weekday } from '../format.ts';
import { WRAP_ON_PHONE } from './TileFrame.tsx';

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
  // One translation for the 168 cells' labels, filled in per cell (a translation call each is slow).
  const cellLabel = t('dashboard.activity.cell', { weekday: '\u0001', hour: '\u0002', average: '\u0003' });
  const caption = { fontSize: 12, lineHeight: 1, color: theme.palette.text.secondary, fontFamily: theme.typography.fontFamily };
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
        {/* 168 cells: plain elements with inline colours, as styled components would cost a class each. */}
        {[1, 2, 3, 4, 5, 6, 7].map((wd) => (
          <div role="row" key={wd} style={{ display: 'contents' }}>
            <span role="rowheader" style={{ ...caption, paddingRight: 4, alignSelf: 'center' }}>
              {weekday(wd, lang)}
            </span>
            {HOURS.map((h) => {
              const avg = data.cells[(wd - 1) * 24 + h]?.average ?? 0;
              const label = cellLabel
                .replace('\u0001', weekday(wd, lang, 'long'))
                .replace('\u0002', hour(h, lang))
                .replace('\u0003', decimal(avg, lang));
              return (
                <div
                  role="gridcell"
                  key={h}
                  aria-label={label}
                  title={label}
                  style={{ background: shade(avg), borderRadius: 2 }}
                />
              );
            })}
          </div>
        ))}
        <div aria-hidden style={{ display: 'contents' }}>
          <span />
          {HOURS.map((h) => (
            <span key={h} style={{ ...caption, fontSize: 10, whiteSpace: 'nowrap' }}>
              {LABELLED_HOURS.has(h) ? hour(h, lang) : ''}
            </span>
          ))}
        </div>
      </Box>
      {peak && (
        <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 0.5, ...WRAP_ON_PHONE }} noWrap>
          {t('dashboard.activity.peak', { weekday: weekday(peak.weekday, lang, 'long'), hour: hour(peak.hour, lang) })}
        </Typography>
      )}
    </>
  );
}
