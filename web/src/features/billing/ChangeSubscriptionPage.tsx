import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useParams, useSearchParams } from 'react-router';
import { useSnackbar } from 'notistack';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  splitPlanId,
  type BillingCard,
  type ChargePreview,
  type PlanId,
  type Plans,
  type Subscription,
} from '@splashboard/contract';
import { useAppDispatch, useAppSelector } from '../../app/hooks.ts';
import { useErrorText } from '../../app/errorText.ts';
import { billingApi, reloadAccount } from './billingApi.ts';
import { chargeFlowOf, chargedAtTrialEnd, flowOf, initialPlan } from './flows.ts';
import { PlanPicker } from './PlanPicker.tsx';
import { CardLine } from './CardLine.tsx';
import { ChargeSummary } from './ChargeSummary.tsx';
import { PaymentElement } from './PaymentElement.tsx';
import { formatMoney } from './money.ts';
import './i18n.ts';
import { SectionCard } from '../../components/SectionCard.tsx';

/** /change-subscription/{flow}: choose a plan, the card, see what is charged, confirm. */
export function ChangeSubscriptionPage() {
  const { t } = useTranslation();
  const flow = flowOf(useParams().flow);
  const billingAccess = useAppSelector((s) => Boolean(s.session.user?.billing_access));
  return (
    <Box component="main" sx={{ minHeight: '100vh', bgcolor: 'background.default', p: { xs: 2, md: 4 } }}>
      <Stack spacing={3} sx={{ maxWidth: 1000, mx: 'auto' }}>
        <Typography variant="h4" component="h1">
          {t(`billing.change.title.${flow}`)}
        </Typography>
        {billingAccess ? <ChangeSubscription flow={flow} /> : <Alert severity="warning">{t('billing.change.noAccess')}</Alert>}
        <Button component={RouterLink} to="/app/account/subscription" sx={{ alignSelf: 'flex-start' }}>
          {t('billing.change.back')}
        </Button>
      </Stack>
    </Box>
  );
}

function ChangeSubscription({ flow }: { flow: ReturnType<typeof flowOf> }) {
  const { t, i18n } = useTranslation();
  const errorText = useErrorText();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const { enqueueSnackbar } = useSnackbar();
  const [query] = useSearchParams();
  const charge = chargeFlowOf(flow);
  const [loaded, setLoaded] = useState<{ sub: Subscription; plans: Plans; card: BillingCard } | null>(null);
  const [planId, setPlanId] = useState<PlanId | null>(null);
  const [newCard, setNewCard] = useState(false);
  const [preview, setPreview] = useState<ChargePreview | null>(null);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    Promise.all([billingApi.subscription(), billingApi.plans(), billingApi.card()]).then(
      ([sub, plans, card]) => {
        setLoaded({ sub, plans, card });
        setPlanId(initialPlan(query.get('plan'), sub));
        setNewCard(!card.card_details);
      },
      (e: unknown) => setError(errorText.error(e, t('billing.loadFailed'))),
    );
    // The page's data is read once; the query's plan is only the first choice.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const hasCard = Boolean(loaded?.card.card_details);
  // A change to the plan already held has nothing to preview (the server refuses it).
  const samePlan = charge === 'change' && planId !== null && planId === loaded?.sub.plan_id;
  useEffect(() => {
    setPreview(null);
    if (!planId || !hasCard || samePlan) return;
    let gone = false;
    setError('');
    billingApi.preview(charge, planId).then(
      (p) => !gone && setPreview(p),
      (e: unknown) => !gone && setError(errorText.error(e, t('billing.errors.planUpdateFailed'))),
    );
    return () => {
      gone = true;
    };
  }, [charge, planId, hasCard, samePlan, errorText, t]);

  if (!loaded || !planId) return error ? <Alert severity="error">{error}</Alert> : <LinearProgress />;
  if (!loaded.sub.billing_enabled) return <Alert severity="info">{t('billing.off')}</Alert>;

  // Withdrawing a cancellation keeps the plan as it is.
  const planKept = flow === 'reactivate' && loaded.sub.cancel_at_period_end;
  const cardSaved = (card: BillingCard) => {
    setLoaded({ ...loaded, card });
    setNewCard(false);
    enqueueSnackbar(t('billing.cardSaved'), { variant: 'success' });
  };
  const confirm = async () => {
    setBusy(true);
    setError('');
    try {
      await billingApi.confirm(charge, planId);
      await reloadAccount(dispatch);
      const plan = t(`signup.plans.${splitPlanId(planId).tier}`);
      enqueueSnackbar(planKept ? t('billing.change.reactivated', { plan }) : t('billing.change.done', { plan }), {
        variant: 'success',
      });
      navigate('/app/account/subscription');
    } catch (e) {
      setError(errorText.error(e, t('billing.errors.planUpdateFailed')));
    } finally {
      setBusy(false);
    }
  };
  const atTrialEnd = chargedAtTrialEnd(loaded.sub, charge) ? loaded.sub.trial_end : null;

  return (
    <Stack spacing={3}>
      <Typography color="text.secondary">{t(`billing.change.intro.${flow}`)}</Typography>
      <SectionCard title={t('billing.change.stepPlan')}>
        {planKept ? (
          <Typography>{t('billing.change.planKept', { plan: t(`signup.plans.${splitPlanId(planId).tier}`) })}</Typography>
        ) : (
          <PlanPicker plans={loaded.plans} value={planId} current={loaded.sub.plan_id} onChange={setPlanId} />
        )}
      </SectionCard>
      <SectionCard title={t('billing.change.stepCard')}>
        {newCard ? (
          <>
            <PaymentElement
              setupIntent={billingApi.setupIntent}
              save={async (token) => cardSaved(await billingApi.saveCard(token))}
            />
            {hasCard && (
              <Button onClick={() => setNewCard(false)} sx={{ alignSelf: 'flex-start' }}>
                {t('billing.change.keepCard')}
              </Button>
            )}
          </>
        ) : (
          <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
            <CardLine card={loaded.card.card_details} />
            <Button onClick={() => setNewCard(true)}>{t('billing.change.useOtherCard')}</Button>
          </Stack>
        )}
      </SectionCard>
      <SectionCard title={t('billing.change.stepConfirm')}>
        {!hasCard && <Typography color="text.secondary">{t('billing.change.needCard')}</Typography>}
        {samePlan && <Typography color="text.secondary">{t('billing.change.otherPlan')}</Typography>}
        {hasCard && !samePlan && !preview && !error && <LinearProgress />}
        {preview && <ChargeSummary preview={preview} atTrialEnd={atTrialEnd} />}
        {error && <Alert severity="error">{error}</Alert>}
        <Button
          variant="contained"
          size="large"
          disabled={!preview || busy || newCard}
          onClick={confirm}
          sx={{ alignSelf: 'flex-start' }}
        >
          {preview && preview.amount_due_now > 0
            ? t('billing.change.confirm', { money: formatMoney(preview.amount_due_now, preview.currency, i18n.language) })
            : t('billing.change.confirmFree')}
        </Button>
      </SectionCard>
    </Stack>
  );
}
