import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { ChargePreview } from '@splashboard/contract';
import { formatDay, formatMoney } from './money.ts';

/** What confirming charges: the lines (proration), the total now, and the next regular charge. */
export function ChargeSummary({ preview, atTrialEnd }: { preview: ChargePreview; atTrialEnd: string | null }) {
  const { t, i18n } = useTranslation();
  const money = (n: number) => formatMoney(n, preview.currency, i18n.language);
  const next = preview.next_charge;
  return (
    <>
      <Table size="small" aria-label={t('billing.change.stepConfirm')} data-testid="charge-preview">
        <TableBody>
          {preview.lines.map((line, i) => (
            <TableRow key={i}>
              <TableCell>{line.description}</TableCell>
              <TableCell align="right">{money(line.amount)}</TableCell>
            </TableRow>
          ))}
          <TableRow>
            <TableCell component="th" sx={{ fontWeight: 600 }}>
              {t('billing.change.dueNow')}
            </TableCell>
            <TableCell align="right" sx={{ fontWeight: 600 }} data-testid="due-now">
              {money(preview.amount_due_now)}
            </TableCell>
          </TableRow>
        </TableBody>
      </Table>
      {atTrialEnd && next ? (
        <Alert severity="info">
          {t('billing.change.trialCharge', { money: money(next.amount), date: formatDay(atTrialEnd, i18n.language) })}
        </Alert>
      ) : (
        next && (
          <Typography color="text.secondary">
            {t('billing.change.nextChargeLine', { money: money(next.amount), date: formatDay(next.date, i18n.language) })}
          </Typography>
        )
      )}
    </>
  );
}
