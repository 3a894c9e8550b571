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
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Box from '@mui/material/Box';
import type { GuestAccount } from '@splashboard/contract';
import { STATUS_COLOUR, dateTime, detailsPath, validityShortText, type ListState } from './format.ts';

function StatusChip({ account }: { account: GuestAccount }) {
  const { t } = useTranslation();
  return <Chip size="small" color={STATUS_COLOUR[account.status]} label={t(`guestAccounts.status.${account.status}`)} />;
}

/** The accounts of a page: a table on a wide screen, a list of tappable rows on a phone. */
export function AccountList({ items, state }: { items: GuestAccount[]; state: ListState }) {
  const { t, i18n } = useTranslation();
  const narrow = useMediaQuery((theme: Theme) => theme.breakpoints.down('md'));
  const devices = (a: GuestAccount) => t('guestAccounts.devicesOf', { count: a.devices_count, max: a.num_devices });

  if (narrow)
    return (
      <List disablePadding aria-label={t('guestAccounts.title')}>
        {items.map((a) => (
          <ListItem key={a.id} disablePadding>
            <ListItemButton component={RouterLink} to={detailsPath(a.id, state)} divider>
              <ListItemText
                primary={
                  <Stack direction="row" spacing={1} sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
                    <Box component="span" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                      {a.username}
                    </Box>
                    <StatusChip account={a} />
                  </Stack>
                }
                secondary={[
                  a.name,
                  validityShortText(t, a, i18n.language),
                  `${t('guestAccounts.columns.devices')}: ${devices(a)}`,
                ]
                  .filter(Boolean)
                  .join(' · ')}
              />
            </ListItemButton>
          </ListItem>
        ))}
      </List>
    );

  return (
    <Table size="small" aria-label={t('guestAccounts.title')}>
      <TableHead>
        <TableRow>
          <TableCell>{t('guestAccounts.columns.username')}</TableCell>
          <TableCell>{t('guestAccounts.columns.name')}</TableCell>
          <TableCell>{t('guestAccounts.columns.email')}</TableCell>
          <TableCell>{t('guestAccounts.columns.devices')}</TableCell>
          <TableCell>{t('guestAccounts.columns.status')}</TableCell>
          <TableCell>{t('guestAccounts.columns.created')}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {items.map((a) => (
          <TableRow key={a.id} hover>
            <TableCell>
              <Link component={RouterLink} to={detailsPath(a.id, state)} sx={{ fontWeight: 600 }}>
                {a.username}
              </Link>
            </TableCell>
            <TableCell>{a.name}</TableCell>
            <TableCell>{a.email}</TableCell>
            <TableCell>{devices(a)}</TableCell>
            <TableCell>
              <Stack spacing={0.5} sx={{ alignItems: 'flex-start' }}>
                <StatusChip account={a} />
                <Box component="span" sx={{ fontSize: 12 }}>
                  {validityShortText(t, a, i18n.language)}
                </Box>
              </Stack>
            </TableCell>
            <TableCell>{dateTime(a.created_at, i18n.language)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
