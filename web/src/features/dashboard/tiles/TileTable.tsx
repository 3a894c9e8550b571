import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';

export interface Column<R> {
  key: string;
  label: string;
  cell: (row: R) => ReactNode;
  align?: 'right';
  /** Left out when the tile is narrow (a phone, or a tile made small). */
  optional?: boolean;
}

/** A tile's small table, or "nothing in this period" when it has no rows. */
export function TileTable<R>({
  rows,
  columns,
  rowKey,
  narrow,
}: {
  rows: R[];
  columns: Column<R>[];
  rowKey: (r: R) => string | number;
  narrow: boolean;
}) {
  const { t } = useTranslation();
  if (rows.length === 0)
    return (
      <Typography color="text.secondary" sx={{ m: 'auto' }}>
        {t('dashboard.tile.empty')}
      </Typography>
    );
  const shown = columns.filter((c) => !(narrow && c.optional));
  return (
    <Table size="small" stickyHeader>
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
              <TableCell key={c.key} align={c.align}>
                {c.cell(r)}
              </TableCell>
            ))}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
