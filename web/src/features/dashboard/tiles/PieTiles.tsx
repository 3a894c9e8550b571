import { memo, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { PieChart } from '@mui/x-charts/PieChart';
import Typography from '@mui/material/Typography';
import type { DashboardTileData } from '@splashboard/contract/dashboard';
import { count, percent } from '../format.ts';
import { ChartBox } from './ChartBox.tsx';
import { ChartLegend, useChartColors } from './ChartLegend.tsx';

interface Slice {
  id: string;
  label: string;
  value: number;
}

function Pie({ title, slices, total }: { title: string; slices: Slice[]; total: number }) {
  const { t, i18n } = useTranslation();
  const colors = useChartColors();
  const lang = i18n.language;
  const coloured = useMemo(() => slices.map((s, n) => ({ ...s, color: colors[n % colors.length]! })), [slices, colors]);
  // The same series object until the slices change: a new one makes the chart copy it into its store again.
  const series = useMemo(
    () => [
      {
        data: coloured,
        innerRadius: '45%',
        paddingAngle: 1,
        valueFormatter: (item: { value: number }) => `${count(item.value, lang)} (${percent((item.value / total) * 100, lang)})`,
      },
    ],
    [coloured, total, lang],
  );
  if (total === 0)
    return (
      <Typography color="text.secondary" sx={{ m: 'auto' }}>
        {t('dashboard.tile.empty')}
      </Typography>
    );
  return (
    <>
      <ChartBox label={title}>{(size) => <PieChart {...size} skipAnimation series={series} hideLegend margin={4} />}</ChartBox>
      <ChartLegend items={coloured} />
    </>
  );
}

/** The period's guests by the gender they gave. */
export const GenderTile = memo(function GenderTile({ data }: { data: DashboardTileData<'gender'> }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const slices = useMemo(
    () =>
      data.slices.map((s) => ({
        id: s.gender,
        label: `${t(`dashboard.genders.${s.gender}`)}: ${count(s.guests, lang)}`,
        value: s.guests,
      })),
    [data, t, lang],
  );
  return <Pie title={t('dashboard.tiles.gender.title')} slices={slices} total={data.total} />;
});

/** The period's guests by how many visits they had made by its end. */
export const SegmentsTile = memo(function SegmentsTile({ data }: { data: DashboardTileData<'segments'> }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const slices = useMemo(
    () =>
      data.segments.map((s) => ({
        id: s.key,
        label: `${t(`dashboard.segments.${s.key}`)}: ${count(s.guests, lang)}`,
        value: s.guests,
      })),
    [data, t, lang],
  );
  return <Pie title={t('dashboard.tiles.segments.title')} slices={slices} total={data.total} />;
});
