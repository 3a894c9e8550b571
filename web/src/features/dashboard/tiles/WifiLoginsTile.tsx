import { useTranslation } from 'react-i18next';
import { LineChart } from '@mui/x-charts/LineChart';
import type { DashboardTileData } from '@splashboard/contract/dashboard';
import { count, day } from '../format.ts';
import { ChartBox } from './ChartBox.tsx';
import { ChartLegend, useChartColors } from './ChartLegend.tsx';
import { Comparison } from './Comparison.tsx';

/** Logins, guests and new guests per local day of the period, and the period's logins against the previous one. */
export function WifiLoginsTile({ data }: { data: DashboardTileData<'wifi_logins'> }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const show = (n: number) => count(n, lang);
  const title = t('dashboard.tiles.wifi_logins.title');
  const colors = useChartColors();
  const names = [t('dashboard.series.logins'), t('dashboard.series.guests'), t('dashboard.series.newGuests')];
  return (
    <>
      <ChartLegend items={names.map((label, n) => ({ label, color: colors[n]! }))} />
      <ChartBox label={title}>
        {(size) => (
          <LineChart
            {...size}
            skipAnimation
            xAxis={[
              {
                scaleType: 'point',
                data: data.days.map((d) => d.date),
                valueFormatter: (v: string) => day(v, lang, 'short'),
              },
            ]}
            yAxis={[{ valueFormatter: (v: number) => show(v), width: 36 }]}
            series={[
              {
                data: data.days.map((d) => d.logins),
                label: names[0],
                color: colors[0],
                curve: 'linear',
                valueFormatter: (v) => show(v ?? 0),
              },
              {
                data: data.days.map((d) => d.guests),
                label: names[1],
                color: colors[1],
                curve: 'linear',
                valueFormatter: (v) => show(v ?? 0),
              },
              {
                data: data.days.map((d) => d.new_guests),
                label: names[2],
                color: colors[2],
                curve: 'linear',
                valueFormatter: (v) => show(v ?? 0),
              },
            ]}
            hideLegend
            margin={{ left: 4, right: 12, top: 8, bottom: 4 }}
          />
        )}
      </ChartBox>
      <Comparison figure={data.total} period={data.period} show={(n) => `${show(n)} ${t('dashboard.series.logins')}`} />
    </>
  );
}
