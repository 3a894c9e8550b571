import type { ReactNode } from 'react';
import Box from '@mui/material/Box';

/** The room a chart fills: the rest of the tile (charts take their parent's size). */
export function ChartBox({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box role="figure" aria-label={label} sx={{ flex: 1, minHeight: 120, position: 'relative' }}>
      <Box sx={{ position: 'absolute', inset: 0 }}>{children}</Box>
    </Box>
  );
}
