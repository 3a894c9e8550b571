import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { useSnackbar } from 'notistack';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import TextField from '@mui/material/TextField';
import Button from '@mui/material/Button';
import Alert from '@mui/material/Alert';
import Paper from '@mui/material/Paper';
import type { ClientDetails } from '@splashboard/contract';
import { ApiFailure, get, post, put } from '../../app/api.ts';
import { useAppSelector } from '../../app/hooks.ts';
import { useTeamSave } from '../admins/FormPages.tsx';
import { ChangeHistory, MemberStatus } from '../admins/team.tsx';
import { AccessMatrix, sitesInput, type SiteAccessMap } from './AccessMatrix.tsx';
import { CLIENTS_API } from './ClientsPage.tsx';

const LIST = '/app/clients';

function MatrixCard({
  value,
  onChange,
  disabled,
  error,
}: {
  value: SiteAccessMap;
  onChange: (v: SiteAccessMap) => void;
  disabled: boolean;
  error?: string;
}) {
  const { t } = useTranslation();
  const sites = useAppSelector((s) => s.session.user?.sites) ?? [];
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Typography variant="h6" component="h2">
        {t('clients.matrix.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary" gutterBottom>
        {t('clients.matrix.help')}
      </Typography>
      {error && (
        <Alert severity="error" sx={{ mb: 1 }}>
          {error}
        </Alert>
      )}
      <AccessMatrix sites={sites} value={value} onChange={onChange} disabled={disabled} />
    </Paper>
  );
}

function NameField({
  value,
  onChange,
  error,
  disabled,
}: {
  value: string;
  onChange: (v: string) => void;
  error?: string;
  disabled: boolean;
}) {
  const { t } = useTranslation();
  return (
    <TextField
      label={t('team.name')}
      value={value}
      required
      disabled={disabled}
      error={!!error}
      helperText={error}
      onChange={(e) => onChange(e.target.value)}
      slotProps={{ htmlInput: { maxLength: 120 } }}
      sx={{ maxWidth: 560 }}
    />
  );
}

/** /app/clients/create: email, name and the levels per site and area; the server emails the invitation. */
export function CreateClientPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [name, setName] = useState('');
  const [access, setAccess] = useState<SiteAccessMap>({});
  const { errors, busy, save } = useTeamSave();
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const ok = await save(
      () => post(CLIENTS_API, { email, name, sites: sitesInput(access) }),
      t('clients.invited', { email: email.trim() }),
      ['email', 'name', 'sites'],
    );
    if (ok) navigate(LIST);
  };
  return (
    <Stack spacing={2}>
      <Typography variant="h4" component="h1">
        {t('clients.form.createTitle')}
      </Typography>
      <Typography color="text.secondary">{t('clients.form.createHelp')}</Typography>
      <Stack component="form" spacing={2} onSubmit={submit} noValidate>
        <TextField
          label={t('team.email')}
          type="email"
          value={email}
          required
          disabled={busy}
          error={!!errors.email}
          helperText={errors.email}
          onChange={(e) => setEmail(e.target.value)}
          slotProps={{ htmlInput: { maxLength: 254 } }}
          sx={{ maxWidth: 560 }}
        />
        <NameField value={name} onChange={setName} error={errors.name} disabled={busy} />
        <MatrixCard value={access} onChange={setAccess} disabled={busy} error={errors.sites} />
        <Stack direction="row" spacing={1}>
          <Button type="submit" variant="contained" disabled={busy}>
            {t('clients.form.send')}
          </Button>
          <Button component={RouterLink} to={LIST}>
            {t('team.cancel')}
          </Button>
        </Stack>
      </Stack>
    </Stack>
  );
}

const accessOf = (client: ClientDetails): SiteAccessMap => Object.fromEntries(client.sites.map((s) => [s.site_id, s.access]));

/** /app/clients/edit/{id}: the name and the levels per site and area, and who changed what and when. */
export function EditClientPage() {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const { id } = useParams();
  const [client, setClient] = useState<ClientDetails | null>(null);
  const [name, setName] = useState('');
  const [access, setAccess] = useState<SiteAccessMap>({});
  const [missing, setMissing] = useState(false);
  const { errors, busy, save } = useTeamSave();

  useEffect(() => {
    get<ClientDetails>(`${CLIENTS_API}${id}`).then(
      (c) => {
        setClient(c);
        setName(c.name);
        setAccess(accessOf(c));
      },
      (err) => {
        if (err instanceof ApiFailure && (err.error.status === 404 || err.error.status === 400)) setMissing(true);
        else enqueueSnackbar(t('team.loadFailed'), { variant: 'error' });
      },
    );
  }, [id, enqueueSnackbar, t]);

  if (missing)
    return (
      <Stack spacing={2}>
        <Typography variant="h4" component="h1">
          {t('clients.notFoundTitle')}
        </Typography>
        <Alert severity="warning">{t('clients.notFound')}</Alert>
        <Button component={RouterLink} to={LIST} sx={{ alignSelf: 'flex-start' }}>
          {t('clients.backToList')}
        </Button>
      </Stack>
    );
  if (!client) return null;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const ok = await save(() => put(`${CLIENTS_API}${client.id}`, { name, sites: sitesInput(access) }), t('team.saved'), [
      'name',
      'sites',
    ]);
    if (ok) {
      const fresh = await get<ClientDetails>(`${CLIENTS_API}${client.id}`);
      setClient(fresh);
      setAccess(accessOf(fresh));
    }
  };

  return (
    <Stack spacing={2}>
      <Typography variant="h4" component="h1" sx={{ overflowWrap: 'anywhere' }}>
        {t('clients.form.editTitle', { name: client.name })}
      </Typography>
      <Typography sx={{ overflowWrap: 'anywhere' }}>{client.email}</Typography>
      <MemberStatus status={client.status} expiresAt={client.invitation_expires_at} />
      <Stack component="form" spacing={2} onSubmit={submit} noValidate>
        <NameField value={name} onChange={setName} error={errors.name} disabled={busy} />
        <MatrixCard value={access} onChange={setAccess} disabled={busy} error={errors.sites} />
        <Stack direction="row" spacing={1}>
          <Button type="submit" variant="contained" disabled={busy}>
            {t('team.save')}
          </Button>
          <Button component={RouterLink} to={LIST}>
            {t('team.cancel')}
          </Button>
        </Stack>
      </Stack>
      <ChangeHistory events={client.events} />
    </Stack>
  );
}
