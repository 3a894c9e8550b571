import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { MessageCode } from '@splashboard/contract/messages';
import { ApiFailure, fieldErrors, post } from '../../app/api.ts';
import { useErrorText } from '../../app/errorText.ts';

type Outcome = { ok: true; detail: string } | { ok: false; title: string; detail: string };

const SENT = /^Test SMS sent to (\+\d+)$/;
/** The gateway refused or did not answer: `detail` says how. */
const SEND_FAILED: MessageCode = 'sms.sendFailedDetail';

interface Props {
  siteId: number;
  disabled: boolean;
  /** The form has changes that are not saved: the test would not use them. */
  unsaved: boolean;
}

/** Sends a test message with the saved settings and shows what the server said: success, or the gateway's answer. */
export function SmsTestPanel({ siteId, disabled, unsaved }: Props) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const [phone, setPhone] = useState('');
  const [phoneError, setPhoneError] = useState('');
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  const send = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setOutcome(null);
    try {
      const answer = await post<{ message: string }>(`/s/${siteId}/api/v1/smsgateway/test`, { phone });
      const sentTo = SENT.exec(answer.message)?.[1];
      setOutcome({ ok: true, detail: sentTo ? t('sms.testSentTo', { phone: sentTo }) : answer.message });
      setPhoneError('');
    } catch (err) {
      const phoneProblem = fieldErrors(err).phone;
      setPhoneError(phoneProblem ? errorText.field(phoneProblem) : '');
      if (!phoneProblem) {
        // The gateway's own answer stays as it came: it is what the provider's support will ask for.
        const detail =
          err instanceof ApiFailure && err.error.code === SEND_FAILED
            ? String(err.error.params?.detail ?? '')
            : errorText.error(err, t('common.somethingWentWrong'));
        setOutcome({ ok: false, title: t('sms.testFailed'), detail });
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack component="form" spacing={2} onSubmit={send} noValidate>
      <Typography variant="body2" color="text.secondary">
        {t('sms.testHelp')}
      </Typography>
      {unsaved && !disabled && <Alert severity="warning">{t('sms.unsaved')}</Alert>}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'flex-start' } }}>
        <TextField
          label={t('sms.testPhone')}
          type="tel"
          value={phone}
          error={!!phoneError}
          helperText={phoneError || t('sms.testPhoneHelp')}
          onChange={(e) => setPhone(e.target.value)}
          disabled={disabled}
          autoComplete="tel"
          placeholder="+34 600 111 222"
          sx={{ flex: 1 }}
        />
        <Button
          type="submit"
          variant="outlined"
          disabled={disabled || busy}
          startIcon={busy ? <CircularProgress size={16} /> : undefined}
          sx={{ alignSelf: 'flex-start', mt: { sm: 1.25 }, whiteSpace: 'nowrap' }}
        >
          {busy ? t('sms.sending') : t('sms.sendTest')}
        </Button>
      </Stack>
      {outcome && (
        <Alert
          severity={outcome.ok ? 'success' : 'error'}
          role="status"
          data-testid="sms-test-result"
          sx={{ wordBreak: 'break-word' }}
        >
          <AlertTitle>{outcome.ok ? t('sms.testSent') : outcome.title}</AlertTitle>
          {outcome.detail}
        </Alert>
      )}
    </Stack>
  );
}
