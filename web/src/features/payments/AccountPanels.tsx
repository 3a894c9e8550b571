import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnackbar } from 'notistack';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import TextField from '@mui/material/TextField';
import Button from '@mui/material/Button';
import type { PaymentAccount } from '@splashboard/contract';
import { fieldErrors, post } from '../../app/api.ts';
import { useErrorText } from '../../app/errorText.ts';
import { dateTime } from './format.ts';

/** A titled panel of the details page. */
function Panel({ title, help, children }: { title: string; help?: string; children: ReactNode }) {
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Stack spacing={1.5}>
        <Typography variant="h6" component="h2">
          {title}
        </Typography>
        {help && (
          <Typography variant="body2" color="text.secondary">
            {help}
          </Typography>
        )}
        {children}
      </Stack>
    </Paper>
  );
}

interface PanelProps {
  account: PaymentAccount;
  url: string;
  onChanged: () => void;
}

/** Runs a call, says what the server answered (or why it failed), and reloads on success. */
function useAction(onChanged: () => void) {
  const { enqueueSnackbar } = useSnackbar();
  const errorText = useErrorText();
  const [busy, setBusy] = useState(false);
  const run = async (call: () => Promise<unknown>, done: string, failed: string) => {
    setBusy(true);
    try {
      await call();
      enqueueSnackbar(done, { variant: 'success' });
      onChanged();
      return true;
    } catch (err) {
      enqueueSnackbar(errorText.error(err, failed), { variant: 'error' });
      return false;
    } finally {
      setBusy(false);
    }
  };
  return { busy, run };
}

/** A device added by its MAC address. */
export function ConnectDevicePanel({ url, onChanged }: Omit<PanelProps, 'account'>) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const { enqueueSnackbar } = useSnackbar();
  const [guestmac, setGuestmac] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const connect = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    try {
      const res = await post<{ access?: 'granted_now' | 'on_next_arrival' | 'grant_failed'; detail?: string }>(`${url}/connect`, {
        guestmac: guestmac.trim(),
      });
      setGuestmac('');
      setError('');
      const access = res?.access ?? 'granted_now';
      enqueueSnackbar(t(`payments.details.access.${access}`, { detail: res?.detail ?? '' }), {
        variant: access === 'grant_failed' ? 'warning' : 'success',
      });
      onChanged();
    } catch (err) {
      setError(errorText.field(fieldErrors(err).guestmac ?? ''));
      enqueueSnackbar(errorText.error(err, t('payments.details.connectFailed')), { variant: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Panel title={t('payments.details.connectTitle')} help={t('payments.details.connectHelp')}>
      <Stack component="form" direction={{ xs: 'column', sm: 'row' }} spacing={1} onSubmit={connect} noValidate>
        <TextField
          id="payment-account-guestmac"
          name="guestmac"
          label={t('payments.details.guestmac')}
          placeholder="AA:BB:CC:DD:EE:FF"
          value={guestmac}
          onChange={(e) => setGuestmac(e.target.value)}
          error={!!error}
          helperText={error || undefined}
          slotProps={{ htmlInput: { maxLength: 32, spellCheck: false } }}
          sx={{ flex: 1, maxWidth: { sm: 360 } }}
        />
        <Button
          type="submit"
          variant="contained"
          disabled={busy || !guestmac.trim()}
          sx={{ alignSelf: { sm: 'flex-start' }, mt: { sm: 1 } }}
        >
          {t('payments.details.connect')}
        </Button>
      </Stack>
    </Panel>
  );
}

/** Recurring payments: stop, start (with a saved card), or move the next payment. */
export function RecurringPanel({ account, url, onChanged }: PanelProps) {
  const { t, i18n } = useTranslation();
  const { busy, run } = useAction(onChanged);
  const [date, setDate] = useState(account.next_payment_on?.slice(0, 10) ?? '');
  const x = account.package_id ?? 0;
  const failed = t('payments.details.recurringFailed');
  return (
    <Panel title={t('payments.details.recurringTitle')}>
      <Typography>
        {account.recurring
          ? t('payments.details.recurringOn', { date: dateTime(account.next_payment_on, i18n.language) })
          : t('payments.details.recurringOff')}
      </Typography>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1}
        useFlexGap
        sx={{ flexWrap: 'wrap', alignItems: { sm: 'center' } }}
      >
        {account.recurring ? (
          <Button
            variant="outlined"
            color="warning"
            disabled={busy}
            onClick={() => void run(() => post(`${url}/stoprecurring/${x}`), t('payments.errors.recurringStopped'), failed)}
          >
            {t('payments.details.stop')}
          </Button>
        ) : (
          <Button
            variant="outlined"
            disabled={busy || !account.has_card}
            onClick={() => void run(() => post(`${url}/startrecurring/${x}`), t('payments.errors.recurringStarted'), failed)}
          >
            {t('payments.details.start')}
          </Button>
        )}
        {account.recurring && (
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <TextField
              type="date"
              size="small"
              label={t('payments.details.nextPayment')}
              value={date}
              onChange={(e) => setDate(e.target.value)}
              slotProps={{ inputLabel: { shrink: true } }}
            />
            <Button
              disabled={busy || !date}
              onClick={() =>
                void run(
                  () => post(`${url}/changerecurring/${x}`, { next_payment_on: date }),
                  t('payments.details.recurringChanged'),
                  failed,
                )
              }
            >
              {t('payments.details.changeDate')}
            </Button>
          </Stack>
        )}
      </Stack>
    </Panel>
  );
}

/** A new password for the guest's customer portal, and the account's details sent by email or SMS. */
export function PasswordAndSendPanels({ account, url, onChanged }: PanelProps) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const { busy, run } = useAction(onChanged);
  const [password, setPassword] = useState('');
  const [error, setError] = useState('');
  const { enqueueSnackbar } = useSnackbar();

  const setNew = async (e: FormEvent) => {
    e.preventDefault();
    try {
      await post(`${url}/password`, { password });
      setPassword('');
      setError('');
      enqueueSnackbar(t('payments.details.passwordSaved'), { variant: 'success' });
    } catch (err) {
      setError(errorText.field(fieldErrors(err).password ?? ''));
      enqueueSnackbar(errorText.error(err, t('payments.details.passwordFailed')), { variant: 'error' });
    }
  };
  const send = (how: 'email' | 'sms') =>
    void run(() => post(`${url}/send/${how}`), t('payments.errors.detailsSent'), t('payments.details.sendFailed'));

  return (
    <>
      <Panel title={t('payments.details.passwordTitle')} help={t('payments.details.passwordHelp')}>
        <Stack component="form" direction={{ xs: 'column', sm: 'row' }} spacing={1} onSubmit={setNew} noValidate>
          <TextField
            id="payment-account-password"
            type="password"
            autoComplete="new-password"
            label={t('payments.details.password')}
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            error={!!error}
            helperText={error || undefined}
            sx={{ flex: 1, maxWidth: { sm: 360 } }}
          />
          <Button type="submit" variant="contained" disabled={!password} sx={{ alignSelf: { sm: 'flex-start' }, mt: { sm: 1 } }}>
            {t('payments.details.setPassword')}
          </Button>
        </Stack>
      </Panel>
      <Panel title={t('payments.details.sendTitle')} help={t('payments.details.sendHelp')}>
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
          <Button variant="outlined" disabled={busy || !account.email} onClick={() => send('email')}>
            {t('payments.details.sendEmail')}
          </Button>
          <Button variant="outlined" disabled={busy || !account.phone} onClick={() => send('sms')}>
            {t('payments.details.sendSms')}
          </Button>
        </Stack>
      </Panel>
    </>
  );
}
