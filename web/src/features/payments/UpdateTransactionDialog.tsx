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
import Stack from '@mui/material/Stack';
import type { Transaction } from '@splashboard/contract';
import { fieldErrors, put } from '../../app/api.ts';
import { useErrorText } from '../../app/errorText.ts';

/** A moment as the value of a datetime-local input (the browser's time zone), and back. */
const toLocalInput = (iso: string | null) => {
  if (!iso) return '';
  const d = new Date(iso);
  return new Date(d.getTime() - d.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
};
const fromLocalInput = (value: string) => (value ? new Date(value).toISOString() : '');

/** PUT paymenttransactions/{id} {num_devices, endtime}: more or fewer devices, a later or earlier end. */
export function UpdateTransactionDialog({
  tx,
  api,
  onClose,
}: {
  tx: Transaction;
  api: string;
  onClose: (changed: boolean) => void;
}) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const errorText = useErrorText();
  const titleId = useId();
  const [numDevices, setNumDevices] = useState(String(tx.num_devices));
  const [endtime, setEndtime] = useState(toLocalInput(tx.endtime));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    const body: Record<string, unknown> = { num_devices: Number(numDevices) };
    if (endtime) body.endtime = fromLocalInput(endtime);
    setBusy(true);
    try {
      await put(`${api}/${tx.id}`, body);
      enqueueSnackbar(t('payments.transactions.updated'), { variant: 'success' });
      onClose(true);
    } catch (err) {
      setErrors(errorText.fields(fieldErrors(err)));
      enqueueSnackbar(errorText.error(err, t('payments.transactions.updateFailed')), { variant: 'error' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open onClose={() => onClose(false)} aria-labelledby={titleId} fullWidth maxWidth="xs">
      <DialogTitle id={titleId}>{t('payments.transactions.updateTitle')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <DialogContentText>{t('payments.transactions.updateIntro')}</DialogContentText>
          <TextField
            type="number"
            label={t('payments.transactions.num_devices')}
            value={numDevices}
            onChange={(e) => setNumDevices(e.target.value)}
            error={!!errors.num_devices}
            helperText={errors.num_devices || undefined}
            slotProps={{ htmlInput: { min: 1, max: 100, step: 1 } }}
          />
          <TextField
            type="datetime-local"
            label={t('payments.transactions.endtime')}
            value={endtime}
            onChange={(e) => setEndtime(e.target.value)}
            error={!!errors.endtime}
            helperText={errors.endtime || undefined}
            slotProps={{ inputLabel: { shrink: true } }}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={() => onClose(false)}>{t('payments.transactions.cancel')}</Button>
        <Button variant="contained" disabled={busy} onClick={() => void submit()}>
          {t('payments.transactions.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
