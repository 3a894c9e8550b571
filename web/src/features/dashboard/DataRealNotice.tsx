import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import { dashboardCallUrl } from '@splashboard/contract/dashboard';
import { useDashboardCall } from './useDashboardCall.ts';

/** Before any guest has logged in, says why the tiles are empty (`dashboard/data/real`). */
export function DataRealNotice({ siteId }: { siteId: number }) {
  const { t } = useTranslation();
  const call = useDashboardCall<{ real: boolean }>(dashboardCallUrl(siteId, 'data/real'), t('common.somethingWentWrong'));
  if (!call.data || call.data.real || call.loading) return null;
  return (
    <Alert severity="info" data-testid="no-data">
      {t('dashboard.noData')}
    </Alert>
  );
}
