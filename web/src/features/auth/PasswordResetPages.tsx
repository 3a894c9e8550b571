import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { useStore } from 'react-redux';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Button from '@mui/material/Button';
import Alert from '@mui/material/Alert';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { PASSWORD_MIN, type Profile } from '@splashboard/contract';
import { ApiFailure, fieldErrors, post } from '../../app/api.ts';
import { useAppDispatch } from '../../app/hooks.ts';
import { startUp } from '../../app/session.ts';
import { signedIn, type Store } from '../../app/store.ts';
import { CenteredCard } from '../../layout/CenteredCard.tsx';
import { useErrorText } from '../../app/errorText.ts';

/** Asks for a reset link. The answer is the same whether an account has the address or not. */
export function ForgotPasswordPage() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const [sent, setSent] = useState(false);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const email = String(new FormData(e.currentTarget).get('email') ?? '').trim();
    setBusy(true);
    setError('');
    try {
      await post('/password/forgot', { email });
      setSent(true);
    } catch (err) {
      setError(errorText.error(err, t('common.somethingWentWrong')));
    } finally {
      setBusy(false);
    }
  };

  return (
    <CenteredCard title={t('auth.forgotTitle')}>
      {sent ? (
        <Stack spacing={2}>
          <Alert severity="success">{t('auth.forgotSent')}</Alert>
          <Link component={RouterLink} to="/login">
            {t('auth.backToSignIn')}
          </Link>
        </Stack>
      ) : (
        <Stack component="form" spacing={2} onSubmit={submit}>
          <Typography color="text.secondary">{t('auth.forgotHelp')}</Typography>
          <TextField name="email" type="email" label={t('auth.email')} autoComplete="username" required autoFocus />
          {error && <Alert severity="error">{error}</Alert>}
          <Button type="submit" variant="contained" disabled={busy}>
            {t('auth.sendResetLink')}
          </Button>
          <Link component={RouterLink} to="/login">
            {t('auth.backToSignIn')}
          </Link>
        </Stack>
      )}
    </CenteredCard>
  );
}

interface ResetAnswer {
  user: Profile | null;
  csrf_token: string;
  tf_required: boolean;
}

/** The link's page: a new password (the registration rule shown under the field), then signed in. */
export function ResetPasswordPage() {
  const { t } = useTranslation();
  const { token = '' } = useParams();
  const dispatch = useAppDispatch();
  const store = useStore() as Store;
  const navigate = useNavigate();
  const errorText = useErrorText();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [linkFailed, setLinkFailed] = useState('');
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    const password = String(form.get('password') ?? '');
    const confirm = String(form.get('confirm_password') ?? '');
    if (password.length < PASSWORD_MIN) return setErrors({ password: t('signup.passwordMin') });
    if (password !== confirm) return setErrors({ confirm_password: t('signup.passwordMatch') });
    setBusy(true);
    setErrors({});
    setLinkFailed('');
    try {
      const answer = await post<ResetAnswer>('/password/reset', { token, password, confirm_password: confirm });
      if (answer.user) {
        dispatch(signedIn(answer.user));
        await startUp(store);
        navigate('/app/reports/dashboard');
      } else {
        navigate('/login', { state: { notice: t('auth.resetDoneSignIn') } });
      }
    } catch (err) {
      if (err instanceof ApiFailure && err.error.code === 'common.resetLinkFailed') setLinkFailed(errorText.error(err, ''));
      else {
        const fields = errorText.fields(fieldErrors(err));
        setErrors(Object.keys(fields).length ? fields : { form: errorText.error(err, t('common.somethingWentWrong')) });
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <CenteredCard title={t('auth.resetTitle')}>
      <Stack component="form" spacing={2} onSubmit={submit} noValidate>
        <Typography color="text.secondary">{t('auth.resetHelp')}</Typography>
        <TextField
          name="password"
          type="password"
          label={t('auth.newPassword')}
          autoComplete="new-password"
          required
          autoFocus
          error={Boolean(errors.password)}
          helperText={errors.password ?? t('auth.passwordRule')}
        />
        <TextField
          name="confirm_password"
          type="password"
          label={t('auth.confirmPassword')}
          autoComplete="new-password"
          required
          error={Boolean(errors.confirm_password)}
          helperText={errors.confirm_password}
        />
        {errors.form && <Alert severity="error">{errors.form}</Alert>}
        {linkFailed && (
          <Alert
            severity="error"
            action={
              <Button component={RouterLink} to="/password/forgot" color="inherit" size="small">
                {t('auth.askNewLink')}
              </Button>
            }
          >
            {linkFailed}
          </Alert>
        )}
        <Button type="submit" variant="contained" disabled={busy}>
          {t('auth.setPassword')}
        </Button>
        <Link component={RouterLink} to="/login">
          {t('auth.backToSignIn')}
        </Link>
      </Stack>
    </CenteredCard>
  );
}
