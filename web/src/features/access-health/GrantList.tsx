import { useTranslation } from 'react-i18next';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Box from '@mui/material/Box';
import type { Grant } from '@splashboard/contract';
import { dateTime } from '../../app/format.ts';
import { translateError } from '../../app/errorText.ts';

const STATUS_COLOUR = { pending: 'warning', granted: 'info', confirmed: 'success', failed: 'error' } as const;

function Reason({ grant }: { grant: Grant }) {
  const { t, i18n } = useTranslation();
  if (!grant.reason) return null;
  // Each limit the gateway leaves to itself, named with the login's value.
  const limits = grant.unenforced.map((u) => ({
    limit: u.limit,
    text: translateError({ t, exists: (key) => i18n.exists(key) }, { message: u.message, code: u.code, params: u.params }),
  }));
  return (
    <Stack component="span" spacing={0.25}>
      <Box component="span">{t(`accessHealth.reasons.${grant.reason}`)}</Box>
      {limits.length > 0 && (
        <Box component="ul" sx={{ m: 0, pl: 2.5, fontSize: 12, color: 'text.secondary' }}>
          {limits.map((l) => (
            <li key={l.limit}>{l.text}</li>
          ))}
        </Box>
      )}
      {grant.detail && grant.reason !== 'limits' && (
        <Box component="span" sx={{ fontSize: 12, color: 'text.secondary', overflowWrap: 'anywhere' }}>
          {grant.detail}
        </Box>
      )}
    </Stack>
  );
}

/** The grants of a page: a table on a wide screen, a list on a phone. */
export function GrantList({ items, timezone }: { items: Grant[]; timezone: string }) {
  const { t, i18n } = useTranslation();
  const narrow = useMediaQuery((theme: Theme) => theme.breakpoints.down('md'));
  const method = (m: string) => t(`sites.methods.${m}`, { defaultValue: m });
  const chip = (g: Grant) => <Chip size="small" color={STATUS_COLOUR[g.status]} label={t(`accessHealth.status.${g.status}`)} />;
  const device = (g: Grant) => g.mac?.toUpperCase() ?? t('accessHealth.unknownDevice');

  if (narrow)
    return (
      <List disablePadding aria-label={t('accessHealth.title')}>
        {items.map((g) => (
          <ListItem key={g.session_id} divider>
            <ListItemText
              primary={
                <Stack direction="row" spacing={1} sx={{ justifyContent: 'space-between', alignItems: 'center' }}>
                  <Box component="span" sx={{ fontFamily: 'monospace', fontWeight: 600 }}>
                    {device(g)}
                  </Box>
                  {chip(g)}
                </Stack>
              }
              secondary={
                <Stack component="span" spacing={0.5}>
                  <Box component="span">{`${dateTime(g.started_at, i18n.language, timezone)} · ${method(g.method)}`}</Box>
                  <Reason grant={g} />
                </Stack>
              }
              slotProps={{ secondary: { component: 'span' } }}
            />
          </ListItem>
        ))}
      </List>
    );

  return (
    <Table size="small" aria-label={t('accessHealth.title')}>
      <TableHead>
        <TableRow>
          <TableCell>{t('accessHealth.columns.when')}</TableCell>
          <TableCell>{t('accessHealth.columns.device')}</TableCell>
          <TableCell>{t('accessHealth.columns.method')}</TableCell>
          <TableCell>{t('accessHealth.columns.status')}</TableCell>
          <TableCell>{t('accessHealth.columns.reason')}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {items.map((g) => (
          <TableRow key={g.session_id} hover>
            <TableCell sx={{ whiteSpace: 'nowrap' }}>{dateTime(g.started_at, i18n.language, timezone)}</TableCell>
            <TableCell sx={{ fontFamily: 'monospace' }}>{device(g)}</TableCell>
            <TableCell>{method(g.method)}</TableCell>
            <TableCell>{chip(g)}</TableCell>
            <TableCell>
              <Reason grant={g} />
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
