import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Box from '@mui/material/Box';
import type { Transaction } from '@splashboard/contract';
import { ExpandMoreIcon } from '../../components/icons.ts';
import { formatMoney } from './money.ts';
import { TRANSACTION_STATUS_COLOUR, dateTime } from './format.ts';

export type TransactionAction = 'resend' | 'update' | 'refund';

/** The refund chip of a transaction refunded in full or in part; nothing otherwise. */
function RefundChip({ tx }: { tx: Transaction }) {
  const { t } = useTranslation();
  if (tx.refunded === 0) return null;
  const full = tx.refunded >= tx.amount;
  return (
    <Chip
      size="small"
      variant="outlined"
      color={full ? 'default' : 'warning'}
      label={t(full ? 'payments.transactions.fullyRefunded' : 'payments.transactions.partlyRefunded')}
    />
  );
}

/** A row's actions in a menu: resend the invoice, update, refund (what is left to refund of a paid one). */
function ActionsMenu({ tx, onAction }: { tx: Transaction; onAction: (action: TransactionAction, tx: Transaction) => void }) {
  const { t, i18n } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const paid = tx.status === 'succeeded';
  const pick = (action: TransactionAction) => {
    setAnchor(null);
    onAction(action, tx);
  };
  return (
    <>
      <Button
        size="small"
        endIcon={<ExpandMoreIcon />}
        aria-haspopup="menu"
        aria-label={t('payments.transactions.actionsOf', { date: dateTime(tx.created_at, i18n.language) })}
        onClick={(e) => setAnchor(e.currentTarget)}
      >
        {t('payments.transactions.columns.actions')}
      </Button>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        <MenuItem disabled={!paid || !tx.email} onClick={() => pick('resend')}>
          {t('payments.transactions.resend')}
        </MenuItem>
        <MenuItem disabled={!paid} onClick={() => pick('update')}>
          {t('payments.transactions.update')}
        </MenuItem>
        <MenuItem disabled={!paid || tx.refunded >= tx.amount} onClick={() => pick('refund')}>
          {t('payments.transactions.refund')}
        </MenuItem>
      </Menu>
    </>
  );
}

/** Transactions: date, guest email, package, amount, refunded, status, and a writer's actions. */
export function TransactionTable({
  items,
  onAction,
  label,
}: {
  items: Transaction[];
  onAction?: (action: TransactionAction, tx: Transaction) => void;
  label: string;
}) {
  const { t, i18n } = useTranslation();
  const money = (n: number, currency: string) => formatMoney(n, currency, i18n.language);
  return (
    <TableContainer>
      <Table size="small" aria-label={label}>
        <TableHead>
          <TableRow>
            <TableCell>{t('payments.transactions.columns.date')}</TableCell>
            <TableCell>{t('payments.transactions.columns.email')}</TableCell>
            <TableCell>{t('payments.transactions.columns.package')}</TableCell>
            <TableCell align="right">{t('payments.transactions.columns.amount')}</TableCell>
            <TableCell align="right">{t('payments.transactions.columns.refunded')}</TableCell>
            <TableCell>{t('payments.transactions.columns.status')}</TableCell>
            {onAction && <TableCell>{t('payments.transactions.columns.actions')}</TableCell>}
          </TableRow>
        </TableHead>
        <TableBody>
          {items.map((tx) => (
            <TableRow key={tx.id} hover>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{dateTime(tx.paid_at ?? tx.created_at, i18n.language)}</TableCell>
              <TableCell sx={{ overflowWrap: 'anywhere' }}>{tx.email}</TableCell>
              <TableCell>
                <Box component="span" sx={{ display: 'block' }}>
                  {tx.package_name}
                </Box>
                <Box component="span" sx={{ fontSize: 12, color: 'text.secondary' }}>
                  {t(`payments.transactions.kinds.${tx.kind}`)}
                </Box>
              </TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                {money(tx.amount, tx.currency)}
              </TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                {tx.refunded ? money(tx.refunded, tx.currency) : '—'}
              </TableCell>
              <TableCell>
                <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
                  <Chip
                    size="small"
                    color={TRANSACTION_STATUS_COLOUR[tx.status]}
                    label={t(`payments.transactions.statuses.${tx.status}`)}
                  />
                  <RefundChip tx={tx} />
                </Stack>
              </TableCell>
              {onAction && (
                <TableCell>
                  <ActionsMenu tx={tx} onAction={onAction} />
                </TableCell>
              )}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
