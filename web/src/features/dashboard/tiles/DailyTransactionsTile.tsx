import { memo, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { BarChart } from '@mui/x-charts/BarChart';
import type { DashboardTileData } from '@splashboard/contract/dashboard';
import { count, day, money } from '../format.ts';
import { CHART_MARGIN, ChartBox } from './ChartBox.tsx';

/** Transactions per local day, with each day's amounts in the tooltip. */
export const DailyTransactionsTile = memo(function DailyTransactionsTile({
  data,
}: {
  data: DashboardTileData<'daily_transactions'>;
}) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  // The same inputs until the data or the language changes (see WifiLoginsTile).
  const chart = useMemo(() => {
    const amounts = (i: number) =>
      data.days[i]!.amounts.map((a) => money(a.amount, a.currency, lang)).join(' · ') || count(0, lang);
    return {
      xAxis: [
        {
          scaleType: 'band' as const,
          data: data.days.map((d) => d.date),
          valueFormatter: (v: string) => day(v, lang, 'short'),
        },
      ],
      yAxis: [{ valueFormatter: (v: number) => count(v, lang), width: 36, tickMinStep: 1 }],
      series: [
        {
          data: data.days.map((d) => d.transactions),
          label: t('dashboard.series.transactions'),
          valueFormatter: (v: number | null, { dataIndex }: { dataIndex: number }) =>
            `${count(v ?? 0, lang)} (${amounts(dataIndex)})`,
        },
      ],
    };
  }, [data, lang, t]);
  return (
    <ChartBox label={t('dashboard.tiles.daily_transactions.title')}>
      {(size) => (
        <BarChart
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
  );
});
