import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { useStore } from 'react-redux';
import Stack from '@mui/material/Stack';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import LinearProgress from '@mui/material/LinearProgress';
import type { AuthMethod } from '@splashboard/contract';
import type { Store } from '../../app/store.ts';
import { CenteredCard } from '../../layout/CenteredCard.tsx';
import { MethodChecks, RouterField } from '../sites/SiteFields.tsx';
import { SiteImages } from '../sites/SiteImages.tsx';
import { ONBOARDING_STEPS, type OnboardingStep } from '../sites/onboardingSteps.ts';

const KEYS: Record<OnboardingStep, string> = {
  'deployment/1': 'deployment',
  'field-collect': 'fieldCollect',
  'branding-info': 'branding',
  'payment-onboarding': 'payment',
  'guestuser-onboarding': 'guestuser',
  'voucher-onboarding': 'voucher',
};

const COLLECT_METHODS: AuthMethod[] = ['clickthrough', 'email', 'phone', 'facebook', 'password', 'ageconsent', 'atos'];
const OFFER_METHODS: Partial<Record<OnboardingStep, AuthMethod[]>> = {
  'payment-onboarding': ['payment'],
  'guestuser-onboarding': ['guestuser'],
  'voucher-onboarding': ['voucher', 'multisitevoucher'],
};

/** What a step asks, and what must be answered before going on (an error message, or ''). */
function useStepBody(step: OnboardingStep): { body: ReactNode; check(): string } {
  const { t } = useTranslation();
  const store = useStore() as Store;
  const [error, setError] = useState('');
  const draft = () => store.getState().onboarding;
  const guard = (message: string, ok: () => boolean) => () => {
    const e = ok() ? '' : message;
    setError(e);
    return e;
  };
  switch (step) {
    case 'deployment/1':
      return {
        body: <RouterField error={error} onChange={() => setError('')} />,
        check: guard(t('sites.routerRequired'), () => Boolean(draft().router_type)),
      };
    case 'field-collect':
      return {
        body: <MethodChecks methods={COLLECT_METHODS} label={t('onboarding.fieldCollect.label')} />,
        check: () => '',
      };
    case 'branding-info':
      return {
        body: <SiteImages error={error} />,
        check: guard(t('sites.imageOrSkip'), () => {
          const d = draft();
          return d.skip_image || Boolean(d.logo_image || d.html_image);
        }),
      };
    default: {
      const methods = OFFER_METHODS[step]!;
      return {
        body: (
          <MethodChecks
            methods={methods}
            label={t(`onboarding.${KEYS[step]}.label`)}
            error={error}
            onChange={() => setError('')}
          />
        ),
        // The last offer is where the login methods are complete: at least one is needed.
        check: step === 'voucher-onboarding' ? guard(t('sites.selectOne'), () => draft().auth_methods.length > 0) : () => '',
      };
    }
  }
}

export function OnboardingPage({ step }: { step: OnboardingStep }) {
  const { t } = useTranslation();
  const { first } = useParams();
  const navigate = useNavigate();
  const index = ONBOARDING_STEPS.indexOf(step);
  const suffix = first ? `/${first}` : '';
  const to = (i: number) =>
    i < ONBOARDING_STEPS.length
      ? `/signup/registration/${ONBOARDING_STEPS[i]}${suffix}`
      : `/signup/registration/deployment${suffix}?steps=done`;
  const { body, check } = useStepBody(step);
  const key = KEYS[step];
  return (
    <CenteredCard title={t(`onboarding.${key}.title`)}>
      <Stack spacing={2}>
        <Typography variant="caption" color="text.secondary">
          {t('onboarding.stepOf', { step: index + 1, count: ONBOARDING_STEPS.length + 1 })}
        </Typography>
        <LinearProgress
          variant="determinate"
          value={((index + 1) / (ONBOARDING_STEPS.length + 1)) * 100}
          aria-label={t('onboarding.progress')}
        />
        <Typography color="text.secondary">{t(`onboarding.${key}.help`)}</Typography>
        {body}
        <Stack direction="row" spacing={1} sx={{ justifyContent: 'space-between', pt: 1 }}>
          {index > 0 ? (
            <Button component={RouterLink} to={to(index - 1)}>
              {t('common.back')}
            </Button>
          ) : first ? (
            <span />
          ) : (
            <Button component={RouterLink} to="/app/reports/dashboard">
              {t('common.cancel')}
            </Button>
          )}
          <Button
            variant="contained"
            onClick={() => {
              if (!check()) navigate(to(index + 1));
            }}
          >
            {t('common.next')}
          </Button>
        </Stack>
      </Stack>
    </CenteredCard>
  );
}
