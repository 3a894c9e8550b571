import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { useStore } from 'react-redux';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Button from '@mui/material/Button';
import Alert from '@mui/material/Alert';
import Typography from '@mui/material/Typography';
import { PASSWORD_MIN, type Invitation, type Profile } from '@splashboard/contract';
import { ApiFailure, fieldErrors, get, post } from '../../app/api.ts';
import { useAppDispatch } from '../../app/hooks.ts';
import { startUp } from '../../app/session.ts';
import { signedIn, type Store } from '../../app/store.ts';
import { useErrorText } from '../../app/errorText.ts';
import { CenteredCard } from '../../layout/CenteredCard.tsx';
import './i18n.ts';

interface AcceptAnswer {
  csrf_token: string;
  user: Profile | null;
  tf_required: boolean;
  error: string | null;
}

const api = (token: string) => `/a/api/v1/invitation/${encodeURIComponent(token)}`;

/**
 * /invite/{token}: the emailed invitation. Shows the account, who invited and the email; takes a name and a
 * password, then the new user is signed in as at the sign-in page. A spent or expired link says the server's
 * words and leads to the sign-in page.
 */
export function InvitePage() {
  const { t } = useTranslation();
  const { token = '' } = useParams();
  const dispatch = useAppDispatch();
  const store = useStore() as Store;
  const navigate = useNavigate();
  const errorText = useErrorText();
  const [invitation, setInvitation] = useState<Invitation | null>(null);
  const [failed, setFailed] = useState('');
  const [name, setName] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let live = true;
    get<Invitation>(api(token)).then(
      (inv) => {
        if (!live) return;
        setInvitation(inv);
        setName(inv.name);
      },
      (err) => live && setFailed(errorText.error(err, t('common.somethingWentWrong'))),
    );
    return () => {
      live = false;
    };
  }, [token, errorText, t]);

  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    const password = String(form.get('password') ?? '');
    const confirm = String(form.get('password_confirm') ?? '');
    if (!name.trim()) return setErrors({ name: t('common.errors.required') });
    if (password.length < PASSWORD_MIN) return setErrors({ password: t('invite.passwordMin') });
    if (password !== confirm) return setErrors({ password_confirm: t('invite.passwordMatch') });
    setBusy(true);
    setErrors({});
    try {
      const answer = await post<AcceptAnswer>(api(token), { name, password, password_confirm: confirm });
      if (answer.user) {
        dispatch(signedIn(answer.user));
        await startUp(store);
        navigate('/app/reports/dashboard');
      } else navigate('/login');
    } catch (err) {
      const fields = errorText.fields(fieldErrors(err));
      if (Object.keys(fields).length) setErrors(fields);
      else if (err instanceof ApiFailure && [404, 410].includes(err.error.status))
        setFailed(errorText.error(err, t('common.somethingWentWrong')));
      else setErrors({ form: errorText.error(err, t('common.somethingWentWrong')) });
    } finally {
      setBusy(false);
    }
  };

  if (failed)
    return (
      <CenteredCard title={t('invite.failedTitle')}>
        <Stack spacing={2}>
          <Alert severity="error">{failed}</Alert>
          <Button component={RouterLink} to="/login" variant="contained" sx={{ alignSelf: 'flex-start' }}>
            {t('invite.toSignIn')}
          </Button>
        </Stack>
      </CenteredCard>
    );

  if (!invitation)
    return (
      <CenteredCard title={t('invite.loadingTitle')}>
        <Typography color="text.secondary">{t('common.loading')}</Typography>
      </CenteredCard>
    );

  return (
    <CenteredCard title={t('invite.title', { account: invitation.account_name })}>
      <Stack component="form" spacing={2} onSubmit={submit} noValidate>
        <Typography>{t('invite.invitedBy', { inviter: invitation.inviter_name, account: invitation.account_name })}</Typography>
        <Typography variant="body2" color="text.secondary">
          {t(invitation.role === 'admin' ? 'invite.asAdmin' : 'invite.asClient')}
        </Typography>
        <TextField
          label={t('invite.email')}
          value={invitation.email}
          slotProps={{ input: { readOnly: true }, htmlInput: { autoComplete: 'username' } }}
        />
        <TextField
          label={t('invite.name')}
          value={name}
          onChange={(e) => setName(e.target.value)}
          required
          autoComplete="name"
          error={Boolean(errors.name)}
          helperText={errors.name}
          slotProps={{ htmlInput: { maxLength: 120 } }}
        />
        <TextField
          name="password"
          type="password"
          label={t('invite.password')}
          autoComplete="new-password"
          required
          autoFocus
          error={Boolean(errors.password)}
          helperText={errors.password ?? t('invite.passwordRule')}
          slotProps={{ htmlInput: { maxLength: 200 } }}
        />
        <TextField
          name="password_confirm"
          type="password"
          label={t('invite.confirm')}
          autoComplete="new-password"
          required
          error={Boolean(errors.password_confirm)}
          helperText={errors.password_confirm}
          slotProps={{ htmlInput: { maxLength: 200 } }}
        />
        {errors.form && <Alert severity="error">{errors.form}</Alert>}
        <Button type="submit" variant="contained" disabled={busy}>
          {t('invite.accept')}
        </Button>
        <Typography variant="body2" color="text.secondary">
          {t('invite.twoFactor')}
        </Typography>
      </Stack>
    </CenteredCard>
  );
}
