import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router';
import { useSnackbar } from 'notistack';
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
import { loggedOut, signedIn, tfCancelled, tfRequired, type Store } from '../../app/store.ts';
import { CenteredCard } from '../../layout/CenteredCard.tsx';
import { useErrorText } from '../../app/errorText.ts';
import { GoogleButton } from './GoogleButton.tsx';

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
  // A provider's white-label domain shows its own sign-in page (GET /a/api/v1/brand, signed out).
  const brand = useAppSelector((s) => s.brand.login_page);
  const buttonColour = brand?.button_color
    ? { bgcolor: brand.button_color, '&:hover': { bgcolor: brand.button_color, filter: 'brightness(0.9)' } }
    : undefined;
  const errorText = useErrorText();
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const [useRecovery, setUseRecovery] = useState(false);
  const { enqueueSnackbar } = useSnackbar();
  // A word from the page that sent the user here (a password just reset while two-factor is on).
  const notice = (useLocation().state as { notice?: string } | null)?.notice;

  const finish = async (user: Profile) => {
    // Signed in already (/login-unprotected, to change account): the other user's stored state goes first.
    if (store.getState().session.user) dispatch(loggedOut());
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
      const typed = String(form.get('code') ?? '').trim();
      const answer = await post<{ user: Profile; recovery_codes_left?: number }>('/tf-validate', {
        ...(useRecovery ? { recovery_code: typed } : { code: typed }),
        csrf_token: tfToken,
      });
      if (answer.recovery_codes_left !== undefined) {
        enqueueSnackbar(t('auth.recoveryLeft', { count: answer.recovery_codes_left }), {
          variant: answer.recovery_codes_left > 2 ? 'info' : 'warning',
        });
      }
      await finish(answer.user);
    } catch (err) {
      setError(
        err instanceof ApiFailure && err.error.status === 422
          ? useRecovery
            ? errorText.error(err, t('auth.loginFailed'))
            : t('account.tfInvalid')
          : errorText.error(err, t('auth.loginFailed')),
      );
    } finally {
      setBusy(false);
    }
  };

  if (tfToken) {
    return (
      <CenteredCard title={t('auth.tfTitle')} brand={brand && { ...brand, heading: '', subheading: '' }}>
        <Stack component="form" spacing={2} onSubmit={submitCode} noValidate>
          <Typography color="text.secondary">{useRecovery ? t('auth.recoveryHelp') : t('auth.tfHelp')}</Typography>
          <TextField
            key={String(useRecovery)}
            name="code"
            label={useRecovery ? t('auth.recoveryCode') : t('auth.code')}
            autoComplete={useRecovery ? 'off' : 'one-time-code'}
            inputMode={useRecovery ? 'text' : 'numeric'}
            required
            autoFocus
          />
          {error && <Alert severity="error">{error}</Alert>}
          <Button type="submit" variant="contained" disabled={busy}>
            {t('auth.verify')}
          </Button>
          {/* Lost phone: one of the recovery codes saved when two-factor was turned on. */}
          <Link
            component="button"
            type="button"
            onClick={() => {
              setUseRecovery(!useRecovery);
              setError('');
            }}
          >
            {useRecovery ? t('auth.useAppCode') : t('auth.useRecoveryCode')}
          </Link>
          {/* The code step can be left, e.g. when its token has expired. */}
          <Button onClick={() => dispatch(tfCancelled())}>{t('common.back')}</Button>
        </Stack>
      </CenteredCard>
    );
  }
  return (
    <CenteredCard title={t('auth.signInTitle')} brand={brand}>
      <Stack component="form" spacing={2} onSubmit={submitPassword}>
        {notice && <Alert severity="success">{notice}</Alert>}
        <TextField name="email" type="email" label={t('auth.email')} autoComplete="username" required autoFocus />
        <TextField name="password" type="password" label={t('auth.password')} autoComplete="current-password" required />
        {error && <Alert severity="error">{error}</Alert>}
        <Link component={RouterLink} to="/password/forgot" sx={{ alignSelf: 'flex-start' }}>
          {t('auth.forgotLink')}
        </Link>
        <Button type="submit" variant="contained" disabled={busy} sx={buttonColour}>
          {t('auth.signIn')}
        </Button>
        <GoogleButton intent="login" />
        <Link component={RouterLink} to="/register">
          {t('auth.noAccount')}
        </Link>
      </Stack>
    </CenteredCard>
  );
}
