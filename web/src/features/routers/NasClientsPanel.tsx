import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnackbar } from 'notistack';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { del, fieldErrors, get, post } from '../../app/api.ts';
import { CopyButton } from './CopyButton.tsx';
import './radius-i18n.ts';
import {
  DeleteIcon as Delete,
  VisibilityIcon as Visibility,
  VisibilityOffIcon as VisibilityOff,
} from '../../components/icons.ts';

interface NasClient {
  id: number;
  name: string;
  ip_address: string;
  require_message_authenticator: boolean;
  secret: string;
  created_at: string;
}

/** One gateway: its address, and its shared secret masked until revealed (fetched whole only then). */
function NasClientRow({ client, base, onDeleted }: { client: NasClient; base: string; onDeleted: () => void }) {
  const { t } = useTranslation();
  const [secret, setSecret] = useState<string | null>(null);
  const reveal = async () => setSecret(secret ? null : (await get<{ secret: string }>(`${base}${client.id}/secret`)).secret);
  return (
    <Paper variant="outlined" sx={{ p: 1.5 }} data-testid="nas-client">
      <Stack spacing={0.5}>
        <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center' }}>
          <Typography sx={{ fontWeight: 600, wordBreak: 'break-all' }}>
            {client.name} · <code>{client.ip_address}</code>
          </Typography>
          <Tooltip title={t('radiusGateways.nas.delete', { name: client.name })}>
            <IconButton
              aria-label={t('radiusGateways.nas.delete', { name: client.name })}
              onClick={async () => {
                await del(`${base}${client.id}`);
                onDeleted();
              }}
            >
              <Delete />
            </IconButton>
          </Tooltip>
        </Stack>
        <Typography variant="body2" color="text.secondary">
          {client.require_message_authenticator ? t('radiusGateways.nas.maRequired') : t('radiusGateways.nas.maOptional')}
        </Typography>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          <Typography variant="body2" color="text.secondary">
            {t('radiusGateways.nas.secret')}
          </Typography>
          <Typography component="code" data-testid="nas-secret" sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }}>
            {secret ?? client.secret}
          </Typography>
          <Tooltip title={secret ? t('radiusGateways.nas.hide') : t('radiusGateways.nas.reveal')}>
            <IconButton
              size="small"
              aria-label={secret ? t('radiusGateways.nas.hide') : t('radiusGateways.nas.reveal')}
              onClick={reveal}
            >
              {secret ? <VisibilityOff fontSize="small" /> : <Visibility fontSize="small" />}
            </IconButton>
          </Tooltip>
          {secret && <CopyButton text={secret} label={t('radiusGateways.nas.copySecret')} />}
        </Stack>
      </Stack>
    </Paper>
  );
}

/** The site's gateways that may ask our RADIUS server (/radiusclients/). */
export function NasClientsPanel({ siteId, onChange }: { siteId: number; onChange?: () => void }) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const base = `/s/${siteId}/api/v1/radiusclients/`;
  const [clients, setClients] = useState<NasClient[]>([]);
  const [name, setName] = useState('');
  const [ip, setIp] = useState('');
  const [requireMa, setRequireMa] = useState(true);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const load = useCallback(() => get<{ items: NasClient[] }>(base).then((r) => setClients(r.items)), [base]);

  useEffect(() => {
    load().catch(() => enqueueSnackbar(t('common.somethingWentWrong'), { variant: 'error' }));
  }, [load, enqueueSnackbar, t]);

  const add = async (e: FormEvent) => {
    e.preventDefault();
    try {
      await post(base, { name, ip_address: ip, require_message_authenticator: requireMa });
      setName('');
      setIp('');
      setErrors({});
      enqueueSnackbar(t('radiusGateways.nas.added'), { variant: 'success' });
      await load();
      onChange?.();
    } catch (err) {
      setErrors(fieldErrors(err));
      enqueueSnackbar(t('common.saveFailed'), { variant: 'error' });
    }
  };

  const changed = async () => {
    enqueueSnackbar(t('radiusGateways.nas.deleted'), { variant: 'success' });
    await load();
    onChange?.();
  };

  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Stack spacing={1.5}>
        <Typography variant="h6" component="h2">
          {t('radiusGateways.nas.title')}
        </Typography>
        <Typography color="text.secondary">{t('radiusGateways.nas.help')}</Typography>
        {clients.length === 0 && <Typography>{t('radiusGateways.nas.empty')}</Typography>}
        {clients.map((c) => (
          <NasClientRow key={c.id} client={c} base={base} onDeleted={changed} />
        ))}
        <Stack component="form" spacing={1.5} onSubmit={add} noValidate>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
            <TextField
              label={t('radiusGateways.nas.name')}
              value={name}
              error={!!errors.name}
              helperText={errors.name}
              onChange={(e) => setName(e.target.value)}
              required
              fullWidth
              slotProps={{ htmlInput: { maxLength: 100 } }}
            />
            <TextField
              label={t('radiusGateways.nas.ip')}
              value={ip}
              error={!!errors.ip_address}
              helperText={errors.ip_address}
              onChange={(e) => setIp(e.target.value)}
              required
              fullWidth
              slotProps={{ htmlInput: { spellCheck: false, autoCapitalize: 'none', maxLength: 45 } }}
            />
          </Stack>
          <FormControlLabel
            control={<Switch checked={requireMa} onChange={(e) => setRequireMa(e.target.checked)} />}
            label={t('radiusGateways.nas.requireMa')}
          />
          <Typography variant="body2" color="text.secondary">
            {t('radiusGateways.nas.requireMaHelp')}
          </Typography>
          <Button type="submit" variant="outlined" sx={{ alignSelf: 'flex-start' }}>
            {t('radiusGateways.nas.add')}
          </Button>
        </Stack>
      </Stack>
    </Paper>
  );
}
