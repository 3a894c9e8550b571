import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Typography from '@mui/material/Typography';
import TablePagination from '@mui/material/TablePagination';
import type { VoucherPlanUsage } from '@splashboard/contract';
import { PAGE_SIZES } from './paths.ts';

/** This month's activations against the plan; past the limit, the clear message of what guests now get. */
export function PlanUsage({ usage }: { usage: VoucherPlanUsage }) {
  const { t } = useTranslation();
  if (usage.limit_reached)
    return (
      <Alert severity="error" data-testid="voucher-plan-limit">
        {t('vouchers.errors.planLimit', { limit: usage.limit })}
      </Alert>
    );
  return (
    <Typography variant="body2" color="text.secondary" data-testid="voucher-plan-usage">
      {t('vouchers.usage', { activated: usage.activated, limit: usage.limit })}
    </Typography>
  );
}

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
      labelRowsPerPage={t('vouchers.rowsPerPage')}
      labelDisplayedRows={({ from, to, count }) => t('vouchers.displayedRows', { from, to, count })}
      getItemAriaLabel={(type) => t(`vouchers.pageAria.${type}`)}
      sx={{
        '.MuiTablePagination-toolbar': { px: { xs: 1, sm: 2 } },
        '.MuiTablePagination-actions': { ml: { xs: 1, sm: 2.5 } },
        '.MuiTablePagination-input': { mr: { xs: 1, sm: 4 } },
      }}
    />
  );
}
