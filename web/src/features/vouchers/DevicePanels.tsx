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
import type { VoucherDetails } from '@splashboard/contract';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { dateTime } from './format.ts';

/** The devices bound to the voucher: where it was first let in, its last login, and a disconnect button. */
export function DevicesPanel({ voucher, onDisconnect }: { voucher: VoucherDetails; onDisconnect: (mac: string) => void }) {
  const { t, i18n } = useTranslation();
  const [asking, setAsking] = useState<string | null>(null);
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Typography variant="h6" component="h2">
        {t('vouchers.details.devicesCount', { count: voucher.devices.length, max: voucher.num_devices })}
      </Typography>
      {voucher.devices.length === 0 ? (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {t('vouchers.details.noDevices')}
        </Typography>
      ) : (
        <List aria-label={t('vouchers.details.devicesList')}>
          {voucher.devices.map((d, i) => (
            <ListItem key={d.mac} divider={i < voucher.devices.length - 1} disableGutters sx={{ flexWrap: 'wrap', gap: 1 }}>
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
                      label={d.online ? t('vouchers.details.online') : t('vouchers.details.offline')}
                    />
                  </Stack>
                }
                secondary={[
                  d.site ? `${t('vouchers.details.firstSite')}: ${d.site.name}` : '',
                  d.last_login_at ? `${t('vouchers.details.lastLogin')}: ${dateTime(d.last_login_at, i18n.language)}` : '',
                ]
                  .filter(Boolean)
                  .join(' · ')}
              />
              {voucher.can_write && (
                <Button size="small" color="error" variant="outlined" onClick={() => setAsking(d.mac)}>
                  {t('vouchers.details.disconnect')}
                </Button>
              )}
            </ListItem>
          ))}
        </List>
      )}
      <ConfirmDialog
        open={asking !== null}
        title={t('vouchers.details.disconnectTitle', { mac: asking ?? '' })}
        body={t('vouchers.details.disconnectBody')}
        confirm={t('vouchers.details.disconnect')}
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

/** The voucher's latest sessions: when, where, which device, until when, data used. */
export function SessionsPanel({ voucher }: { voucher: VoucherDetails }) {
  const { t, i18n } = useTranslation();
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Typography variant="h6" component="h2">
        {t('vouchers.details.sessions')}
      </Typography>
      {voucher.sessions.length === 0 ? (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {t('vouchers.details.noSessions')}
        </Typography>
      ) : (
        <List aria-label={t('vouchers.details.sessions')}>
          {voucher.sessions.map((s, i) => (
            <ListItem key={s.id} divider={i < voucher.sessions.length - 1} disableGutters>
              <ListItemText
                primary={`${dateTime(s.started_at, i18n.language)} · ${s.mac ?? '—'}`}
                secondary={[
                  s.site.name,
                  s.ended_at
                    ? `${t('vouchers.details.ended')}: ${dateTime(s.ended_at, i18n.language)}`
                    : `${t('vouchers.details.ends')}: ${dateTime(s.expires_at, i18n.language)}`,
                  `${t('vouchers.details.grant')}: ${t(`vouchers.details.grantStatus.${s.grant_status}`, { defaultValue: s.grant_status })}`,
                  t('vouchers.megabytes', { value: s.megabytes }),
                ].join(' · ')}
              />
            </ListItem>
          ))}
        </List>
      )}
    </Paper>
  );
}
