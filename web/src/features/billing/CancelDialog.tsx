import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import { CANCEL_REASONS, type CancelReason } from '@splashboard/contract';
import { useErrorText } from '../../app/errorText.ts';
import { billingApi } from './billingApi.ts';

/** Cancel at period end, with one of the specification's reasons and optional comments. */
export function CancelDialog({
  open,
  periodEnd,
  onClose,
  onCancelled,
}: {
  open: boolean;
  periodEnd: string;
  onClose: () => void;
  onCancelled: () => void;
}) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const [reason, setReason] = useState<CancelReason | ''>('');
  const [comments, setComments] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const submit = async () => {
    if (!reason) return;
    setBusy(true);
    setError('');
    try {
      await billingApi.cancel(reason, comments);
      onCancelled();
    } catch (e) {
      setError(errorText.error(e, t('billing.errors.planUpdateFailed')));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm">
      <DialogTitle>{t('billing.cancelDialog.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>{t('billing.cancelDialog.text', { date: periodEnd })}</DialogContentText>
        <RadioGroup
          aria-label={t('billing.cancelDialog.title')}
          value={reason}
          onChange={(e) => setReason(e.target.value as CancelReason)}
        >
          {CANCEL_REASONS.map((r) => (
            <FormControlLabel key={r} value={r} control={<Radio />} label={t(`billing.reasons.${r}`)} />
          ))}
        </RadioGroup>
        <TextField
          label={t('billing.cancelDialog.comments')}
          value={comments}
          onChange={(e) => setComments(e.target.value)}
          multiline
          minRows={2}
          fullWidth
          sx={{ mt: 2 }}
          slotProps={{ htmlInput: { maxLength: 1000 } }}
        />
        {error && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {error}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('billing.cancelDialog.keep')}</Button>
        <Button color="error" variant="contained" disabled={!reason || busy} onClick={submit}>
          {t('billing.cancelDialog.confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
