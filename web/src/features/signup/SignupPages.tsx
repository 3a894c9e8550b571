import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useParams, useSearchParams } from 'react-router';
import { useStore } from 'react-redux';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Button from '@mui/material/Button';
import Alert from '@mui/material/Alert';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import { DEPLOYMENT_TYPES, PLAN_TYPES, type PlanType, type Profile } from '@splashboard/contract';
import { fieldErrors, post } from '../../app/api.ts';
import { useAppDispatch } from '../../app/hooks.ts';
import { startUp } from '../../app/session.ts';
import { track } from '../../app/telemetry.ts';
import { signedIn, type Store } from '../../app/store.ts';
import { CenteredCard } from '../../layout/CenteredCard.tsx';
import { useErrorText } from '../../app/errorText.ts';
import { PlanField } from './PlanField.tsx';
import { GoogleButton } from '../auth/GoogleButton.tsx';

/** The fields of the registration form, which show their own errors. */
const FORM_FIELDS = new Set([
  'account_name',
  'account_url',
  'displayname',
  'password',
  'confirm_password',
  'plan_type',
  'deployment_type',
  'deployment_type_other_text',
]);

const planOf = (p: string | undefined): PlanType =>
  (PLAN_TYPES as readonly string[]).includes(p ?? '') ? (p as PlanType) : 'collect';

/** Step 1: the email address, to which we send a link. */
export function RegisterPage() {
  const { t } = useTranslation();
  const { plan } = useParams();
  const [sent, setSent] = useState(false);
  const [error, setError] = useState('');
  const errorText = useErrorText();
  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    try {
      await post('/a/api/v1/registration/email/verify', {
        email: new FormData(e.currentTarget).get('email'),
        plan_type: planOf(plan),
      });
      setSent(true);
    } catch (err) {
      const emailError = fieldErrors(err).email;
      setError(emailError ? errorText.field(emailError) : errorText.error(err, t('common.unknownError')));
    }
  };
  return (
    <CenteredCard title={t('signup.registerTitle')}>
      {sent ? (
        <Alert severity="success">{t('signup.linkSent')}</Alert>
      ) : (
        <Stack component="form" spacing={2} onSubmit={submit}>
          <Typography color="text.secondary">{t('signup.registerHelp')}</Typography>
          <TextField name="email" type="email" label={t('auth.email')} required autoFocus error={!!error} helperText={error} />
          <Button type="submit" variant="contained">
            {t('signup.sendLink')}
          </Button>
          <GoogleButton intent="register" plan={planOf(plan)} />
          <Link component={RouterLink} to="/login">
            {t('signup.haveAccount')}
          </Link>
        </Stack>
      )}
    </CenteredCard>
  );
}

/**
 * A link that failed (expired or used): the failure, and a button that sends a new link to the address the
 * link was for, signed in or not. The server answers the same whatever the link (429 when asked too often).
 */
function LinkFailed({ token }: { token: string }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const [state, setState] = useState<'idle' | 'sending' | 'sent'>('idle');
  const [error, setError] = useState('');
  const resend = async () => {
    setState('sending');
    setError('');
    try {
      await post('/a/api/v1/registration/email/resend', { token });
      setState('sent');
    } catch (err) {
      setError(errorText.error(err, t('common.somethingWentWrong')));
      setState('idle');
    }
  };
  return (
    <Stack spacing={2}>
      <Alert severity="error">{t('signup.validationFailed')}</Alert>
      {state === 'sent' ? (
        <Alert severity="success" role="status">
          {t('signup.resent')}
        </Alert>
      ) : (
        <>
          <Typography color="text.secondary">{t('signup.resendHelp')}</Typography>
          <Button variant="contained" onClick={() => void resend()} disabled={state === 'sending'}>
            {state === 'sending' ? t('signup.resending') : t('signup.resend')}
          </Button>
        </>
      )}
      {error && <Alert severity="warning">{error}</Alert>}
    </Stack>
  );
}

/** Step 2: the link from the email; a known address is confirmed, a new one goes on to the details. */
export function VerificationPage() {
  const { t } = useTranslation();
  const { token } = useParams();
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const store = useStore() as Store;
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    (async () => {
      const v = await post<{ email: string; plan_type: string | null; registered: boolean }>(
        '/a/api/v1/registration/token/validate',
        { token },
      );
      if (!v.registered)
        return navigate(`/signup/registration/${planOf(v.plan_type ?? undefined)}?token=${encodeURIComponent(token!)}`, {
          replace: true,
        });
      const a = await post<{ user: Profile | null }>('/a/api/v1/registration/activate', { token });
      if (a.user) {
        dispatch(signedIn(a.user));
        await startUp(store);
        navigate('/app/reports/dashboard', { replace: true });
      } else navigate('/login', { replace: true });
    })().catch(() => setFailed(true));
  }, [token, navigate, dispatch, store]);
  return (
    <CenteredCard title={t('signup.registerTitle')}>
      {failed ? <LinkFailed token={token!} /> : <Typography>{t('signup.verifying')}</Typography>}
    </CenteredCard>
  );
}

