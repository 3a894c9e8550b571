import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { useSnackbar } from 'notistack';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import Button from '@mui/material/Button';
import Alert from '@mui/material/Alert';
import { packageCreateSchema, packageUpdateSchema, type Package } from '@splashboard/contract';
import { ApiFailure, fieldErrors, get, post, put } from '../../app/api.ts';
import { useAppSelector } from '../../app/hooks.ts';
import { useErrorText } from '../../app/errorText.ts';
import { EMPTY_PACKAGE, PackageForm, bodyOf, formOf, type PackageFormValues } from './PackageForm.tsx';
import { PACKAGES_PATH, packagesApi } from './paths.ts';
import { minorToDecimal } from './money.ts';
import './i18n.ts';

/**
 * /app/payment/create, /create-trial, /edit/{id}, /edit-trial/{id}: a package's form. The price is typed
 * as a decimal in the site's currency and sent in minor units; the server's per-field messages show under
 * their fields.
 */
export function PackageFormPage({ trial }: { trial: boolean }) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const errorText = useErrorText();
  const navigate = useNavigate();
  const { id } = useParams();
  const siteId = useAppSelector((s) => s.site.selectedSiteId);
  const siteCurrency = useAppSelector((s) => s.site.settings?.currency) ?? 'USD';
  const [pkg, setPkg] = useState<Package | null>(null);
  const [missing, setMissing] = useState(false);
  const [values, setValues] = useState<PackageFormValues | null>(id ? null : EMPTY_PACKAGE);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const api = packagesApi(siteId);

  useEffect(() => {
    if (!siteId || !id) return;
    get<Package>(`${api}/package/${id}`).then(
      (p) => {
        setPkg(p);
        setValues(formOf(p));
      },
      (err) => {
        if (err instanceof ApiFailure && err.error.status === 404) setMissing(true);
        else enqueueSnackbar(t('payments.packages.loadFailed'), { variant: 'error' });
      },
    );
  }, [siteId, id, api, enqueueSnackbar, t]);

  const currency = pkg?.currency ?? siteCurrency;
  const sold = (pkg?.transactions_count ?? 0) > 0;
  const failedText = t(id ? 'payments.form.updateFailed' : 'payments.form.createFailed');

  const save = async () => {
    if (!values) return;
    const { body, price } = bodyOf(values, { trial, sold, currency });
    const checked = (id ? packageUpdateSchema : packageCreateSchema).safeParse(body);
    const local = checked.success ? {} : errorText.issues(checked.error);
    if (price === null) local.price = t('payments.form.priceInvalid', { example: minorToDecimal(499, currency) });
    if (Object.keys(local).length) {
      setErrors(local);
      enqueueSnackbar(failedText, { variant: 'error' });
      return;
    }
    setBusy(true);
    try {
      if (id) await put<Package>(`${api}/package/${id}`, body);
      else await post<Package>(`${api}/packages`, { ...body, is_trial: trial });
      enqueueSnackbar(t(id ? 'payments.form.saved' : 'payments.form.created'), { variant: 'success' });
      navigate(PACKAGES_PATH);
    } catch (err) {
      setErrors(errorText.fields(fieldErrors(err)));
      enqueueSnackbar(errorText.error(err, failedText), { variant: 'error' });
    } finally {
      setBusy(false);
    }
  };

  const title = pkg
    ? t('payments.form.editTitle', { name: pkg.name })
    : t(trial ? 'payments.form.createTrialTitle' : 'payments.form.createTitle');
  return (
    <Stack spacing={2} sx={{ maxWidth: 760 }}>
      <Typography variant="h4" component="h1" sx={{ overflowWrap: 'anywhere' }}>
        {title}
      </Typography>
      {missing && <Alert severity="warning">{t('payments.form.notFound')}</Alert>}
      {trial && <Typography color="text.secondary">{t('payments.form.trialIntro')}</Typography>}
      {values && !missing && (
        <PackageForm
          values={values}
          onChange={setValues}
          errors={errors}
          trial={trial}
          sold={sold}
          currency={currency}
          disabled={busy}
          onSubmit={() => void save()}
          note={sold && <Alert severity="info">{t('payments.form.sold', { count: pkg!.transactions_count })}</Alert>}
          actions={
            <Button component={RouterLink} to={PACKAGES_PATH}>
              {t('payments.form.cancel')}
            </Button>
          }
        />
      )}
    </Stack>
  );
}
