import { useTranslation } from 'react-i18next';
import TablePagination from '@mui/material/TablePagination';
import { PAGE_SIZES } from './pageSizes.ts';

/** A list's paging under it, pages counted from 1, in the page's language (buttons' names included). */
export function Pager(props: {
  total: number;
  page: number;
  rpp: number;
  onPage: (page: number) => void;
  onRpp: (rpp: number) => void;
}) {
  const { t } = useTranslation();
  return (
    <TablePagination
      component="div"
      count={props.total}
      page={props.page - 1}
      rowsPerPage={props.rpp}
      rowsPerPageOptions={PAGE_SIZES}
      onPageChange={(_e, page) => props.onPage(page + 1)}
      onRowsPerPageChange={(e) => props.onRpp(Number(e.target.value))}
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
