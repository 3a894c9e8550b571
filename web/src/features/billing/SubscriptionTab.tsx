import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useSnackbar } from 'notistack';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { BillingCard, Invoice, Subscription } from '@splashboard/contract';
import { useAppDispatch } from '../../app/hooks.ts';
import { subscriptionLoaded } from '../../app/store.ts';
import { useErrorText } from '../../app/errorText.ts';
import { billingApi, reloadAccount } from './billingApi.ts';
import { SubscriptionSummary } from './SubscriptionSummary.tsx';
import { UsageBars } from './UsageBars.tsx';
import { CardLine } from './CardLine.tsx';
import { PaymentElement } from './PaymentElement.tsx';
import { BillingAddressForm } from './BillingAddressForm.tsx';
import { InvoicesTable } from './InvoicesTable.tsx';
import { CancelDialog } from './CancelDialog.tsx';
import { formatDay } from './money.ts';
import './i18n.ts';

/** The account page's subscription tab: plan, usage, card, address, history and what can be done. */
export default function SubscriptionTab() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const [sub, setSub] = useState<Subscription | null>(null);
  const [failed, setFailed] = useState(false);
  const load = useCallback(
    () =>
      billingApi.subscription().then(
        (s) => {
          setSub(s);
          dispatch(subscriptionLoaded(s));
        },
        () => setFailed(true),
      ),
    [dispatch],
  );
  useEffect(() => {
    void load();
  }, [load]);
  if (failed) return <Alert severity="error">{t('account.failedToLoad')}</Alert>;
  if (!sub) return null;
  if (!sub.billing_enabled) return <Alert severity="info">{t('billing.off')}</Alert>;
  return <Billing sub={sub} reload={load} />;
}

function Billing({ sub, reload }: { sub: Subscription; reload: () => Promise<unknown> }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const errorText = useErrorText();
  const { enqueueSnackbar } = useSnackbar();
  const [card, setCard] = useState<BillingCard | null>(null);
  const [invoices, setInvoices] = useState<Invoice[] | null>(null);
  const [cardOpen, setCardOpen] = useState(false);
  const [cancelOpen, setCancelOpen] = useState(false);
  useEffect(() => {
    billingApi.card().then(setCard, () => setCard({ card_details: null }));
    billingApi.invoices().then(
      (r) => setInvoices(r.items),
      () => setInvoices([]),
    );
  }, [sub]);
  const ending = sub.cancel_at_period_end || sub.status === 'cancelled' || sub.status === 'expired';
  // A plan bought on Stripe (during the trial too) has a next charge until it is cancelled.
  const bought = sub.next_charge !== null;
  const portal = () =>
    billingApi.portal().then(
      ({ url }) => window.location.assign(url),
      (e: unknown) => enqueueSnackbar(errorText.error(e, t('common.somethingWentWrong')), { variant: 'error' }),
    );
  const cancelled = async () => {
    setCancelOpen(false);
    enqueueSnackbar(t('billing.cancelDialog.done', { date: formatDay(sub.current_period_end, i18n.language) }), {
      variant: 'success',
    });
    await reloadAccount(dispatch).catch(() => {});
    await reload();
  };
  return (
    <Stack spacing={4}>
      <SubscriptionSummary sub={sub} />
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
        {sub.status === 'trialing' && !bought && (
          <Button variant="contained" onClick={() => navigate('/change-subscription/buy_now')}>
            {t('billing.buyNow')}
          </Button>
        )}
        {ending && (
          <Button variant="contained" onClick={() => navigate('/change-subscription/reactivate')}>
            {t('billing.reactivate')}
          </Button>
        )}
        {!ending && (bought || sub.status !== 'trialing') && (
          <Button variant="contained" onClick={() => navigate('/change-subscription/change')}>
            {t('billing.changePlan')}
          </Button>
        )}
        {!ending && bought && (
          <Button color="error" onClick={() => setCancelOpen(true)}>
            {t('billing.cancel')}
          </Button>
        )}
        <Button onClick={portal}>{t('billing.portal')}</Button>
      </Stack>
      {sub.usage && (
        <Part title={t('billing.usageTitle')}>
          <UsageBars usage={sub.usage} />
        </Part>
      )}
      <Part title={t('billing.card')}>
        {card && (
          <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
            <CardLine card={card.card_details} />
            <Button onClick={() => setCardOpen(true)}>
              {card.card_details ? t('billing.updateCard') : t('billing.addCard')}
            </Button>
          </Stack>
        )}
      </Part>
      <Part title={t('billing.address')}>
        <BillingAddressForm />
      </Part>
      <Part title={t('billing.history')}>{invoices && <InvoicesTable invoices={invoices} />}</Part>
      <Dialog open={cardOpen} onClose={() => setCardOpen(false)} fullWidth maxWidth="sm">
        <DialogTitle>{t('billing.updateCard')}</DialogTitle>
        <DialogContent>
          {cardOpen && (
            <PaymentElement
              setupIntent={billingApi.setupIntent}
              save={async (token) => {
                setCard(await billingApi.saveCard(token));
                setCardOpen(false);
                enqueueSnackbar(t('billing.cardSaved'), { variant: 'success' });
                await reloadAccount(dispatch).catch(() => {});
              }}
            />
          )}
        </DialogContent>
      </Dialog>
      {sub.current_period_end && (
        <CancelDialog
          open={cancelOpen}
          periodEnd={formatDay(sub.current_period_end, i18n.language)}
          onClose={() => setCancelOpen(false)}
          onCancelled={cancelled}
        />
      )}
    </Stack>
  );
}

function Part({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack spacing={1.5} component="section" aria-label={title}>
      <Typography variant="h6" component="h2">
        {title}
      </Typography>
      {children}
    </Stack>
  );
}
