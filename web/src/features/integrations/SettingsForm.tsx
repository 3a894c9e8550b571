import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useForm } from 'react-hook-form';
import { useSnackbar } from 'notistack';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  INTEGRATIONS,
  type IntegrationDetails,
  type IntegrationKind,
  type IntegrationTestResult,
} from '@splashboard/contract/integrations';
import { fieldErrors, post, put } from '../../app/api.ts';
import { useErrorText } from '../../app/errorText.ts';
import { SectionCard } from '../../components/SectionCard.tsx';
import { FieldMapEditor } from './FieldMapEditor.tsx';
import { SettingsFields, type VendorList } from './SettingsFields.tsx';
import { formKeyOf, formOf, settingsOf, updateOf, type IntegrationFormValues } from './settingsForm.ts';
import { useVendorText } from './vendorText.ts';

/** The kind's settings and field map, saved together; "Test connection" tries what is typed. */
export function SettingsForm({
  kind,
  api,
  details,
  onSaved,
}: {
  kind: IntegrationKind;
  api: string;
  details: IntegrationDetails;
  onSaved: () => Promise<void>;
}) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const errorText = useErrorText();
  const vendorText = useVendorText();
  const descriptor = INTEGRATIONS[kind];
  const { fields, maps } = descriptor;
  const form = useForm<IntegrationFormValues>({ defaultValues: formOf(fields, details) });
  const { control, handleSubmit, getValues, setError, reset, formState } = form;
  const [formError, setFormError] = useState('');
  const [testing, setTesting] = useState(false);
  const [result, setResult] = useState<IntegrationTestResult | null>(null);
  const [lists, setLists] = useState<VendorList[] | null>(null);

  const save = handleSubmit(async (values) => {
    setFormError('');
    try {
      await put(api, updateOf(fields, values, maps));
      await onSaved();
      // Secrets typed are saved: the fields go back to empty, with the new hint.
      reset({
        ...values,
        settings: { ...values.settings, ...Object.fromEntries(fields.filter((f) => f.secret).map((f) => [f.name, ''])) },
      });
      enqueueSnackbar(t('integrations.errors.saved'), { variant: 'success' });
    } catch (err) {
      const unplaced: string[] = [];
      for (const [key, message] of Object.entries(fieldErrors(err))) {
        const name = formKeyOf(key, fields);
        if (name) setError(name as `settings.url`, { type: 'server', message: errorText.field(message) }, { shouldFocus: true });
        else unplaced.push(errorText.field(message));
      }
      setFormError(
        unplaced.join(' ') || (Object.keys(fieldErrors(err)).length ? '' : errorText.error(err, t('common.saveFailed'))),
      );
      enqueueSnackbar(errorText.error(err, t('common.saveFailed')), { variant: 'error' });
    }
  });

  const test = async () => {
    setTesting(true);
    setResult(null);
    try {
      const answer = await post<IntegrationTestResult>(`${api}/test`, { settings: settingsOf(fields, getValues()) });
      setResult(answer);
      if (answer.lists) setLists(answer.lists);
    } catch (err) {
      setResult({ ok: false, message: errorText.error(err, t('common.somethingWentWrong')) });
    } finally {
      setTesting(false);
    }
  };

  const busy = formState.isSubmitting;
  return (
    <Stack component="form" spacing={3} onSubmit={save} noValidate aria-label={t('integrations.settings')}>
      <SectionCard title={t('integrations.settings')}>
        <SettingsFields fields={fields} details={details} control={control} lists={lists} disabled={busy} />
        <Typography variant="body2" color="text.secondary">
          {t('integrations.testHelp')}
        </Typography>
        <Button
          variant="outlined"
          onClick={() => void test()}
          disabled={testing}
          sx={{ alignSelf: 'flex-start' }}
          startIcon={testing ? <CircularProgress size={16} /> : undefined}
        >
          {testing ? t('integrations.testing') : t('integrations.testConnection')}
        </Button>
        {result && (
          <Alert
            severity={result.ok ? 'success' : 'error'}
            role="status"
            data-testid="integration-test-result"
            sx={{ wordBreak: 'break-word' }}
          >
            <AlertTitle>{t(result.ok ? 'integrations.testOk' : 'integrations.testFailed')}</AlertTitle>
            {vendorText(result.message)}
          </Alert>
        )}
      </SectionCard>
      {maps && (
        <SectionCard title={t('integrations.fieldMap.title')}>
          <FieldMapEditor
            control={control}
            vendor={descriptor.name}
            sources={details.source_fields}
            defaults={details.default_field_map}
            disabled={busy}
          />
        </SectionCard>
      )}
      {formError && <Alert severity="error">{formError}</Alert>}
      <Button
        type="submit"
        variant="contained"
        disabled={busy}
        sx={{ alignSelf: 'flex-start' }}
        startIcon={busy ? <CircularProgress size={16} color="inherit" /> : undefined}
      >
        {busy ? t('integrations.saving') : t('integrations.save')}
      </Button>
    </Stack>
  );
}
