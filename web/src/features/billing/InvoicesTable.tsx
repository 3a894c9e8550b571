import { useTranslation } from 'react-i18next';
import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { Invoice } from '@splashboard/contract';
import { formatDay, formatMoney } from './money.ts';

/** The billing history: each invoice's period, amount, status and PDF. */
export function InvoicesTable({ invoices }: { invoices: Invoice[] }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  if (!invoices.length) return <Typography color="text.secondary">{t('billing.noInvoices')}</Typography>;
  const status = (s: string) => (i18n.exists(`billing.invoiceStatuses.${s}`) ? t(`billing.invoiceStatuses.${s}`) : s);
  return (
    <TableContainer>
      <Table size="small" aria-label={t('billing.history')}>
        <TableHead>
          <TableRow>
            <TableCell>{t('billing.invoice.period')}</TableCell>
            <TableCell align="right">{t('billing.invoice.amount')}</TableCell>
            <TableCell>{t('billing.invoice.status')}</TableCell>
            <TableCell>{t('billing.invoice.pdf')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {invoices.map((inv) => (
            <TableRow key={inv.id}>
              <TableCell>
                {t('billing.periodRange', { from: formatDay(inv.period_start, lang), to: formatDay(inv.period_end, lang) })}
              </TableCell>
              <TableCell align="right">{formatMoney(inv.amount, inv.currency, lang)}</TableCell>
              <TableCell>{status(inv.status)}</TableCell>
              <TableCell>
                {inv.invoice_pdf ? (
                  <Link href={inv.invoice_pdf} target="_blank" rel="noopener noreferrer">
                    {inv.number ? `${t('billing.invoice.download')} ${inv.number}` : t('billing.invoice.download')}
                  </Link>
                ) : (
                  '—'
                )}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
