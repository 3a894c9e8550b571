import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnackbar } from 'notistack';
import Dialog from '@mui/material/Dialog';
import DialogTitle from '@mui/material/DialogTitle';
import DialogContent from '@mui/material/DialogContent';
import DialogActions from '@mui/material/DialogActions';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import { fieldErrors, post } from '../../../app/api.ts';
import { useAppSelector } from '../../../app/hooks.ts';
import { useErrorText } from '../../../app/errorText.ts';

/** "Send a test": the saved campaign to an address, the operator's own by default. */
export function TestSendDialog({ open, url, onClose }: { open: boolean; url: string; onClose: () => void }) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const errorText = useErrorText();
  const titleId = useId();
  const own = useAppSelector((s) => s.session.user?.email) ?? '';
  const [email, setEmail] = useState(own);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!open) return;
    setEmail(own);
    setError('');
  }, [open, own]);

  const send = async () => {
    setBusy(true);
    setError('');
    try {
      await post(url, { email: email.trim() });
      enqueueSnackbar(t('campaigns.errors.testSent', { email: email.trim() }), { variant: 'success' });
      onClose();
    } catch (err) {
      setError(errorText.fields(fieldErrors(err)).email ?? '');
      enqueueSnackbar(errorText.error(err, t('campaigns.email.form.testFailed')), { variant: 'error' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="xs">
      <DialogTitle id={titleId}>{t('campaigns.email.form.testTitle')}</DialogTitle>
      <DialogContent>
        <TextField
          id="campaign-test-email"
          label={t('campaigns.email.form.testTo')}
          type="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          error={!!error}
          helperText={error || undefined}
          disabled={busy}
          fullWidth
          sx={{ mt: 1 }}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('campaigns.email.form.cancel')}</Button>
        <Button variant="contained" onClick={() => void send()} disabled={busy || !email.trim()}>
          {t('campaigns.email.form.testSend')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
