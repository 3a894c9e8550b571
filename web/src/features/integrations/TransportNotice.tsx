import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import { SIGNATURE_HEADER, type IntegrationDescriptor, type IntegrationDetails } from '@splashboard/contract/integrations';

/** How the kind reaches its vendor, where the operator needs to know: a signed POST, our webhook, a Teams notice. */
export function TransportNotice({
  descriptor,
  signature,
}: {
  descriptor: IntegrationDescriptor;
  signature: IntegrationDetails['signature'];
}) {
  const { t } = useTranslation();
  const signed = {
    name: descriptor.name,
    header: signature?.header ?? SIGNATURE_HEADER,
    algorithm: signature?.algorithm ?? 'HMAC-SHA256',
  };
  switch (descriptor.transport) {
    case 'signed_post':
      return <Alert severity="info">{t('integrations.signedPost', signed)}</Alert>;
    case 'webhook':
      return <Alert severity="info">{t('integrations.webhook', signed)}</Alert>;
    case 'teams':
      return <Alert severity="info">{t('integrations.teams')}</Alert>;
    case 'api':
      return null;
  }
}
