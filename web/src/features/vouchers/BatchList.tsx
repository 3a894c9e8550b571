import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import type { VoucherBatch, VoucherKind } from '@splashboard/contract';
import { dateTime, durationText, sitesText } from './format.ts';
import { batchPath } from './paths.ts';

/** The batches of a page: a table on a wide screen, tappable rows on a phone. */
export function BatchList({ kind, items }: { kind: VoucherKind; items: VoucherBatch[] }) {
  const { t, i18n } = useTranslation();
  const narrow = useMediaQuery((theme: Theme) => theme.breakpoints.down('md'));
  const counts = (b: VoucherBatch) => t('vouchers.batchCounts', { unused: b.unused, inuse: b.inuse, expired: b.expired });
  const title = (b: VoucherBatch) => t('vouchers.batchTitle', { id: b.batch_id });

  if (narrow)
    return (
      <List disablePadding aria-label={t('vouchers.tabs.batches')}>
        {items.map((b) => (
          <ListItem key={b.id} disablePadding>
            <ListItemButton component={RouterLink} to={batchPath(kind, b.id)} divider>
              <ListItemText
                primary={`${title(b)} · ${t('vouchers.vouchersCount', { count: b.count })}`}
                secondary={[durationText(t, b), counts(b), kind === 'multisite_voucher' ? sitesText(b.sites) : '', b.notes]
                  .filter(Boolean)
                  .join(' · ')}
                slotProps={{ primary: { sx: { fontWeight: 600 } }, secondary: { sx: { overflowWrap: 'anywhere' } } }}
              />
            </ListItemButton>
          </ListItem>
        ))}
      </List>
    );

  return (
    <Table size="small" aria-label={t('vouchers.tabs.batches')}>
      <TableHead>
        <TableRow>
          <TableCell>{t('vouchers.columns.batch')}</TableCell>
          <TableCell>{t('vouchers.columns.count')}</TableCell>
          <TableCell>{t('vouchers.columns.duration')}</TableCell>
          <TableCell>{t('vouchers.columns.status')}</TableCell>
          {kind === 'multisite_voucher' && <TableCell>{t('vouchers.columns.sites')}</TableCell>}
          <TableCell>{t('vouchers.columns.notes')}</TableCell>
          <TableCell>{t('vouchers.columns.created')}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {items.map((b) => (
          <TableRow key={b.id} hover>
            <TableCell>
              <Link component={RouterLink} to={batchPath(kind, b.id)} sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>
                {title(b)}
              </Link>
            </TableCell>
            <TableCell>{b.count}</TableCell>
            <TableCell>{durationText(t, b)}</TableCell>
            <TableCell>{counts(b)}</TableCell>
            {kind === 'multisite_voucher' && <TableCell>{sitesText(b.sites)}</TableCell>}
            <TableCell sx={{ overflowWrap: 'anywhere' }}>{b.notes}</TableCell>
            <TableCell>{dateTime(b.created_at, i18n.language)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
