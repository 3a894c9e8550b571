import { memo, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { LineChart } from '@mui/x-charts/LineChart';
import type { DashboardTileData } from '@splashboard/contract/dashboard';
import { count, day } from '../format.ts';
import { CHART_MARGIN, ChartBox } from './ChartBox.tsx';
import { ChartLegend, useChartColors } from './ChartLegend.tsx';
import { Comparison } from './Comparison.tsx';

/** The day's figures drawn as lines, in the order of the names and colours. */
const SERIES = ['logins', 'guests', 'new_guests'] as const;

/** Logins, guests and new guests per local day of the period, and the period's logins against the previous one. */
export const WifiLoginsTile = memo(function WifiLoginsTile({ data }: { data: DashboardTileData<'wifi_logins'> }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const title = t('dashboard.tiles.wifi_logins.title');
  const colors = useChartColors();
  // The chart's inputs stay the same objects until the data or the language changes: new ones make the
  // chart copy them into its store again, on every render of the tile.
  const chart = useMemo(() => {
    const show = (v: number | null) => count(v ?? 0, lang);
    const names = [t('dashboard.series.logins'), t('dashboard.series.guests'), t('dashboard.series.newGuests')];
    return {
      legend: names.map((label, n) => ({ label, color: colors[n]! })),
      xAxis: [
        {
          scaleType: 'point' as const,
          data: data.days.map((d) => d.date),
          valueFormatter: (v: string) => day(v, lang, 'short'),
        },
      ],
      yAxis: [{ valueFormatter: (v: number) => show(v), width: 36 }],
      series: SERIES.map((key, n) => ({
        data: data.days.map((d) => d[key]),
        label: names[n],
        color: colors[n],
        curve: 'linear' as const,
        valueFormatter: show,
      })),
    };
  }, [data, lang, t, colors]);
  return (
    <>
      <ChartLegend items={chart.legend} />
      <ChartBox label={title}>
        {(size) => (
          <LineChart
            {...size}
            skipAnimation
            xAxis={chart.xAxis}
            yAxis={chart.yAxis}
            series={chart.series}
            hideLegend
            margin={CHART_MARGIN}
          />
        )}
      </ChartBox>
      <Comparison figure={data.total} period={data.period} show={(n) => `${count(n, lang)} ${t('dashboard.series.logins')}`} />
    </>
  );
});
