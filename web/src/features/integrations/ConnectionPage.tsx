import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, Navigate, useParams, useSearchParams } from 'react-router';
import { useForm } from 'react-hook-form';
import { useSnackbar } from 'notistack';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { INTEGRATIONS, type IntegrationDetails, type IntegrationKind } from '@splashboard/contract/integrations';
import { fieldErrors, post, put } from '../../app/api.ts';
import { useErrorText } from '../../app/errorText.ts';
import { useAppSelector } from '../../app/hooks.ts';
import { SectionCard } from '../../components/SectionCard.tsx';
import { IntegrationHeader, useIntegration } from './IntegrationPage.tsx';
import { hasConnectionPage, integrationPage, isKind } from './paths.ts';
import { SettingsFields } from './SettingsFields.tsx';
import { formKeyOf, formOf, settingsOf, type IntegrationFormValues } from './settingsForm.ts';
import './i18n.ts';

/** What the server's OAuth callback said in the address: `?connected=1` or `?error=<code>` (and its `detail`). */
function CallbackOutcome({ name }: { name: string }) {
  const { t, i18n } = useTranslation();
  const [params] = useSearchParams();
  if (params.get('connected') === '1') return <Alert severity="success">{t('integrations.connection.done', { name })}</Alert>;
  const error = params.get('error');
  if (!error) return null;
  const key = `integrations.errors.${error.replace(/^integrations\./, '')}`;
  const detail = params.get('detail') ?? t('common.somethingWentWrong');
  return <Alert severity="error">{i18n.exists(key) ? t(key, { vendor: name, detail }) : t('common.somethingWentWrong')}</Alert>;
}

/** Connected or not, how, and as which account at the vendor. */
function ConnectionState({ details, name }: { details: IntegrationDetails; name: string }) {
  const { t } = useTranslation();
  const { method, account } = details.connection;
  return (
    <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }} data-testid="connection-state">
      <Chip
        color={method ? 'success' : 'default'}
        variant={method ? 'filled' : 'outlined'}
        label={t(method ? 'integrations.connection.connected' : 'integrations.connection.notConnected')}
      />
      {method && <Typography>{t(`integrations.connection.methods.${method}`, { name })}</Typography>}
      {account && <Typography color="text.secondary">{t('integrations.connection.account', { account })}</Typography>}
    </Stack>
  );
}

/** "Connect with …": the server answers the vendor's sign-in address, where the browser goes. */
function OAuthConnect({
  api,
  kind,
  details,
  name,
}: {
  api: string;
  kind: IntegrationKind;
  details: IntegrationDetails;
  name: string;
}) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const errorText = useErrorText();
  const [busy, setBusy] = useState(false);
  if (!details.connection.oauth_available)
    return (
      <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
        <Typography>{t('integrations.connection.keyOnly', { name })}</Typography>
        <Button component={RouterLink} to={integrationPage(kind)} variant="outlined">
          {t('integrations.connection.settingsLink', { name })}
        </Button>
      </Stack>
    );
  const connect = async () => {
    setBusy(true);
    try {
      const { url } = await post<{ url: string }>(`${api}/oauth`);
      window.location.assign(url);
    } catch (err) {
      setBusy(false);
      enqueueSnackbar(errorText.error(err, t('common.somethingWentWrong')), { variant: 'error' });
    }
  };
  return (
    <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
      <Typography color="text.secondary">{t('integrations.connection.connectHelp', { name })}</Typography>
      <Button
        variant="contained"
        disabled={busy}
        onClick={() => void connect()}
        startIcon={busy ? <CircularProgress size={16} color="inherit" /> : undefined}
      >
        {t('integrations.connection.connect', { name })}
      </Button>
    </Stack>
  );
}

/** The kind's keys alone (its secret fields), saved with the same PUT as its settings page. */
function TokenForm({
  api,
  kind,
  details,
  onSaved,
}: {
  api: string;
  kind: IntegrationKind;
  details: IntegrationDetails;
  onSaved: () => Promise<void>;
}) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const errorText = useErrorText();
  const fields = INTEGRATIONS[kind].fields.filter((f) => f.secret);
  const { control, handleSubmit, setError, reset, formState } = useForm<IntegrationFormValues>({
    defaultValues: formOf(fields, details),
  });
  const [formError, setFormError] = useState('');
  const save = handleSubmit(async (values) => {
    setFormError('');
    try {
      await put(api, { settings: settingsOf(fields, values) });
      await onSaved();
      reset(formOf(fields, details));
      enqueueSnackbar(t('integrations.errors.saved'), { variant: 'success' });
    } catch (err) {
      const elsewhere: string[] = [];
      for (const [key, message] of Object.entries(fieldErrors(err))) {
        const name = formKeyOf(key, fields);
        if (name) setError(name as `settings.api_key`, { type: 'server', message: errorText.field(message) });
        else
          elsewhere.push(
            `${t(`integrations.fields.${key.replace(/^settings\./, '')}`, { defaultValue: key })}: ${errorText.field(message)}`,
          );
      }
      setFormError(elsewhere.join(' · ') || errorText.error(err, t('common.saveFailed')));
    }
  });
  return (
    <Stack component="form" spacing={2} onSubmit={save} noValidate aria-label={t('integrations.connectionLink')}>
      <Typography color="text.secondary">{t('integrations.connection.tokenHelp', { name: INTEGRATIONS[kind].name })}</Typography>
      <SettingsFields fields={fields} details={details} control={control} lists={null} disabled={formState.isSubmitting} />
      {formError && <Alert severity="error">{formError}</Alert>}
      <Button type="submit" variant="contained" disabled={formState.isSubmitting} sx={{ alignSelf: 'flex-start' }}>
        {formState.isSubmitting ? t('integrations.saving') : t('integrations.save')}
      </Button>
    </Stack>
  );
}

function Connection({ kind }: { kind: IntegrationKind }) {
  const { t } = useTranslation();
  const siteId = useAppSelector((s) => s.site.selectedSiteId);
  const { api, details, failed, reload } = useIntegration(siteId, kind);
  const descriptor = INTEGRATIONS[kind];
  const name = descriptor.name;
  return (
    <Stack spacing={3} sx={{ maxWidth: 760 }}>
      <IntegrationHeader kind={kind} details={details} title={t('integrations.connection.title', { name })} />
      <CallbackOutcome name={name} />
      {!details && (failed ? <Alert severity="error">{failed}</Alert> : <Skeleton variant="rounded" height={160} />)}
      {details && (
        <SectionCard title={t('integrations.connectionLink')}>
          <ConnectionState details={details} name={name} />
          {descriptor.connection === 'oauth' ? (
            <OAuthConnect api={api} kind={kind} details={details} name={name} />
          ) : (
            <TokenForm api={api} kind={kind} details={details} onSaved={reload} />
          )}
        </SectionCard>
      )}
    </Stack>
  );
}

/** /app/settings-view/{kind}/connection, for the kinds with a connection: OAuth sign-in or the keys. */
export function ConnectionPage() {
  const { kind } = useParams();
  if (!isKind(kind) || !hasConnectionPage(kind)) return <Navigate to="/404" replace />;
  return <Connection key={kind} kind={kind} />;
}
