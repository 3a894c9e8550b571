import { useTranslation } from 'react-i18next';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import type { GuestDetails, GuestSession } from '@splashboard/contract';
import { Section } from './ProfileCards.tsx';
import { bytes, dateTime } from './format.ts';

/** The guest's latest sessions: method, device, start, end (or until when it runs), data used. */
export function SessionsCard({ sessions, timeZone }: { sessions: GuestDetails['sessions']; timeZone?: string }) {
  const { t, i18n } = useTranslation();
  const theme = useTheme();
  const narrow = useMediaQuery(theme.breakpoints.down('md'));
  const when = (iso: string | null) => dateTime(iso, i18n.language, timeZone);
  const method = (s: GuestSession) => t(`sites.methods.${s.method}`, { defaultValue: s.method });
  const ended = (s: GuestSession) => {
    if (s.grant_status === 'failed') return t('guests.details.grantFailed');
    if (!s.ended_at)
      return Date.parse(s.expires_at) > Date.now()
        ? t('guests.details.ongoing', { when: when(s.expires_at) })
        : when(s.expires_at);
    const cause = s.end_cause ? t(`guests.details.endCauses.${s.end_cause}`, { defaultValue: s.end_cause }) : '';
    return cause ? `${when(s.ended_at)} (${cause})` : when(s.ended_at);
  };
  const usage = (s: GuestSession) =>
    t('guests.details.usageCell', { down: bytes(s.bytes_down, i18n.language), up: bytes(s.bytes_up, i18n.language) });
  const c = (key: string) => t(`guests.details.sessionColumns.${key}`);

  return (
    <Section
      title={t('guests.details.sessions')}
      action={
        sessions.total > sessions.items.length && (
          <Typography variant="body2" color="text.secondary">
            {t('guests.details.sessionsShown', { shown: sessions.items.length, total: sessions.total })}
          </Typography>
        )
      }
    >
      {sessions.items.length === 0 && <Typography color="text.secondary">{t('guests.details.noSessions')}</Typography>}
      {sessions.items.length > 0 &&
        (narrow ? (
          <List disablePadding>
            {sessions.items.map((s) => (
              <ListItem key={s.id} divider disableGutters>
                <ListItemText
                  primary={`${when(s.started_at)} · ${method(s)}`}
                  secondary={`${ended(s)} — ${s.mac?.toUpperCase() ?? ''} — ${usage(s)}`}
                />
              </ListItem>
            ))}
          </List>
        ) : (
          <Table size="small">
            <TableHead>
              <TableRow>
                <TableCell>{c('started')}</TableCell>
                <TableCell>{c('ended')}</TableCell>
                <TableCell>{c('method')}</TableCell>
                <TableCell>{c('device')}</TableCell>
                <TableCell align="right">{c('usage')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {sessions.items.map((s) => (
                <TableRow key={s.id}>
                  <TableCell>{when(s.started_at)}</TableCell>
                  <TableCell>{ended(s)}</TableCell>
                  <TableCell>{method(s)}</TableCell>
                  <TableCell sx={{ fontFamily: 'monospace' }}>{s.mac?.toUpperCase()}</TableCell>
                  <TableCell align="right">{usage(s)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        ))}
    </Section>
  );
}
