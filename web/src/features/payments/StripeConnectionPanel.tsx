import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnackbar } from 'notistack';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import TextField from '@mui/material/TextField';
import Button from '@mui/material/Button';
import Alert from '@mui/material/Alert';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import Skeleton from '@mui/material/Skeleton';
import { stripeKeysSchema, type StripeConnection } from '@splashboard/contract';
import { fieldErrors, post, put } from '../../app/api.ts';
import { useErrorText } from '../../app/errorText.ts';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { DetailsGrid, Field } from '../../components/Details.tsx';
import { packagesApi } from './paths.ts';
import { useStripeConnection } from './useStripeConnection.ts';
import './i18n.ts';

/** Starts (or continues) Stripe's Connect onboarding: the server answers the page to go to. */
function useConnectWithStripe(api: string) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const errorText = useErrorText();
  const [busy, setBusy] = useState(false);
  const connect = async () => {
    setBusy(true);
    try {
      const { url } = await post<{ url: string }>(`${api}/stripe/connect`);
      window.location.assign(url);
    } catch (err) {
      setBusy(false);
      enqueueSnackbar(errorText.error(err, t('payments.stripe.connectFailed')), { variant: 'error' });
    }
  };
  return { busy, connect };
}

/** The connected account: how, which, live or test, its masked key; Disconnect after a question. */
function Connected({
  c,
  api,
  disabled,
  onChange,
}: {
  c: StripeConnection;
  api: string;
  disabled: boolean;
  onChange: () => void;
}) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const errorText = useErrorText();
  const [asking, setAsking] = useState(false);
  const onboarding = useConnectWithStripe(api);
  const disconnect = async () => {
    try {
      await put(`${api}/stripe/disconnect`);
      enqueueSnackbar(t('payments.stripe.disconnectedDone'), { variant: 'success' });
      onChange();
    } catch (err) {
      enqueueSnackbar(errorText.error(err, t('payments.stripe.disconnectFailed')), { variant: 'error' });
    }
  };
  return (
    <>
      <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Chip color="success" label={t('payments.stripe.connected')} />
        {c.mode && <Typography>{t(`payments.stripe.connectedWith.${c.mode}`)}</Typography>}
      </Stack>
      {c.mode === 'connect' && !c.charges_enabled && (
        <Alert
          severity="warning"
          action={
            <Button color="inherit" size="small" disabled={disabled || onboarding.busy} onClick={() => void onboarding.connect()}>
              {t('payments.stripe.continueSetup')}
            </Button>
          }
        >
          {t('payments.stripe.chargesPending')}
        </Alert>
      )}
      <DetailsGrid>
        {c.stripe_account_id && <Field label={t('payments.stripe.accountId')}>{c.stripe_account_id}</Field>}
        <Field label={t('payments.stripe.mode')}>{t(c.livemode ? 'payments.stripe.live' : 'payments.stripe.test')}</Field>
        {c.payment_auth_field1 && <Field label={t('payments.stripe.secretKey')}>{c.payment_auth_field1}</Field>}
        {c.payment_auth_field2 && <Field label={t('payments.stripe.publishableKey')}>{c.payment_auth_field2}</Field>}
      </DetailsGrid>
      <Button
        variant="outlined"
        color="error"
        disabled={disabled}
        onClick={() => setAsking(true)}
        sx={{ alignSelf: 'flex-start' }}
      >
        {t('payments.stripe.disconnect')}
      </Button>
      <ConfirmDialog
        open={asking}
        title={t('payments.stripe.disconnectTitle')}
        body={t('payments.stripe.disconnectBody')}
        confirm={t('payments.stripe.disconnect')}
        onCancel={() => setAsking(false)}
        onConfirm={() => {
          setAsking(false);
          void disconnect();
        }}
      />
    </>
  );
}

