import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnackbar } from 'notistack';
import Dialog from '@mui/material/Dialog';
import DialogTitle from '@mui/material/DialogTitle';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogActions from '@mui/material/DialogActions';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import MenuItem from '@mui/material/MenuItem';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Checkbox from '@mui/material/Checkbox';
import Stack from '@mui/material/Stack';
import { REFUND_REASONS, type RefundReason, type Transaction } from '@splashboard/contract';
import { fieldErrors, post } from '../../app/api.ts';
import { useErrorText } from '../../app/errorText.ts';
import { decimalToMinor, formatMoney, minorToDecimal } from './money.ts';

/**
 * A transaction's refund: the amount (what is left unless changed), one of the spec's reasons, comments,
 * and whether the purchase's devices are disconnected. 'Refund filed' once the server took it.
 */
export function RefundDialog({ tx, api, onClose }: { tx: Transaction; api: string; onClose: (changed: boolean) => void }) {
  const { t, i18n } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const errorText = useErrorText();
  const titleId = useId();
  const left = tx.amount - tx.refunded;
  const [amount, setAmount] = useState(minorToDecimal(left, tx.currency));
  const [reason, setReason] = useState<RefundReason | ''>('');
  const [comments, setComments] = useState('');
  const [disconnect, setDisconnect] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const money = (n: number) => formatMoney(n, tx.currency, i18n.language);

  const submit = async () => {
    const minor = decimalToMinor(amount, tx.currency);
    const local: Record<string, string> = {};
    if (minor === null || minor < 1 || minor > left)
      local.amount = t('payments.refund.amountInvalid', { min: money(1), max: money(left) });
    if (!reason) local.reason_for_refund = t('common.errors.required');
    setErrors(local);
    if (Object.keys(local).length) return;
    setBusy(true);
    try {
      await post(`${api}/${tx.id}/refund`, {
        amount: minor,
        reason_for_refund: reason,
        comments: comments.trim(),
        disconnect_devices: disconnect,
      });
      enqueueSnackbar(t('payments.refund.filed'), { variant: 'success' });
      onClose(true);
    } catch (err) {
      setErrors(errorText.fields(fieldErrors(err)));
      enqueueSnackbar(errorText.error(err, t('payments.refund.failed')), { variant: 'error' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open onClose={() => onClose(false)} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId} sx={{ overflowWrap: 'anywhere' }}>
        {t('payments.refund.title', { email: tx.email })}
      </DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <DialogContentText>
            {t('payments.refund.paid', { amount: money(tx.amount), refunded: money(tx.refunded) })}
          </DialogContentText>
          <TextField
            label={t('payments.refund.amount', { currency: tx.currency })}
            value={amount}
            onChange={(e) => setAmount(e.target.value)}
            error={!!errors.amount}
            helperText={errors.amount || t('payments.refund.amountHelp', { max: money(left) })}
            slotProps={{ htmlInput: { inputMode: 'decimal', maxLength: 13 } }}
          />
          <TextField
            select
            label={t('payments.refund.reason')}
            value={reason}
            onChange={(e) => setReason(e.target.value as RefundReason)}
            error={!!errors.reason_for_refund}
            helperText={errors.reason_for_refund || undefined}
            required
          >
            {REFUND_REASONS.map((r) => (
              <MenuItem key={r} value={r}>
                {t(`payments.refund.reasons.${r}`)}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            label={t('payments.refund.comments')}
            value={comments}
            onChange={(e) => setComments(e.target.value)}
            multiline
            minRows={2}
            error={!!errors.comments}
            helperText={errors.comments || undefined}
            slotProps={{ htmlInput: { maxLength: 1000 } }}
          />
          <div>
            <FormControlLabel
              control={<Checkbox checked={disconnect} onChange={(e) => setDisconnect(e.target.checked)} />}
              label={t('payments.refund.disconnect')}
            />
            <FormHelperText sx={{ mt: 0 }}>{t('payments.refund.disconnectHelp')}</FormHelperText>
          </div>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={() => onClose(false)}>{t('payments.refund.cancel')}</Button>
        <Button color="error" variant="contained" disabled={busy} onClick={() => void submit()}>
          {t('payments.refund.confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
