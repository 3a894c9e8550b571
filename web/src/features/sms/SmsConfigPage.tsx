import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnackbar } from 'notistack';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { SmsGateway } from '@splashboard/contract';
import { fieldErrors, get, put } from '../../app/api.ts';
import { useAppSelector } from '../../app/hooks.ts';
import './i18n.ts';
import { useErrorText } from '../../app/errorText.ts';
import { differs, formOf, updateOf, type SmsFormValues } from './smsForm.ts';
import { SmsAuthFields } from './SmsAuthFields.tsx';
import { SmsGatewayFields } from './SmsGatewayFields.tsx';
import { SmsParamFields } from './SmsParamFields.tsx';
import { SmsTestPanel } from './SmsTestPanel.tsx';
import { SectionCard } from '../../components/SectionCard.tsx';

/** /app/settings-view/sms-config: the site's SMS gateway (how phone logins send their codes) and a test send. */
export function SmsConfigPage() {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const errorText = useErrorText();
  const siteId = useAppSelector((s) => s.site.selectedSiteId);
  const [saved, setSaved] = useState<SmsGateway | null>(null);
  const [values, setValues] = useState<SmsFormValues | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState('');
  const [busy, setBusy] = useState(false);
  const base = `/s/${siteId}/api/v1/smsgateway/`;

  const show = (gateway: SmsGateway) => {
    setSaved(gateway);
    setValues(formOf(gateway));
  };

  useEffect(() => {
    if (!siteId) return;
    get<SmsGateway>(base).then(show, () => enqueueSnackbar(t('common.somethingWentWrong'), { variant: 'error' }));
  }, [siteId, base, enqueueSnackbar, t]);

  if (!saved || !values || !siteId) return null;
  const readOnly = !saved.editable;

  const change = (next: SmsFormValues) => {
    // Row errors are by position: once a row is added or removed they point at the wrong one.
    if (next.extra_params.length !== values.extra_params.length)
      setErrors(Object.fromEntries(Object.entries(errors).filter(([k]) => !k.startsWith('extra_params.'))));
    setValues(next);
  };

  const save = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    try {
      show(await put<SmsGateway>(base, updateOf(values)));
      setErrors({});
      setFormError('');
      enqueueSnackbar(t('common.saved'), { variant: 'success' });
    } catch (err) {
      const byField = errorText.fields(fieldErrors(err));
      setErrors(byField);
      // Without a field to point at (no access, too many requests), the server's reason is the help.
      setFormError(Object.keys(byField).length === 0 ? errorText.error(err, '') : '');
      enqueueSnackbar(t('common.saveFailed'), { variant: 'error' });
    } finally {
      setBusy(false);
    }
  };

  const fields = { values, errors, disabled: readOnly || busy, onChange: change };
  return (
    <Stack spacing={3} sx={{ maxWidth: 760 }}>
      <Typography variant="h4" component="h1">
        {t('sms.title')}
      </Typography>
      <Typography color="text.secondary">{t('sms.intro')}</Typography>
      {readOnly && <Alert severity="info">{t('sms.readOnly')}</Alert>}
      <Stack component="form" spacing={3} onSubmit={save} noValidate aria-label={t('sms.title')}>
        <SectionCard title={t('sms.gateway')}>
          <SmsGatewayFields {...fields} />
        </SectionCard>
        <SectionCard title={t('sms.authentication')}>
          <SmsAuthFields {...fields} saved={saved} />
        </SectionCard>
        <SectionCard title={t('sms.parameters')}>
          <SmsParamFields {...fields} />
        </SectionCard>
        {formError && <Alert severity="error">{formError}</Alert>}
        {!readOnly && (
          <Button
            type="submit"
            variant="contained"
            disabled={busy}
            sx={{ alignSelf: 'flex-start' }}
            startIcon={busy ? <CircularProgress size={16} color="inherit" /> : undefined}
          >
            {busy ? t('sms.saving') : t('sms.save')}
          </Button>
        )}
      </Stack>
      <SectionCard title={t('sms.test')}>
        <SmsTestPanel siteId={siteId} disabled={readOnly} unsaved={differs(values, saved)} />
      </SectionCard>
    </Stack>
  );
}
