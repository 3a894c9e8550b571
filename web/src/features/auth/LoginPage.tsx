import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { useStore } from 'react-redux';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Button from '@mui/material/Button';
import Alert from '@mui/material/Alert';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { Profile } from '@splashboard/contract';
import { ApiFailure, post } from '../../app/api.ts';
import { useAppDispatch, useAppSelector } from '../../app/hooks.ts';
import { startUp } from '../../app/session.ts';
import { signedIn, tfCancelled, tfRequired, type Store } from '../../app/store.ts';
import { CenteredCard } from '../../layout/CenteredCard.tsx';
import { useErrorText } from '../../app/errorText.ts';

interface LoginAnswer {
  csrf_token: string;
  user: Profile | null;
  tf_required: boolean;
  error: string | null;
  token?: string;
}

export function LoginPage() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const store = useStore() as Store;
  const navigate = useNavigate();
  const tfToken = useAppSelector((s) => s.session.tfToken);
  const errorText = useErrorText();
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  const finish = async (user: Profile) => {
    dispatch(signedIn(user));
    await startUp(store);
    navigate('/app/reports/dashboard');
  };

  const submitPassword = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    setBusy(true);
    setError('');
    try {
      const answer = await post<LoginAnswer>('/login', { email: form.get('email'), password: form.get('password') });
      if (answer.tf_required && answer.token) dispatch(tfRequired(answer.token));
      else if (answer.user) await finish(answer.user);
    } catch (err) {
      setError(errorText.error(err, t('auth.loginFailed')));
    } finally {
      setBusy(false);
    }
  };

  const submitCode = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    setBusy(true);
    setError('');
    try {
      const answer = await post<{ user: Profile }>('/tf-validate', {
        code: String(form.get('code') ?? '').trim(),
        csrf_token: tfToken,
      });
      await finish(answer.user);
    } catch (err) {
      setError(
        err instanceof ApiFailure && err.error.status === 422
          ? t('account.tfInvalid')
          : errorText.error(err, t('auth.loginFailed')),
      );
    } finally {
      setBusy(false);
    }
  };

  if (tfToken) {
    return (
      <CenteredCard title={t('auth.tfTitle')}>
        <Stack component="form" spacing={2} onSubmit={submitCode} noValidate>
          <Typography color="text.secondary">{t('auth.tfHelp')}</Typography>
          <TextField name="code" label={t('auth.code')} autoComplete="one-time-code" inputMode="numeric" required autoFocus />
          {error && <Alert severity="error">{error}</Alert>}
          <Button type="submit" variant="contained" disabled={busy}>
            {t('auth.verify')}
          </Button>
          {/* The code step can be left, e.g. when its token has expired. */}
          <Button onClick={() => dispatch(tfCancelled())}>{t('common.back')}</Button>
        </Stack>
      </CenteredCard>
    );
  }
  return (
    <CenteredCard title={t('auth.signInTitle')}>
      <Stack component="form" spacing={2} onSubmit={submitPassword}>
        <TextField name="email" type="email" label={t('auth.email')} autoComplete="username" required autoFocus />
        <TextField name="password" type="password" label={t('auth.password')} autoComplete="current-password" required />
        {error && <Alert severity="error">{error}</Alert>}
        <Button type="submit" variant="contained" disabled={busy}>
          {t('auth.signIn')}
        </Button>
        <Link component={RouterLink} to="/register">
          {t('auth.noAccount')}
        </Link>
      </Stack>
    </CenteredCard>
  );
}
