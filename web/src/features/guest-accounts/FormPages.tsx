import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { useSnackbar } from 'notistack';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import Button from '@mui/material/Button';
import Alert from '@mui/material/Alert';
import {
  guestAccountCreateSchema,
  guestAccountUpdateSchema,
  type GuestAccountDefaults,
  type GuestAccountDetails,
} from '@splashboard/contract';
import { ApiFailure, fieldErrors, get, post, put } from '../../app/api.ts';
import { useAppSelector } from '../../app/hooks.ts';
import { useErrorText } from '../../app/errorText.ts';
import { AccountForm, bodyOf, formOf, type AccountFormValues } from './AccountForm.tsx';
import { base, detailsPath } from './format.ts';
import './i18n.ts';

const FIRST_PAGE = { page: 1, rpp: 25, search: '' };

/** /app/guestuser/create: a new account, its limits filled in with the site's defaults. */
export function CreatePage() {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const errorText = useErrorText();
  const navigate = useNavigate();
  const siteId = useAppSelector((s) => s.site.selectedSiteId);
  const [values, setValues] = useState<AccountFormValues | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!siteId) return;
    get<GuestAccountDefaults>(`${base(siteId)}/defaults`).then(
      (d) => setValues(formOf({ ...d, username: '', name: '', email: '', notes: '' })),
      () => enqueueSnackbar(t('guestAccounts.loadFailed'), { variant: 'error' }),
    );
  }, [siteId, enqueueSnackbar, t]);

  const save = async () => {
    if (!values) return;
    const body = bodyOf(values, false);
    const checked = guestAccountCreateSchema.safeParse(body);
    if (!checked.success) {
      setErrors(errorText.issues(checked.error));
      enqueueSnackbar(t('guestAccounts.createFailed'), { variant: 'error' });
      return;
    }
    setBusy(true);
    try {
      const created = await post<GuestAccountDetails>(`${base(siteId)}/create`, body);
      enqueueSnackbar(t('guestAccounts.created'), { variant: 'success' });
      navigate(detailsPath(created.id, FIRST_PAGE));
    } catch (err) {
      setErrors(errorText.fields(fieldErrors(err)));
      enqueueSnackbar(t('guestAccounts.createFailed'), { variant: 'error' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack spacing={2} sx={{ maxWidth: 720 }}>
      <Typography variant="h4" component="h1">
        {t('guestAccounts.form.createTitle')}
      </Typography>
      {values && (
        <AccountForm
          values={values}
          onChange={setValues}
          errors={errors}
          editing={false}
          busy={busy}
          onSubmit={save}
          note={<Alert severity="info">{t('guestAccounts.form.defaultsNote')}</Alert>}
          actions={
            <Button component={RouterLink} to="/app/guestuser/manage">
              {t('guestAccounts.form.cancel')}
            </Button>
          }
        />
      )}
    </Stack>
  );
}

/** /app/guestuser/edit/{id}: change an account; a password left empty is kept. */
export function EditPage() {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const errorText = useErrorText();
  const navigate = useNavigate();
  const { id } = useParams();
  const siteId = useAppSelector((s) => s.site.selectedSiteId);
  const [account, setAccount] = useState<GuestAccountDetails | null>(null);
  const [missing, setMissing] = useState(false);
  const [values, setValues] = useState<AccountFormValues | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!siteId) return;
    get<GuestAccountDetails>(`${base(siteId)}/${id}`).then(
      (a) => {
        setAccount(a);
        setValues(formOf(a));
      },
      (err) => {
        if (err instanceof ApiFailure && err.error.status === 404) setMissing(true);
        else enqueueSnackbar(t('guestAccounts.loadFailed'), { variant: 'error' });
      },
    );
  }, [siteId, id, enqueueSnackbar, t]);

  if (missing) return <Alert severity="warning">{t('guestAccounts.notFound')}</Alert>;
  if (!account || !values) return null;

  const back = detailsPath(account.id, FIRST_PAGE);
  const save = async () => {
    const body = bodyOf(values, true);
    const checked = guestAccountUpdateSchema.safeParse(body);
    if (!checked.success) {
      setErrors(errorText.issues(checked.error));
      enqueueSnackbar(t('guestAccounts.updateFailed'), { variant: 'error' });
      return;
    }
    setBusy(true);
    try {
      await put<GuestAccountDetails>(`${base(siteId)}/${account.id}`, body);
      enqueueSnackbar(t('guestAccounts.saved'), { variant: 'success' });
      navigate(back);
    } catch (err) {
      setErrors(errorText.fields(fieldErrors(err)));
      enqueueSnackbar(t('guestAccounts.updateFailed'), { variant: 'error' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack spacing={2} sx={{ maxWidth: 720 }}>
      <Typography variant="h4" component="h1" sx={{ overflowWrap: 'anywhere' }}>
        {t('guestAccounts.form.editTitle', { username: account.username })}
      </Typography>
      {!account.can_write && <Alert severity="info">{t('guestAccounts.readOnly')}</Alert>}
      <AccountForm
        values={values}
        onChange={setValues}
        errors={errors}
        editing
        busy={busy || !account.can_write}
        onSubmit={save}
        actions={
          <Button component={RouterLink} to={back}>
            {t('guestAccounts.form.cancel')}
          </Button>
        }
      />
    </Stack>
  );
}
