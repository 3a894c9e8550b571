import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import TablePagination from '@mui/material/TablePagination';
import Typography from '@mui/material/Typography';
import { PAGE_SIZES } from './pageSizes.ts';

/** Where a list is: its page (from 1) and rows per page. A new page size starts again from page 1. */
export interface Paging {
  total: number;
  page: number;
  rpp: number;
  onChange: (paging: { page: number; rpp?: number }) => void;
}

/** A list's paging under it, pages counted from 1, in the page's language (buttons' names included). */
export function Pager({ total, page, rpp, onChange }: Paging) {
  const { t } = useTranslation();
  return (
    <TablePagination
      component="div"
      count={total}
      page={page - 1}
      rowsPerPage={rpp}
      rowsPerPageOptions={PAGE_SIZES}
      onPageChange={(_e, next) => onChange({ page: next + 1 })}
      onRowsPerPageChange={(e) => onChange({ page: 1, rpp: Number(e.target.value) })}
      labelRowsPerPage={t('common.rowsPerPage')}
      labelDisplayedRows={({ from, to, count }) => t('common.displayedRows', { from, to, count })}
      getItemAriaLabel={(type) => t(`common.pageAria.${type}`)}
      sx={{
        '.MuiTablePagination-toolbar': { px: { xs: 1, sm: 2 } },
        '.MuiTablePagination-actions': { ml: { xs: 1, sm: 2.5 } },
        '.MuiTablePagination-input': { mr: { xs: 1, sm: 4 } },
      }}
    />
  );
}

/** A list's rows (`shown` of them on this page), or `empty` when there are none, over its pager. */
export function PagedList({ shown, empty, children, ...paging }: Paging & { shown: number; empty: string; children: ReactNode }) {
  return (
    <>
      {shown ? (
        children
      ) : (
        <Typography sx={{ p: 2 }} color="text.secondary">
          {empty}
        </Typography>
      )}
      <Pager {...paging} />
    </>
  );
}
