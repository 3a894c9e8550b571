import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { IntegrationSummary } from '@splashboard/contract/integrations';
import { useAppSelector } from '../../app/hooks.ts';
import { PageHeader } from '../../components/PageHeader.tsx';
import { SearchField } from '../../components/SearchField.tsx';
import { IntegrationIcon } from './IntegrationIcon.ts';
import { INACTIVE_PAGE, LIST_PAGE, integrationPage } from './paths.ts';
import { StateChip } from './StateChip.tsx';
import { useIntegrations } from './useIntegrations.ts';
import { useVendorText } from './vendorText.ts';
import './i18n.ts';

/** One integration: its name, state (a failing one's last error under it) and what it sent in 30 days. */
function IntegrationCard({ item }: { item: IntegrationSummary }) {
  const { t } = useTranslation();
  const vendorText = useVendorText();
  return (
    <Card variant="outlined" sx={{ height: '100%' }} data-testid="integration-card">
      <CardActionArea component={RouterLink} to={integrationPage(item.kind)} sx={{ height: '100%' }}>
        <CardContent>
          <Stack spacing={1}>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
              <IntegrationIcon color="action" />
              <Typography variant="h6" component="h2" sx={{ flex: 1, overflowWrap: 'anywhere' }}>
                {item.name}
              </Typography>
              <StateChip state={item.state} lastError={item.last_error} />
            </Stack>
            <Typography variant="body2" color="text.secondary">
              {t('integrations.counts', { delivered: item.delivered_30d, parked: item.parked_30d })}
            </Typography>
            {item.state === 'failing' && item.last_error && (
              <Typography variant="body2" color="error" sx={{ overflowWrap: 'anywhere' }}>
                {t('integrations.lastError', { error: vendorText(item.last_error) })}
              </Typography>
            )}
          </Stack>
        </CardContent>
      </CardActionArea>
    </Card>
  );
}

/** The integrations of the site as cards, searched by name; `inactiveOnly` for the inactive ones' page. */
function IntegrationsList({ inactiveOnly }: { inactiveOnly: boolean }) {
  const { t } = useTranslation();
  const siteId = useAppSelector((s) => s.site.selectedSiteId);
  const list = useIntegrations(siteId);
  const [search, setSearch] = useState('');
  const title = t(inactiveOnly ? 'integrations.inactiveTitle' : 'integrations.title');

  const shown =
    list && list !== 'failed'
      ? list
          .filter((i) => !inactiveOnly || i.state === 'inactive')
          .filter((i) => i.name.toLowerCase().includes(search.toLowerCase()))
      : [];
  return (
    <Stack spacing={2}>
      <PageHeader
        actions={
          <Link component={RouterLink} to={inactiveOnly ? LIST_PAGE : INACTIVE_PAGE}>
            {t(inactiveOnly ? 'integrations.allLink' : 'integrations.inactiveLink')}
          </Link>
        }
      >
        <Typography variant="h4" component="h1">
          {title}
        </Typography>
      </PageHeader>
      <Typography color="text.secondary">{t('integrations.intro')}</Typography>
      <SearchField value={search} onSearch={setSearch} label={t('integrations.search')} sx={{ maxWidth: 360 }} />
      {list === 'failed' && <Alert severity="error">{t('common.somethingWentWrong')}</Alert>}
      {list === null && <Skeleton variant="rounded" height={160} />}
      {list && list !== 'failed' && shown.length === 0 && (
        <Typography color="text.secondary">
          {search ? t('integrations.noMatch', { search }) : t('integrations.noneInactive')}
        </Typography>
      )}
      <Grid container spacing={2} component="ul" aria-label={title} sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {shown.map((item) => (
          <Grid key={item.kind} size={{ xs: 12, sm: 6, lg: 4 }} component="li">
            <IntegrationCard item={item} />
          </Grid>
        ))}
      </Grid>
    </Stack>
  );
}

/** /app/settings-view/integrations: every integration of the site, with its state. */
export const IntegrationsListPage = () => <IntegrationsList inactiveOnly={false} />;
/** /app/settings-view/integrations/inactive: the integrations not turned on. */
export const InactiveIntegrationsPage = () => <IntegrationsList inactiveOnly />;
