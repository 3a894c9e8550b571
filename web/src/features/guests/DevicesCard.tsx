import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnackbar } from 'notistack';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { GuestDetails, GuestDisconnect } from '@splashboard/contract';
import { post } from '../../app/api.ts';
import { Section } from './ProfileCards.tsx';
import { dateTime, guestApi } from './format.ts';

/** The guest's devices, online or not, each with Disconnect for users who may change guest data. */
export function DevicesCard(props: {
  siteId: number;
  guestId: number;
  devices: GuestDetails['devices'];
  canWrite: boolean;
  timeZone?: string;
  onChanged: () => void;
}) {
  const { t, i18n } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const [busy, setBusy] = useState<string | null>(null);

  const disconnect = async (mac: string) => {
    setBusy(mac);
    try {
      const answer = await post<GuestDisconnect>(
        `${guestApi(props.siteId)}/${props.guestId}/disconnect/${encodeURIComponent(mac)}`,
      );
      enqueueSnackbar(answer.disconnected ? t('guests.details.disconnected') : t('guests.details.notDisconnectable'), {
        variant: answer.disconnected ? 'success' : 'warning',
      });
      props.onChanged();
    } catch {
      enqueueSnackbar(t('guests.details.disconnectFailed'), { variant: 'error' });
    } finally {
      setBusy(null);
    }
  };

  return (
    <Section title={t('guests.details.devices')}>
      {props.devices.length === 0 && <Typography color="text.secondary">{t('guests.details.noDevices')}</Typography>}
      <List disablePadding>
        {props.devices.map((d) => (
          <ListItem key={d.id} divider disableGutters sx={{ flexWrap: 'wrap', gap: 1 }}>
            <ListItemText
              sx={{ minWidth: 220 }}
              primary={
                <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                  <Typography component="span" sx={{ fontFamily: 'monospace' }}>
                    {d.mac.toUpperCase()}
                  </Typography>
                  <Chip
                    size="small"
                    color={d.online ? 'success' : 'default'}
                    label={d.online ? t('guests.details.online') : t('guests.details.offline')}
                  />
                </Stack>
              }
              secondary={[
                [d.os, t(`guests.details.deviceTypes.${d.device_type}`, { defaultValue: d.device_type })]
                  .filter(Boolean)
                  .join(' · '),
                t('guests.details.lastSeenOn', { when: dateTime(d.last_seen, i18n.language, props.timeZone) }),
              ].join(' — ')}
            />
            {props.canWrite && (
              <Button
                variant="outlined"
                size="small"
                disabled={busy !== null}
                onClick={() => void disconnect(d.mac)}
                aria-label={`${t('guests.details.disconnect')} ${d.mac.toUpperCase()}`}
              >
                {t('guests.details.disconnect')}
              </Button>
            )}
          </ListItem>
        ))}
      </List>
    </Section>
  );
}
