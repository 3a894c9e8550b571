import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { useStore } from 'react-redux';
import Stack from '@mui/material/Stack';
import Alert from '@mui/material/Alert';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import CircularProgress from '@mui/material/CircularProgress';
import { PLAN_TYPES, type GoogleCallbackAnswer } from '@splashboard/contract';
import { post } from '../../app/api.ts';
import { useAppDispatch } from '../../app/hooks.ts';
import { startUp } from '../../app/session.ts';
import { signedIn, tfRequired, type Store } from '../../app/store.ts';
import { CenteredCard } from '../../layout/CenteredCard.tsx';
import { useErrorText } from '../../app/errorText.ts';
import './google-i18n.ts';

/**
 * /google: where Google sends the browser back (?code&state, or ?error). The answer goes to the server, which
 * signs the user in (or asks for the two-factor code, on the sign-in page), or starts a registration with the
 * address Google vouched for.
 */
export function GooglePage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const store = useStore() as Store;
  const errorText = useErrorText();
  const [error, setError] = useState('');
  // The answer is good once: a second post (React's development double effect) would be refused.
  const sent = useRef(false);

  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    if (params.get('failure') === 'providerUnreachable') return setError(t('google.errors.providerUnreachable'));
    const state = params.get('state');
    if (!state) return setError(t('google.errors.stateMismatch'));
    const code = params.get('code');
    const denied = params.get('error');
    (async () => {
      const answer = await post<GoogleCallbackAnswer>('/google/callback', {
        state,
        ...(code ? { code } : {}),
        ...(denied ? { error: denied.slice(0, 200) } : {}),
      });
      if (answer.tf_required && answer.token) {
        dispatch(tfRequired(answer.token));
        navigate('/login', { replace: true });
      } else if (answer.user) {
        dispatch(signedIn(answer.user));
        await startUp(store);
        navigate('/app/reports/dashboard', { replace: true });
      } else if (answer.registration) {
        const { token, name, plan_type } = answer.registration;
        const plan = plan_type && (PLAN_TYPES as readonly string[]).includes(plan_type) ? plan_type : 'collect';
        const query = new URLSearchParams({ token, ...(name ? { name } : {}) });
        navigate(`/signup/registration/${plan}?${query.toString()}`, { replace: true });
      } else setError(t('google.failed'));
    })().catch((err: unknown) => setError(errorText.error(err, t('google.failed'))));
  }, [params, navigate, dispatch, store, errorText, t]);

  return (
    <CenteredCard title={t('google.title')}>
      <Stack spacing={2}>
        {error ? (
          <>
            <Alert severity="error">{error}</Alert>
            <Link component={RouterLink} to="/login">
              {t('google.backToSignIn')}
            </Link>
          </>
        ) : (
          <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
            <CircularProgress size={24} />
            <Typography>{t('google.working')}</Typography>
          </Stack>
        )}
      </Stack>
    </CenteredCard>
  );
}
