import { useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';

/** The room kept around a bar or line chart's plot (one object, so the chart sees no change between renders). */
export const CHART_MARGIN = { left: 4, right: 12, top: 8, bottom: 4 };

interface Size {
  width: number;
  height: number;
}

/**
 * The room a chart fills: the rest of the tile. Its size is measured here once per resize and handed to
 * the chart, which otherwise measures its parent on every render (a forced layout per chart).
 */
export function ChartBox({ label, children }: { label: string; children: (size: Size) => ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  const [size, setSize] = useState<Size | null>(null);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const take = (width: number, height: number) =>
      setSize((s) =>
        s && s.width === Math.floor(width) && s.height === Math.floor(height)
          ? s
          : { width: Math.floor(width), height: Math.floor(height) },
      );
    const rect = el.getBoundingClientRect();
    take(rect.width, rect.height);
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => entry && take(entry.contentRect.width, entry.contentRect.height));
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  return (
    <Box role="figure" aria-label={label} sx={{ flex: 1, minHeight: 120, position: 'relative' }}>
      <Box ref={ref} sx={{ position: 'absolute', inset: 0 }}>
        {size && size.width > 0 && size.height > 0 && children(size)}
      </Box>
    </Box>
  );
}
