import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, Navigate, useParams } from 'react-router';
import { useSnackbar } from 'notistack';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { INTEGRATIONS, type IntegrationDetails, type IntegrationKind } from '@splashboard/contract/integrations';
import { get } from '../../app/api.ts';
import { useErrorText } from '../../app/errorText.ts';
import { useAppSelector } from '../../app/hooks.ts';
import { PageHeader } from '../../components/PageHeader.tsx';
import { SectionCard } from '../../components/SectionCard.tsx';
import { ArrowBackIcon } from '../../components/icons.ts';
import { DeliveryLog } from './DeliveryLog.tsx';
import { EnabledSwitch } from './EnabledSwitch.tsx';
import { IntegrationActions } from './IntegrationActions.tsx';
import { LIST_PAGE, connectionPage, hasConnectionPage, integrationApi, isKind } from './paths.ts';
import { SettingsForm } from './SettingsForm.tsx';
import { StateChip } from './StateChip.tsx';
import { TransportNotice } from './TransportNotice.tsx';
import { useVendorText } from './vendorText.ts';
import './i18n.ts';

/** One integration's details, loaded again after each change. */
export function useIntegration(siteId: number | null, kind: IntegrationKind) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const errorText = useErrorText();
  const [details, setDetails] = useState<IntegrationDetails | null>(null);
  const [failed, setFailed] = useState('');
  const api = siteId ? integrationApi(siteId, kind) : '';
  const reload = useCallback(async () => {
    if (!api) return;
    try {
      setDetails(await get<IntegrationDetails>(api));
      setFailed('');
    } catch (err) {
      const why = errorText.error(err, t('common.somethingWentWrong'));
      setFailed(why);
      enqueueSnackbar(why, { variant: 'error' });
    }
  }, [api, enqueueSnackbar, errorText, t]);
  useEffect(() => {
    setDetails(null);
    void reload();
  }, [reload]);
  return { api, details, failed, reload };
}

/** The page's title row: the vendor's name, its state, and the way back to the list (and to the connection). */
export function IntegrationHeader({
  kind,
  details,
  title,
}: {
  kind: IntegrationKind;
  details: IntegrationDetails | null;
  title: string;
}) {
  const { t } = useTranslation();
  return (
    <PageHeader
      actions={
        <>
          {hasConnectionPage(kind) && (
            <Button component={RouterLink} to={connectionPage(kind)}>
              {t('integrations.connectionLink')}
            </Button>
          )}
          <Button component={RouterLink} to={LIST_PAGE} startIcon={<ArrowBackIcon />}>
            {t('integrations.allLink')}
          </Button>
        </>
      }
    >
      <Typography variant="h4" component="h1">
        {title}
      </Typography>
      {details && <StateChip state={details.state} lastError={details.last_error} />}
    </PageHeader>
  );
}

function IntegrationSettingsPage({ kind }: { kind: IntegrationKind }) {
  const { t } = useTranslation();
  const vendorText = useVendorText();
  const siteId = useAppSelector((s) => s.site.selectedSiteId);
  const readOnly = useAppSelector((s) => s.site.settings?.read_only?.includes('integrations') ?? false);
  const { api, details, failed, reload } = useIntegration(siteId, kind);
  const descriptor = INTEGRATIONS[kind];
  return (
    <Stack spacing={3} sx={{ maxWidth: 960 }}>
      <IntegrationHeader kind={kind} details={details} title={descriptor.name} />
      <TransportNotice descriptor={descriptor} signature={details?.signature ?? null} />
      {!details && (failed ? <Alert severity="error">{failed}</Alert> : <Skeleton variant="rounded" height={240} />)}
      {details && (
        <>
          {details.state === 'failing' && details.last_error && (
            <Alert severity="error">{t('integrations.lastError', { error: vendorText(details.last_error) })}</Alert>
          )}
          <EnabledSwitch api={api} name={descriptor.name} enabled={details.enabled} onChanged={reload} />
          <SettingsForm key={api} kind={kind} api={api} details={details} onSaved={reload} />
          <SectionCard title={t('integrations.log.title')}>
            <DeliveryLog api={api} disabled={readOnly} />
          </SectionCard>
          <IntegrationActions api={api} name={descriptor.name} enabled={details.enabled && !readOnly} />
        </>
      )}
    </Stack>
  );
}

/** /app/settings-view/{kind}: an integration's settings, field map, switch, delivery log; another address goes to /404. */
export function IntegrationPage() {
  const { kind } = useParams();
  if (!isKind(kind)) return <Navigate to="/404" replace />;
  return <IntegrationSettingsPage key={kind} kind={kind} />;
}
