import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import Link from '@mui/material/Link';
import './linkStrings.ts';

/** On the router settings pages: where to see the guests this gateway left offline. */
export function AccessHealthLink() {
  const { t } = useTranslation();
  return (
    <Link component={RouterLink} to="/app/settings-view/access-health?status=failed" variant="body2">
      {t('accessHealth.panelLink')}
    </Link>
  );
}
