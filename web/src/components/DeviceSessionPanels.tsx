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
import { dateTime } from '../app/format.ts';
import { ConfirmDialog } from './ConfirmDialog.tsx';

/**
 * The catalogue section whose words a panel uses: each names the same keys (devicesCount, devicesList,
 * noDevices, online, offline, lastLogin, disconnect, disconnectTitle, disconnectBody, sessions, noSessions,
 * ends, ended, grant, grantStatus, megabytes), worded for what the devices are bound to.
 */
export type PanelTexts = 'vouchers.details' | 'guestAccounts.details' | 'payments.details';

interface PanelDevice {
  mac: string;
  online: boolean;
  last_login_at: string | null;
}

interface PanelSession {
  id: number | string;
  started_at: string;
  mac: string | null;
  ended_at: string | null;
  expires_at: string;
  grant_status: string;
  megabytes: number;
}

/** The devices bound to a voucher or guest account, each with its last login and a disconnect button. */
export function DevicesPanel<D extends PanelDevice>({
  texts,
  devices,
  max,
  canWrite,
  about,
  onDisconnect,
}: {
  texts: PanelTexts;
  devices: D[];
  max: number;
  canWrite: boolean;
  /** What this kind of device adds before its last login (where it was first let in, who added it). */
  about: (device: D) => string;
  onDisconnect: (mac: string) => void;
}) {
  const { t, i18n } = useTranslation();
  const [asking, setAsking] = useState<string | null>(null);
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Typography variant="h6" component="h2">
        {t(`${texts}.devicesCount`, { count: devices.length, max })}
      </Typography>
      {devices.length === 0 ? (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {t(`${texts}.noDevices`)}
        </Typography>
      ) : (
        <List aria-label={t(`${texts}.devicesList`)}>
          {devices.map((d, i) => (
            <ListItem key={d.mac} divider={i < devices.length - 1} disableGutters sx={{ flexWrap: 'wrap', gap: 1 }}>
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
                      label={d.online ? t(`${texts}.online`) : t(`${texts}.offline`)}
                    />
                  </Stack>
                }
                secondary={[
                  about(d),
                  d.last_login_at ? `${t(`${texts}.lastLogin`)}: ${dateTime(d.last_login_at, i18n.language)}` : '',
                ]
                  .filter(Boolean)
                  .join(' · ')}
              />
              {canWrite && (
                <Button size="small" color="error" variant="outlined" onClick={() => setAsking(d.mac)}>
                  {t(`${texts}.disconnect`)}
                </Button>
              )}
            </ListItem>
          ))}
        </List>
      )}
      <ConfirmDialog
        open={asking !== null}
        title={t(`${texts}.disconnectTitle`, { mac: asking ?? '' })}
        body={t(`${texts}.disconnectBody`)}
        confirm={t(`${texts}.disconnect`)}
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

/** The latest sessions: when, which device, where if it says, until when, the gateway's answer, data used. */
export function SessionsPanel<S extends PanelSession>({
  texts,
  sessions,
  where,
}: {
  texts: PanelTexts;
  sessions: S[];
  /** The location of a session, where the devices roam between several. */
  where?: (session: S) => string;
}) {
  const { t, i18n } = useTranslation();
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Typography variant="h6" component="h2">
        {t(`${texts}.sessions`)}
      </Typography>
      {sessions.length === 0 ? (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {t(`${texts}.noSessions`)}
        </Typography>
      ) : (
        <List aria-label={t(`${texts}.sessions`)}>
          {sessions.map((s, i) => (
            <ListItem key={s.id} divider={i < sessions.length - 1} disableGutters>
              <ListItemText
                primary={`${dateTime(s.started_at, i18n.language)} · ${s.mac ?? '—'}`}
                secondary={[
                  where?.(s) ?? '',
                  s.ended_at
                    ? `${t(`${texts}.ended`)}: ${dateTime(s.ended_at, i18n.language)}`
                    : `${t(`${texts}.ends`)}: ${dateTime(s.expires_at, i18n.language)}`,
                  `${t(`${texts}.grant`)}: ${t(`${texts}.grantStatus.${s.grant_status}`, { defaultValue: s.grant_status })}`,
                  t(`${texts}.megabytes`, { value: s.megabytes }),
                ]
                  .filter(Boolean)
                  .join(' · ')}
              />
            </ListItem>
          ))}
        </List>
      )}
    </Paper>
  );
}
