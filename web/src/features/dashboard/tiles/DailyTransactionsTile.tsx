import { useTranslation } from 'react-i18next';
import { BarChart } from '@mui/x-charts/BarChart';
import type { DashboardTileData } from '@splashboard/contract/dashboard';
import { count, day, money } from '../format.ts';
import { ChartBox } from './ChartBox.tsx';

/** Transactions per local day, with each day's amounts in the tooltip. */
export function DailyTransactionsTile({ data }: { data: DashboardTileData<'daily_transactions'> }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const amounts = (i: number) =>
    data.days[i]!.amounts.map((a) => money(a.amount, a.currency, lang)).join(' · ') || count(0, lang);
  return (
    <ChartBox label={t('dashboard.tiles.daily_transactions.title')}>
      {(size) => (
        <BarChart
          {...size}
          skipAnimation
          xAxis={[
            { scaleType: 'band', data: data.days.map((d) => d.date), valueFormatter: (v: string) => day(v, lang, 'short') },
          ]}
          yAxis={[{ valueFormatter: (v: number) => count(v, lang), width: 36, tickMinStep: 1 }]}
          series={[
            {
              data: data.days.map((d) => d.transactions),
              label: t('dashboard.series.transactions'),
              valueFormatter: (v, { dataIndex }) => `${count(v ?? 0, lang)} (${amounts(dataIndex)})`,
            },
          ]}
          hideLegend
          margin={{ left: 4, right: 12, top: 8, bottom: 4 }}
        />
      )}
    </ChartBox>
  );
}
