import { useTranslation } from 'react-i18next';
import Typography from '@mui/material/Typography';
import { useAppSelector } from '../../app/hooks.ts';

/** The first screen after sign-in; its analytics tiles come with the analytics feature. */
export function DashboardPage() {
  const { t } = useTranslation();
  const site = useAppSelector((s) => s.site.settings);
  return (
    <>
      <Typography variant="h4" component="h1">
        {t('dashboard.title')}
      </Typography>
      <Typography color="text.secondary" data-testid="dashboard-site">
        {site?.id === 0 ? t('dashboard.allSites') : site?.name}
      </Typography>
    </>
  );
}
