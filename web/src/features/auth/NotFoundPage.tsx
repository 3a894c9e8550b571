import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { CenteredCard } from '../../layout/CenteredCard.tsx';

export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <CenteredCard title={t('common.notFoundTitle')}>
      <Typography gutterBottom>{t('common.notFoundBody')}</Typography>
      <Button component={RouterLink} to="/app/reports/dashboard" variant="contained">
        {t('common.goHome')}
      </Button>
    </CenteredCard>
  );
}
