import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useParams, useSearchParams } from 'react-router';
import { useStore } from 'react-redux';
import { useSnackbar } from 'notistack';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import LinearProgress from '@mui/material/LinearProgress';
import { AUTH_METHODS, type Profile, type Site } from '@splashboard/contract';
import { fieldErrors, get, post } from '../../app/api.ts';
import { useAppDispatch } from '../../app/hooks.ts';
import { loadSite } from '../../app/session.ts';
import { draftCleared, profileLoaded, type Store } from '../../app/store.ts';
import { CenteredCard } from '../../layout/CenteredCard.tsx';
import { MethodChecks, RouterField } from './SiteFields.tsx';
import { SiteImages } from './SiteImages.tsx';
import { useErrorText } from '../../app/errorText.ts';
import { ONBOARDING_STEPS } from './onboardingSteps.ts';

/**
 * Create a location: name, router, login methods, and a logo and background or the choice to skip
 * them. The onboarding steps fill the same draft, so their answers arrive here filled in.
 */
export function NewSitePage() {
  const { t } = useTranslation();
  const { first } = useParams();
  const [params] = useSearchParams();
  // After the guided steps (they link here with ?steps=done): the last step, not a fresh start.
  const guided = params.get('steps') === 'done';
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const store = useStore() as Store;
  const { enqueueSnackbar } = useSnackbar();
  const errorText = useErrorText();
  const [name, setName] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const clear = (field: string) => setErrors((e) => ({ ...e, [field]: '' }));

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const draft = store.getState().onboarding;
    const local: Record<string, string> = {};
    if (!name.trim()) local.name = t('sites.nameRequired');
    if (!draft.router_type) local.router_type = t('sites.routerRequired');
    if (draft.auth_methods.length === 0) local.auth_methods = t('sites.selectOne');
    if (!draft.skip_image && !draft.logo_image && !draft.html_image) local.skip_image = t('sites.imageOrSkip');
    if (Object.keys(local).length) return setErrors(local);
    try {
      const site = await post<Site>('/s/api/v1/site/', {
        name,
        router_type: draft.router_type,
        auth_methods: draft.auth_methods,
        skip_image: draft.skip_image,
        ...(draft.logo_image ? { logo_image: draft.logo_image } : {}),
        ...(draft.html_image ? { html_image: draft.html_image } : {}),
      });
      dispatch(profileLoaded(await get<Profile>('/a/api/v1/profile/')));
      dispatch(draftCleared());
      await loadSite(store, site.id);
      navigate(`/app/reports/dashboard?site=${site.id}`);
    } catch (err) {
      setErrors(errorText.fields(fieldErrors(err)));
      enqueueSnackbar(t('sites.createFailed'), { variant: 'error' });
    }
  };

  return (
    <CenteredCard title={guided ? t('onboarding.last.title') : t('sites.newTitle')}>
      <Stack component="form" spacing={2} onSubmit={submit} noValidate>
        {guided ? (
          <>
            <Typography variant="caption" color="text.secondary">
              {t('onboarding.stepOf', { step: ONBOARDING_STEPS.length + 1, count: ONBOARDING_STEPS.length + 1 })}
            </Typography>
            <LinearProgress variant="determinate" value={100} aria-label={t('onboarding.progress')} />
            <Typography color="text.secondary">{t('onboarding.last.help')}</Typography>
          </>
        ) : (
          <>
            <Typography color="text.secondary">{t('sites.newHelp')}</Typography>
            <Link component={RouterLink} to={`/signup/registration/deployment/1${first ? `/${first}` : ''}`}>
              {t('onboarding.guided')}
            </Link>
          </>
        )}
        <TextField
          label={t('sites.name')}
          value={name}
          onChange={(e) => {
            setName(e.target.value);
            clear('name');
          }}
          required
          autoFocus
          error={!!errors.name}
          helperText={errors.name}
        />
        <RouterField error={errors.router_type} onChange={() => clear('router_type')} />
        <MethodChecks
          methods={AUTH_METHODS}
          label={t('sites.authMethods')}
          error={errors.auth_methods}
          onChange={() => clear('auth_methods')}
        />
        <SiteImages error={errors.skip_image || errors.logo_image || errors.html_image} />
        <Button type="submit" variant="contained">
          {t('sites.create')}
        </Button>
        {guided && (
          <Button component={RouterLink} to={`/signup/registration/${ONBOARDING_STEPS.at(-1)}${first ? `/${first}` : ''}`}>
            {t('common.back')}
          </Button>
        )}
        {!first && (
          <Button component={RouterLink} to="/app/reports/dashboard">
            {t('common.cancel')}
          </Button>
        )}
      </Stack>
    </CenteredCard>
  );
}