/** Not connected: Connect with Stripe (where this server can), or the keys of the operator's own account. */
function NotConnected({
  c,
  api,
  disabled,
  onChange,
}: {
  c: StripeConnection;
  api: string;
  disabled: boolean;
  onChange: () => void;
}) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const errorText = useErrorText();
  const onboarding = useConnectWithStripe(api);
  const [keys, setKeys] = useState({ payment_auth_field1: '', payment_auth_field2: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  const saveKeys = async (e: FormEvent) => {
    e.preventDefault();
    const checked = stripeKeysSchema.safeParse(keys);
    if (!checked.success) return setErrors(errorText.issues(checked.error));
    setBusy(true);
    try {
      await put(`${api}/stripe/keys`, checked.data);
      enqueueSnackbar(t('payments.stripe.keysSaved'), { variant: 'success' });
      onChange();
    } catch (err) {
      setErrors(errorText.fields(fieldErrors(err)));
      enqueueSnackbar(errorText.error(err, t('payments.stripe.keysFailed')), { variant: 'error' });
    } finally {
      setBusy(false);
    }
  };
  const keyField = (name: keyof typeof keys, label: string) => (
    <TextField
      id={`stripe-${name}`}
      name={name}
      label={label}
      value={keys[name]}
      onChange={(e) => setKeys({ ...keys, [name]: e.target.value })}
      disabled={disabled}
      autoComplete="off"
      error={!!errors[name]}
      helperText={errors[name] || undefined}
      slotProps={{ htmlInput: { maxLength: 255, spellCheck: false } }}
    />
  );

  return (
    <>
      <Chip label={t('payments.stripe.disconnected')} sx={{ alignSelf: 'flex-start' }} />
      {c.stripe_connection_url && (
        <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
          <Button variant="contained" disabled={disabled || onboarding.busy} onClick={() => void onboarding.connect()}>
            {t('payments.stripe.connectButton')}
          </Button>
          <Typography variant="body2" color="text.secondary">
            {t('payments.stripe.connectHelp')}
          </Typography>
        </Stack>
      )}
      {c.show_stripe_keys && (
        <Stack component="form" spacing={2} onSubmit={saveKeys} noValidate>
          {c.stripe_connection_url && <Divider>{t('payments.stripe.or')}</Divider>}
          <Typography variant="body2" color="text.secondary">
            {t('payments.stripe.keysHelp')}
          </Typography>
          {keyField('payment_auth_field1', t('payments.stripe.secretKey'))}
          {keyField('payment_auth_field2', t('payments.stripe.publishableKey'))}
          <Button type="submit" variant="outlined" disabled={disabled || busy} sx={{ alignSelf: 'flex-start' }}>
            {t('payments.stripe.saveKeys')}
          </Button>
        </Stack>
      )}
    </>
  );
}

/** The Stripe part of the payment settings (the splash page designer's Payment tab). */
export function StripeConnectionPanel({ siteId, disabled }: { siteId: number; disabled: boolean }) {
  const { t, i18n } = useTranslation();
  const { connection, failed, reload } = useStripeConnection(siteId);
  const api = packagesApi(siteId);
  if (failed) return <Alert severity="error">{t('payments.stripe.loadFailed')}</Alert>;
  if (!connection) return <Skeleton variant="rounded" height={120} />;
  return (
    <Stack spacing={2}>
      <Typography variant="body2" color="text.secondary">
        {t('payments.stripe.intro')}
      </Typography>
      {connection.connected_to_stripe ? (
        <Connected c={connection} api={api} disabled={disabled} onChange={reload} />
      ) : (
        <NotConnected c={connection} api={api} disabled={disabled} onChange={reload} />
      )}
      <Typography variant="body2">
        {connection.transaction_fee_percent > 0
          ? t('payments.stripe.fee', { fee: new Intl.NumberFormat(i18n.language).format(connection.transaction_fee_percent) })
          : t('payments.stripe.noFee')}
      </Typography>
    </Stack>
  );
}
