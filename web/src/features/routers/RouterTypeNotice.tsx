import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import { ROUTER_LABELS, type RouterSettingsFamily, type RouterType } from '@splashboard/contract';

/** Settings of another family than the location's router are kept but not used: say so. */
export function RouterTypeNotice({ routerType, family }: { routerType: string | null; family: RouterSettingsFamily }) {
  const { t } = useTranslation();
  if (routerType === family) return null;
  const router = routerType ? (ROUTER_LABELS[routerType as RouterType] ?? routerType) : '—';
  return <Alert severity="warning">{t('routers.otherRouter', { router, family: ROUTER_LABELS[family] })}</Alert>;
}
