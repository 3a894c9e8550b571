import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { useSnackbar } from 'notistack';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import Button from '@mui/material/Button';
import Alert from '@mui/material/Alert';
import type { MacEntryDetails } from '@splashboard/contract';
import { ApiFailure, fieldErrors, get, post, put } from '../../app/api.ts';
import { useAppSelector } from '../../app/hooks.ts';
import { useErrorText } from '../../app/errorText.ts';
import { EntryForm, type EntryValues } from './EntryForm.tsx';
import { LIST_PATH, base } from './format.ts';

const EMPTY: EntryValues = { mac: '', external_ip: '', description: '' };

function useSave(send: (v: EntryValues) => Promise<unknown>, done: string, failed: string) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const errorText = useErrorText();
  const navigate = useNavigate();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const save = async (values: EntryValues) => {
    setBusy(true);
    try {
      await send(values);
      enqueueSnackbar(t(done), { variant: 'success' });
      navigate(LIST_PATH);
    } catch (err) {
      const fields = fieldErrors(err);
      setErrors(errorText.fields(fields));
      // The fields say what is wrong: the toast points at them instead of a bare failure.
      const shown = Object.keys(fields).some((k) => k in EMPTY);
      enqueueSnackbar(t(shown ? 'whitelist.checkFields' : failed), { variant: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return { errors, busy, save };
}

const cancel = (label: string) => (
  <Button component={RouterLink} to={LIST_PATH}>
    {label}
  </Button>
);

/** /app/whitelist/create */
export function CreatePage() {
  const { t } = useTranslation();
  const siteId = useAppSelector((s) => s.site.selectedSiteId);
  const [values, setValues] = useState<EntryValues>(EMPTY);
  const { errors, busy, save } = useSave((v) => post(base(siteId), v), 'whitelist.created', 'whitelist.createFailed');
  return (
    <Stack spacing={2} sx={{ maxWidth: 560 }}>
      <Typography variant="h4" component="h1">
        {t('whitelist.form.createTitle')}
      </Typography>
      <EntryForm
        values={values}
        onChange={setValues}
        errors={errors}
        disabled={busy}
        onSubmit={() => save(values)}
        actions={cancel(t('whitelist.cancel'))}
      />
    </Stack>
  );
}

/** /app/whitelist/edit/{id} */
export function EditPage() {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const { id } = useParams();
  const siteId = useAppSelector((s) => s.site.selectedSiteId);
  const [entry, setEntry] = useState<MacEntryDetails | null>(null);
  const [values, setValues] = useState<EntryValues>(EMPTY);
  const [missing, setMissing] = useState(false);
  const { errors, busy, save } = useSave((v) => put(`${base(siteId)}${id}`, v), 'whitelist.saved', 'whitelist.updateFailed');

  useEffect(() => {
    if (!siteId) return;
    get<MacEntryDetails>(`${base(siteId)}${id}`).then(
      (e) => {
        setEntry(e);
        setValues({ mac: e.mac, external_ip: e.external_ip, description: e.description });
      },
      (err) => {
        if (err instanceof ApiFailure && err.error.status === 404) setMissing(true);
        else enqueueSnackbar(t('whitelist.loadFailed'), { variant: 'error' });
      },
    );
  }, [siteId, id, enqueueSnackbar, t]);

  if (missing) return <Alert severity="warning">{t('whitelist.notFound')}</Alert>;
  if (!entry) return null;
  return (
    <Stack spacing={2} sx={{ maxWidth: 560 }}>
      <Typography variant="h4" component="h1" sx={{ overflowWrap: 'anywhere' }}>
        {t('whitelist.form.editTitle', { mac: entry.mac })}
      </Typography>
      {!entry.can_write && <Alert severity="info">{t('whitelist.readOnly')}</Alert>}
      <EntryForm
        values={values}
        onChange={setValues}
        errors={errors}
        disabled={busy || !entry.can_write}
        onSubmit={() => save(values)}
        actions={cancel(t('whitelist.cancel'))}
      />
    </Stack>
  );
}
