import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import { useTheme } from '@mui/material/styles';
import { loadMeta } from '../../app/meta.ts';
import { useErrorText } from '../../app/errorText.ts';
import { loadStripeJs, stripeLocale, type StripeElements, type StripeJs } from './stripeJs.ts';
import './i18n.ts';

export interface SetupIntentSecret {
  client_secret: string;
  publishable_key?: string;
}

interface Props {
  /** A new SetupIntent's client secret (and the publishable key it belongs to). */
  setupIntent: () => Promise<SetupIntentSecret>;
  /** Stores the card once Stripe has confirmed the SetupIntent (its id is the token the server checks). */
  save: (setupIntentId: string) => Promise<void>;
  submitLabel?: string;
}

/**
 * Stripe's Payment Element for entering a card: Stripe.js from the server's address, a SetupIntent
 * confirmed in the browser (card data never reaches our server), then `save` with the SetupIntent's id.
 */
export function PaymentElement({ setupIntent, save, submitLabel }: Props) {
  const { t, i18n } = useTranslation();
  const errorText = useErrorText();
  const dark = useTheme().palette.mode === 'dark';
  const target = useRef<HTMLDivElement>(null);
  const [stripe, setStripe] = useState<{ js: StripeJs; elements: StripeElements } | null>(null);
  const [ready, setReady] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');

  useEffect(() => {
    let gone = false;
    let element: { destroy(): void } | null = null;
    setReady(false);
    setError('');
    (async () => {
      const [meta, intent] = await Promise.all([loadMeta(), setupIntent()]);
      const Stripe = await loadStripeJs(meta.stripe_js_url);
      if (gone || !target.current) return;
      const js = Stripe(intent.publishable_key || meta.stripe_pk, { locale: stripeLocale(i18n.language) });
      const elements = js.elements({ clientSecret: intent.client_secret, appearance: { theme: dark ? 'night' : 'stripe' } });
      const payment = elements.create('payment', { layout: 'tabs' });
      payment.on('ready', () => !gone && setReady(true));
      payment.mount(target.current);
      element = payment;
      setStripe({ js, elements });
    })().catch((e: unknown) => !gone && setError(errorText.error(e, t('billing.payment.loadFailed'))));
    return () => {
      gone = true;
      element?.destroy();
    };
    // A new element for another language or theme; the callbacks' identity does not matter.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [i18n.language, dark]);

  const submit = async () => {
    if (!stripe) return;
    setBusy(true);
    setError('');
    try {
      const result = await stripe.js.confirmSetup({ elements: stripe.elements, redirect: 'if_required' });
      if (result.error || !result.setupIntent) {
        setError(result.error?.message ?? t('billing.errors.cardNotConfirmed'));
        return;
      }
      await save(result.setupIntent.id);
    } catch (e) {
      setError(errorText.error(e, t('billing.errors.cardNotConfirmed')));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack spacing={2}>
      {!ready && !error && <LinearProgress aria-label={t('common.loading')} />}
      <Box ref={target} data-testid="payment-element" sx={{ minHeight: ready ? undefined : 0 }} />
      {error && <Alert severity="error">{error}</Alert>}
      <Button variant="contained" onClick={submit} disabled={!ready || busy} sx={{ alignSelf: 'flex-start' }}>
        {busy ? t('billing.payment.saving') : (submitLabel ?? t('billing.payment.save'))}
      </Button>
    </Stack>
  );
}
