import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { GuestListItem } from '@splashboard/contract';
import { dateTime } from './format.ts';

/** The guests of one page: a table on wider screens, a list of two-line items on a phone. */
export function GuestRows({ items, timeZone, from }: { items: GuestListItem[]; timeZone?: string; from: string }) {
  const { t, i18n } = useTranslation();
  const theme = useTheme();
  const narrow = useMediaQuery(theme.breakpoints.down('md'));
  const navigate = useNavigate();
  const path = (g: GuestListItem) => `/app/guests/details/${g.id}`;
  const name = (g: GuestListItem) => g.display_name ?? t('guests.noName');
  const seen = (g: GuestListItem) => dateTime(g.last_seen, i18n.language, timeZone);
  if (!items.length) return null;

  if (narrow)
    return (
      <List disablePadding aria-label={t('guests.title')}>
        {items.map((g) => (
          <ListItem key={g.id} disablePadding>
            <ListItemButton component={RouterLink} to={path(g)} state={{ from }} divider>
              <ListItemText
                primary={name(g)}
                secondary={
                  <>
                    <Typography component="span" variant="body2" sx={{ display: 'block', overflowWrap: 'anywhere' }}>
                      {[g.email, g.phone].filter(Boolean).join(' · ')}
                    </Typography>
                    <Typography component="span" variant="body2" color="text.secondary">
                      {seen(g)} · {t('guests.visits', { count: g.visits })}
                    </Typography>
                  </>
                }
              />
            </ListItemButton>
          </ListItem>
        ))}
      </List>
    );

  return (
    <Table size="small" aria-label={t('guests.title')}>
      <TableHead>
        <TableRow>
          <TableCell>{t('guests.columns.name')}</TableCell>
          <TableCell>{t('guests.columns.email')}</TableCell>
          <TableCell>{t('guests.columns.phone')}</TableCell>
          <TableCell>{t('guests.columns.lastSeen')}</TableCell>
          <TableCell align="right">{t('guests.columns.visits')}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {items.map((g) => (
          <TableRow key={g.id} hover onClick={() => navigate(path(g), { state: { from } })} sx={{ cursor: 'pointer' }}>
            <TableCell>
              <Link component={RouterLink} to={path(g)} state={{ from }} onClick={(e) => e.stopPropagation()}>
                {name(g)}
              </Link>
            </TableCell>
            <TableCell sx={{ overflowWrap: 'anywhere' }}>{g.email}</TableCell>
            <TableCell>{g.phone}</TableCell>
            <TableCell>{seen(g)}</TableCell>
            <TableCell align="right">{g.visits}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
