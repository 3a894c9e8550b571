import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Box from '@mui/material/Box';
import type { Voucher, VoucherKind } from '@splashboard/contract';
import { dateTime, devicesText, durationText } from './format.ts';
import { voucherPath, type ListState } from './paths.ts';

type Sort = Pick<ListState, 'sort_by' | 'sort_on'>;

/** What the list shows of a voucher's time: its duration while unused, else when it ends or ended. */
function whenText(t: ReturnType<typeof useTranslation>['t'], v: Voucher, lang: string) {
  if (v.status === 'unused') return durationText(t, v);
  return t(v.status === 'inuse' ? 'vouchers.endsAt' : 'vouchers.endedAt', { date: dateTime(v.expires_at, lang) });
}

/** The vouchers of a page: a sortable table on a wide screen, tappable rows on a phone. */
export function VoucherList(props: {
  kind: VoucherKind;
  items: Voucher[];
  sort: Sort;
  onSort: (sort: Sort) => void;
  label: string;
}) {
  const { t, i18n } = useTranslation();
  const narrow = useMediaQuery((theme: Theme) => theme.breakpoints.down('md'));
  const { kind, items, sort } = props;

  if (narrow)
    return (
      <List disablePadding aria-label={props.label}>
        {items.map((v) => (
          <ListItem key={v.id} disablePadding>
            <ListItemButton component={RouterLink} to={voucherPath(kind, v.id)} divider>
              <ListItemText
                primary={
                  <Box component="span" sx={{ fontFamily: 'monospace', fontWeight: 700, fontSize: 16 }}>
                    {v.code}
                  </Box>
                }
                secondary={[
                  t('vouchers.batchTitle', { id: v.batch.batch_id }),
                  whenText(t, v, i18n.language),
                  `${t('vouchers.columns.devices')}: ${devicesText(t, v)}`,
                ].join(' · ')}
              />
            </ListItemButton>
          </ListItem>
        ))}
      </List>
    );

  const header = (field: Sort['sort_by'], label: string) => (
    <TableCell sortDirection={sort.sort_by === field ? sort.sort_on : false}>
      <TableSortLabel
        active={sort.sort_by === field}
        direction={sort.sort_by === field ? sort.sort_on : 'asc'}
        onClick={() =>
          props.onSort({ sort_by: field, sort_on: sort.sort_by === field && sort.sort_on === 'asc' ? 'desc' : 'asc' })
        }
      >
        {label}
      </TableSortLabel>
    </TableCell>
  );

  return (
    <Table size="small" aria-label={props.label}>
      <TableHead>
        <TableRow>
          {header('code', t('vouchers.columns.code'))}
          {header('batch_id', t('vouchers.columns.batch'))}
          {header('duration', t('vouchers.columns.duration'))}
          {header('num_devices', t('vouchers.columns.devices'))}
          <TableCell>{t('vouchers.columns.dataUsed')}</TableCell>
          {header('activated_at', t('vouchers.columns.activated'))}
          {header('expires_at', t('vouchers.columns.expires'))}
          {header('created_at', t('vouchers.columns.created'))}
        </TableRow>
      </TableHead>
      <TableBody>
        {items.map((v) => (
          <TableRow key={v.id} hover>
            <TableCell>
              <Link
                component={RouterLink}
                to={voucherPath(kind, v.id)}
                sx={{ fontFamily: 'monospace', fontWeight: 700, whiteSpace: 'nowrap' }}
              >
                {v.code}
              </Link>
            </TableCell>
            <TableCell>{v.batch.batch_id}</TableCell>
            <TableCell>{durationText(t, v)}</TableCell>
            <TableCell>{devicesText(t, v)}</TableCell>
            <TableCell>{t('vouchers.megabytes', { value: v.data_used_mb })}</TableCell>
            <TableCell>{dateTime(v.activated_at, i18n.language) || '—'}</TableCell>
            <TableCell>{dateTime(v.expires_at, i18n.language) || '—'}</TableCell>
            <TableCell>{dateTime(v.created_at, i18n.language)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
