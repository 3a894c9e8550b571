import { useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useElementWidth } from '../../../app/useElementWidth.ts';

export interface Column<R> {
  key: string;
  label: string;
  cell: (row: R) => ReactNode;
  align?: 'right';
  /** Shown only while the tile has room for it, in the columns' order (not on a phone, or in a tile made small). */
  optional?: boolean;
}

type Widths = Record<string, number>;

/**
 * A tile's small table, or "nothing in this period" when it has no rows. Its rows stay on one line: the
 * columns are measured at their natural width, and the optional ones that do not fit the tile are left
 * out. Only when even the others do not fit do their cells wrap.
 */
export function TileTable<R>({ rows, columns, rowKey }: { rows: R[]; columns: Column<R>[]; rowKey: (r: R) => string | number }) {
  const { t } = useTranslation();
  const [box, room] = useElementWidth();
  const table = useRef<HTMLTableElement>(null);
  const labels = columns.map((c) => `${c.key}:${c.label}`).join('|');
  const [measured, setMeasured] = useState<{ rows: R[]; labels: string; widths: Widths }>();
  const measuring = measured?.rows !== rows || measured.labels !== labels;
  // Runs before the browser paints: the measuring pass is never seen.
  useLayoutEffect(() => {
    const head = table.current?.tHead?.rows[0];
    if (!measuring || !head) return;
    const widths = Object.fromEntries([...head.cells].map((th, i) => [columns[i]?.key, th.getBoundingClientRect().width]));
    setMeasured({ rows, labels, widths });
  }, [measuring, rows, labels, columns]);
  // The box is always there, so that its width is known from the first rows on.
  if (rows.length === 0)
    return (
      <Box ref={box} sx={{ flex: 1, display: 'flex' }}>
        <Typography color="text.secondary" sx={{ m: 'auto' }}>
          {t('dashboard.tile.empty')}
        </Typography>
      </Box>
    );
  const { shown, wrap } = measuring ? { shown: columns, wrap: false } : fit(columns, measured.widths, room);
  const whiteSpace = wrap ? 'normal' : 'nowrap';
  return (
    <Box ref={box}>
      <Table ref={table} size="small" stickyHeader sx={measuring ? { width: 'max-content' } : undefined}>
        <TableHead>
          <TableRow>
            {shown.map((c) => (
              <TableCell key={c.key} align={c.align} sx={{ whiteSpace: 'nowrap' }}>
                {c.label}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((r) => (
            <TableRow key={rowKey(r)}>
              {shown.map((c) => (
                <TableCell key={c.key} align={c.align} sx={{ whiteSpace: c.optional ? 'nowrap' : whiteSpace }}>
                  {c.cell(r)}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}

/** The columns that fit `room` at their natural widths: every required one, then optional ones in order. */
function fit<R>(columns: Column<R>[], widths: Widths, room: number) {
  const width = (c: Column<R>) => widths[c.key] ?? 0;
  let used = columns.filter((c) => !c.optional).reduce((sum, c) => sum + width(c), 0);
  const wrap = used > room;
  const shown = columns.filter((c) => {
    if (!c.optional) return true;
    if (used + width(c) > room) return false;
    used += width(c);
    return true;
  });
  return { shown, wrap };
}