/** Step 3: the registration draft; the account starts on a trial of the chosen plan. */
export function RegistrationPage() {
  const { t } = useTranslation();
  const { plan } = useParams();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const store = useStore() as Store;
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [deployment, setDeployment] = useState<string>('cafe');
  const errorText = useErrorText();
  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const body = Object.fromEntries(new FormData(e.currentTarget).entries()) as Record<string, string>;
    if (!body.account_url) delete body.account_url;
    if (body.password!.length < 7) return setErrors({ password: t('signup.passwordMin') });
    if (body.password !== body.confirm_password) return setErrors({ confirm_password: t('signup.passwordMatch') });
    try {
      const res = await post<{ user: Profile }>('/a/api/v1/registration/', {
        ...body,
        token: params.get('token') ?? undefined,
        for_your_own: true,
        account_type: 'business',
      });
      dispatch(signedIn(res.user));
      await startUp(store);
      track('user signed up', { plan_type: body.plan_type });
      navigate('/signup/registration/success');
    } catch (err) {
      const fe = errorText.fields(fieldErrors(err));
      if (fe.token) return setErrors({ ...fe, form: t('signup.validationFailed') });
      // A failure the form has no field for is still told.
      const shown = Object.keys(fe).some((k) => FORM_FIELDS.has(k));
      setErrors(shown ? fe : { ...fe, form: errorText.error(err, t('common.somethingWentWrong')) });
    }
  };
  const text = (name: string, label: string, type = 'text', autoComplete?: string, hint?: string) => (
    <TextField
      name={name}
      type={type}
      label={label}
      autoComplete={autoComplete}
      required
      // The name Google gave, when Google started the registration.
      defaultValue={name === 'displayname' ? (params.get('name') ?? undefined) : undefined}
      error={!!errors[name]}
      helperText={errors[name] ?? hint}
    />
  );
  return (
    <CenteredCard title={t('signup.detailsTitle')}>
      <Stack component="form" spacing={2} onSubmit={submit}>
        {text('account_name', t('signup.accountName'), 'text', 'organization')}
        <TextField
          name="account_url"
          slotProps={{ htmlInput: { inputMode: 'url' } }}
          label={t('signup.accountUrl')}
          autoComplete="url"
          error={!!errors.account_url}
          helperText={errors.account_url}
        />
        {text('displayname', t('signup.displayName'), 'text', 'name')}
        {text('password', t('auth.password'), 'password', 'new-password', t('auth.passwordRule'))}
        {text('confirm_password', t('signup.confirmPassword'), 'password', 'new-password')}
        <PlanField initial={planOf(plan)} />
        <TextField
          name="deployment_type"
          select
          label={t('signup.deploymentType')}
          value={deployment}
          onChange={(e) => setDeployment(e.target.value)}
        >
          {DEPLOYMENT_TYPES.map((d) => (
            <MenuItem key={d} value={d}>
              {t(`signup.deployments.${d}`)}
            </MenuItem>
          ))}
        </TextField>
        {deployment === 'other' && (
          <TextField
            name="deployment_type_other_text"
            label={t('signup.deploymentOther')}
            error={!!errors.deployment_type_other_text}
            helperText={errors.deployment_type_other_text}
          />
        )}
        {errors.form &&
          (errors.token && params.get('token') ? (
            <LinkFailed token={params.get('token')!} />
          ) : (
            <Alert severity="error">{errors.form}</Alert>
          ))}
        <Button type="submit" variant="contained">
          {t('signup.createAccount')}
        </Button>
      </Stack>
    </CenteredCard>
  );
}

export function RegistrationSuccessPage() {
  const { t } = useTranslation();
  return (
    <CenteredCard title={t('signup.successTitle')}>
      <Stack spacing={2}>
        <Typography>{t('signup.successBody')}</Typography>
        <Button component={RouterLink} to="/signup/registration/deployment/1/first" variant="contained">
          {t('signup.setUpLocation')}
        </Button>
      </Stack>
    </CenteredCard>
  );
}
