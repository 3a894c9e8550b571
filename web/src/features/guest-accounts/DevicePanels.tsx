import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Box from '@mui/material/Box';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import type { GuestAccountDetails } from '@splashboard/contract';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { dateTime } from './format.ts';

/** The devices bound to the account, each with who added it, its last sign-in, and a disconnect button. */
export function DevicesPanel({ account, onDisconnect }: { account: GuestAccountDetails; onDisconnect: (mac: string) => void }) {
  const { t, i18n } = useTranslation();
  const [asking, setAsking] = useState<string | null>(null);
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Typography variant="h6" component="h2">
        {t('guestAccounts.details.devicesCount', { count: account.devices.length, max: account.num_devices })}
      </Typography>
      {account.devices.length === 0 ? (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {t('guestAccounts.details.noDevices')}
        </Typography>
      ) : (
        <List aria-label={t('guestAccounts.details.devices')}>
          {account.devices.map((d, i) => (
            <ListItem key={d.mac} divider={i < account.devices.length - 1} disableGutters sx={{ flexWrap: 'wrap', gap: 1 }}>
              <ListItemText
                sx={{ minWidth: 200 }}
                primary={
                  <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                    <Box component="span" sx={{ fontFamily: 'monospace', fontSize: 15 }}>
                      {d.mac}
                    </Box>
                    <Chip
                      size="small"
                      color={d.online ? 'success' : 'default'}
                      label={d.online ? t('guestAccounts.details.online') : t('guestAccounts.details.offline')}
                    />
                  </Stack>
                }
                secondary={[
                  `${t('guestAccounts.details.boundBy')}: ${
                    d.source === 'operator' ? t('guestAccounts.details.boundByOperator') : t('guestAccounts.details.boundByLogin')
                  }`,
                  d.last_login_at ? `${t('guestAccounts.details.lastLogin')}: ${dateTime(d.last_login_at, i18n.language)}` : '',
                ]
                  .filter(Boolean)
                  .join(' · ')}
              />
              {account.can_write && (
                <Button size="small" color="error" variant="outlined" onClick={() => setAsking(d.mac)}>
                  {t('guestAccounts.details.disconnect')}
                </Button>
              )}
            </ListItem>
          ))}
        </List>
      )}
      <ConfirmDialog
        open={asking !== null}
        title={t('guestAccounts.details.disconnectTitle', { mac: asking ?? '' })}
        body={t('guestAccounts.details.disconnectBody')}
        confirm={t('guestAccounts.details.disconnect')}
        onCancel={() => setAsking(null)}
        onConfirm={() => {
          const mac = asking!;
          setAsking(null);
          onDisconnect(mac);
        }}
      />
    </Paper>
  );
}

/** The account's latest sessions: when, which device, until when, whether the gateway let it in, data used. */
export function SessionsPanel({ account }: { account: GuestAccountDetails }) {
  const { t, i18n } = useTranslation();
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Typography variant="h6" component="h2">
        {t('guestAccounts.details.sessions')}
      </Typography>
      {account.sessions.length === 0 ? (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {t('guestAccounts.details.noSessions')}
        </Typography>
      ) : (
        <List aria-label={t('guestAccounts.details.sessions')}>
          {account.sessions.map((s, i) => (
            <ListItem key={s.id} divider={i < account.sessions.length - 1} disableGutters>
              <ListItemText
                primary={`${dateTime(s.started_at, i18n.language)} · ${s.mac ?? '—'}`}
                secondary={[
                  s.ended_at
                    ? `${t('guestAccounts.details.ended')}: ${dateTime(s.ended_at, i18n.language)}`
                    : `${t('guestAccounts.details.ends')}: ${dateTime(s.expires_at, i18n.language)}`,
                  `${t('guestAccounts.details.grant')}: ${t(`guestAccounts.details.grantStatus.${s.grant_status}`, { defaultValue: s.grant_status })}`,
                  `${s.megabytes} ${t('guestAccounts.details.megabytes')}`,
                ].join(' · ')}
              />
            </ListItem>
          ))}
        </List>
      )}
    </Paper>
  );
}
