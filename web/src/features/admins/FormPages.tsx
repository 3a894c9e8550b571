import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { useSnackbar } from 'notistack';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import TextField from '@mui/material/TextField';
import Button from '@mui/material/Button';
import Alert from '@mui/material/Alert';
import type { AdminDetails } from '@splashboard/contract';
import { ApiFailure, fieldErrors, get, post, put } from '../../app/api.ts';
import { useErrorText } from '../../app/errorText.ts';
import { ChangeHistory, MemberStatus } from './team.tsx';
import { ADMINS_API } from './AdminsPage.tsx';

const LIST = '/app/admins';

/** Sends a form and says how it went: the fields' messages under them, a toast either way. */
export function useTeamSave() {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const errorText = useErrorText();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const save = async (send: () => Promise<unknown>, done: string, fields: string[]) => {
    setBusy(true);
    setErrors({});
    try {
      await send();
      enqueueSnackbar(done, { variant: 'success' });
      return true;
    } catch (err) {
      const found = errorText.fields(fieldErrors(err));
      setErrors(found);
      const marked = Object.keys(found).some((k) => fields.includes(k));
      enqueueSnackbar(marked ? t('team.checkFields') : errorText.error(err, t('team.saveFailed')), { variant: 'error' });
      return false;
    } finally {
      setBusy(false);
    }
  };
  return { errors, busy, save };
}

/** /app/admins/create: email and name; the server emails the invitation. */
export function CreateAdminPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [name, setName] = useState('');
  const { errors, busy, save } = useTeamSave();
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const ok = await save(() => post(ADMINS_API, { email, name }), t('admins.invited', { email: email.trim() }), [
      'email',
      'name',
    ]);
    if (ok) navigate(LIST);
  };
  return (
    <Stack spacing={2} sx={{ maxWidth: 560 }}>
      <Typography variant="h4" component="h1">
        {t('admins.form.createTitle')}
      </Typography>
      <Typography color="text.secondary">{t('admins.form.createHelp')}</Typography>
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
        />
        <TextField
          label={t('team.name')}
          value={name}
          required
          disabled={busy}
          error={!!errors.name}
          helperText={errors.name}
          onChange={(e) => setName(e.target.value)}
          slotProps={{ htmlInput: { maxLength: 120 } }}
        />
        <Stack direction="row" spacing={1}>
          <Button type="submit" variant="contained" disabled={busy}>
            {t('admins.form.send')}
          </Button>
          <Button component={RouterLink} to={LIST}>
            {t('team.cancel')}
          </Button>
        </Stack>
      </Stack>
    </Stack>
  );
}

/** /app/admins/edit/{id}: the name, and who changed what and when. */
export function EditAdminPage() {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const { id } = useParams();
  const [admin, setAdmin] = useState<AdminDetails | null>(null);
  const [name, setName] = useState('');
  const [missing, setMissing] = useState(false);
  const { errors, busy, save } = useTeamSave();

  useEffect(() => {
    get<AdminDetails>(`${ADMINS_API}${id}`).then(
      (a) => {
        setAdmin(a);
        setName(a.name);
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
          {t('admins.notFoundTitle')}
        </Typography>
        <Alert severity="warning">{t('admins.notFound')}</Alert>
        <Button component={RouterLink} to={LIST} sx={{ alignSelf: 'flex-start' }}>
          {t('admins.backToList')}
        </Button>
      </Stack>
    );
  if (!admin) return null;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const ok = await save(() => put(`${ADMINS_API}${admin.id}`, { name }), t('team.saved'), ['name']);
    if (ok) setAdmin(await get<AdminDetails>(`${ADMINS_API}${admin.id}`));
  };

  return (
    <Stack spacing={2} sx={{ maxWidth: 800 }}>
      <Typography variant="h4" component="h1" sx={{ overflowWrap: 'anywhere' }}>
        {t('admins.form.editTitle', { name: admin.name })}
      </Typography>
      <Typography sx={{ overflowWrap: 'anywhere' }}>{admin.email}</Typography>
      <MemberStatus status={admin.status} expiresAt={admin.invitation_expires_at} owner={admin.is_owner} />
      <Stack component="form" spacing={2} onSubmit={submit} noValidate sx={{ maxWidth: 560 }}>
        <TextField
          label={t('team.name')}
          value={name}
          required
          disabled={busy}
          error={!!errors.name}
          helperText={errors.name}
          onChange={(e) => setName(e.target.value)}
          slotProps={{ htmlInput: { maxLength: 120 } }}
        />
        <Stack direction="row" spacing={1}>
          <Button type="submit" variant="contained" disabled={busy}>
            {t('team.save')}
          </Button>
          <Button component={RouterLink} to={LIST}>
            {t('team.cancel')}
          </Button>
        </Stack>
      </Stack>
      <ChangeHistory events={admin.events} />
    </Stack>
  );
}
