import { useMemo } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';

/** The colours of a chart's series or slices, in order (the legend and the chart share them). */
export function useChartColors() {
  const { palette } = useTheme();
  return useMemo(
    () => [palette.primary.main, palette.warning.main, palette.secondary.main, palette.success.main, palette.info.main],
    [palette],
  );
}

/**
 * A chart's legend as page text beside the chart. The chart's own legend sits outside the size the chart
 * is given, so in a tile of fixed size it would spill over; this one wraps within the tile.
 */
export function ChartLegend({ items }: { items: { label: string; color: string }[] }) {
  return (
    <Box component="ul" sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 2, rowGap: 0.25, m: 0, p: 0, listStyle: 'none' }}>
      {items.map((item) => (
        <Typography component="li" variant="caption" key={item.label} sx={{ display: 'flex', alignItems: 'center', gap: 0.75 }}>
          <Box
            component="span"
            aria-hidden
            sx={{ width: 10, height: 10, borderRadius: '50%', bgcolor: item.color, flexShrink: 0 }}
          />
          {item.label}
        </Typography>
      ))}
    </Box>
  );
}
