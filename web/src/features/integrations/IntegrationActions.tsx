import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useSnackbar } from 'notistack';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { del, post } from '../../app/api.ts';
import { useErrorText } from '../../app/errorText.ts';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { LIST_PAGE } from './paths.ts';

/** "Send earlier guests": after a question (with an optional date), the guests from before it was turned on are queued. */
function BackfillButton({ api, name, disabled }: { api: string; name: string; disabled: boolean }) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const errorText = useErrorText();
  const titleId = useId();
  const [open, setOpen] = useState(false);
  const [since, setSince] = useState('');
  const send = async () => {
    setOpen(false);
    try {
      // The date is the start of that day where the browser is.
      const body = since ? { since: new Date(`${since}T00:00:00`).toISOString() } : {};
      const { queued } = await post<{ queued: number }>(`${api}/backfill`, body);
      enqueueSnackbar(t('integrations.errors.backfillQueued', { n: queued }), { variant: 'success' });
    } catch (err) {
      enqueueSnackbar(errorText.error(err, t('common.somethingWentWrong')), { variant: 'error' });
    }
  };
  return (
    <>
      <Button variant="outlined" disabled={disabled} onClick={() => setOpen(true)}>
        {t('integrations.backfill.open')}
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} aria-labelledby={titleId}>
        <DialogTitle id={titleId}>{t('integrations.backfill.title', { name })}</DialogTitle>
        <DialogContent>
          <Stack spacing={2}>
            <DialogContentText>{t('integrations.backfill.body', { name })}</DialogContentText>
            <TextField
              type="date"
              label={t('integrations.backfill.since')}
              value={since}
              onChange={(e) => setSince(e.target.value)}
              slotProps={{ inputLabel: { shrink: true } }}
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>{t('common.cancel')}</Button>
          <Button variant="contained" onClick={() => void send()}>
            {t('integrations.backfill.confirm')}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}

/** "Remove": after a question, the integration's settings and tokens are forgotten; back to the list. */
function RemoveButton({ api, name, disabled }: { api: string; name: string; disabled: boolean }) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const errorText = useErrorText();
  const navigate = useNavigate();
  const [asking, setAsking] = useState(false);
  const remove = async () => {
    setAsking(false);
    try {
      await del(api);
      enqueueSnackbar(t('integrations.errors.removed'), { variant: 'success' });
      void navigate(LIST_PAGE);
    } catch (err) {
      enqueueSnackbar(errorText.error(err, t('common.somethingWentWrong')), { variant: 'error' });
    }
  };
  return (
    <>
      <Button color="error" variant="outlined" disabled={disabled} onClick={() => setAsking(true)}>
        {t('integrations.remove.open')}
      </Button>
      <ConfirmDialog
        open={asking}
        title={t('integrations.remove.title', { name })}
        body={t('integrations.remove.body')}
        confirm={t('integrations.remove.confirm')}
        onCancel={() => setAsking(false)}
        onConfirm={() => void remove()}
      />
    </>
  );
}

/** Backfill (only once turned on: it sends to the vendor) and removal. */
export function IntegrationActions({ api, name, enabled }: { api: string; name: string; enabled: boolean }) {
  return (
    <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap' }}>
      <BackfillButton api={api} name={name} disabled={!enabled} />
      <RemoveButton api={api} name={name} disabled={false} />
    </Stack>
  );
}
