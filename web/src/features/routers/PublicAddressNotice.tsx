import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import type { PublicAddress } from '@splashboard/contract';

/** The address every gateway is told (PUBLIC_URL), when gateways cannot reach it: why, and how to set it. */
export function PublicAddressNotice({ address }: { address: PublicAddress }) {
  const { t } = useTranslation();
  if (!address.problem) return null;
  return (
    <Alert severity="warning" data-testid="public-address-warning">
      <AlertTitle>{t('routers.publicAddress.title', { url: address.url })}</AlertTitle>
      {t(`routers.publicAddress.${address.problem}`)} {t('routers.publicAddress.howTo')}
    </Alert>
  );
}
