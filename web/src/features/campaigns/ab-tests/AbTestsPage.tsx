import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnackbar } from 'notistack';
import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { AbTest, AbTestCreate, AbTestList } from '@splashboard/contract';
import { get, post } from '../../../app/api.ts';
import { useAppSelector } from '../../../app/hooks.ts';
import { useErrorText } from '../../../app/errorText.ts';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { PastTests } from './PastTests.tsx';
import { RunningTest } from './RunningTest.tsx';
import { SiteFunnel } from './SiteFunnel.tsx';
import { StartTestForm } from './StartTestForm.tsx';
import './i18n.ts';

/**
 * /app/campaigns/ab-tests: the site's login funnel, the running splash A/B test with each variant's
 * funnel and the verdict (ended by keeping a variant), the form to start one, and past tests.
 */
export function AbTestsPage() {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const errorText = useErrorText();
  const siteId = useAppSelector((s) => s.site.selectedSiteId);
  const api = `/s/${siteId}/api/v1/campaigns`;
  const [list, setList] = useState<AbTestList | null>(null);
  const [failed, setFailed] = useState('');

  const load = useCallback(() => {
    if (!siteId) return;
    get<AbTestList>(`${api}/ab-tests`).then(
      (l) => {
        setList(l);
        setFailed('');
      },
      (e: unknown) => setFailed(errorText.error(e, t('campaigns.ab.loadFailed'))),
    );
  }, [api, siteId, errorText, t]);
  useEffect(load, [load]);

  const running = list?.tests.find((x) => x.status === 'running');
  const past = list?.tests.filter((x) => x.status === 'ended') ?? [];

  async function start(body: AbTestCreate) {
    await post<AbTest>(`${api}/ab-tests`, body);
    enqueueSnackbar(t('campaigns.ab.start.started'), { variant: 'success' });
    load();
  }

  async function keep(test: AbTest, variant: AbTest['variants'][number]) {
    try {
      await post<AbTest>(`${api}/ab-tests/${test.id}/end`, { keep_variant_id: variant.id });
      enqueueSnackbar(t('campaigns.ab.running.kept', { name: variant.name }), { variant: 'success' });
    } catch (e) {
      enqueueSnackbar(errorText.error(e, t('common.unknownError')), { variant: 'error' });
    }
    load();
  }

  return (
    <Stack spacing={3}>
      <PageHeader>
        <Typography variant="h4" component="h1">
          {t('campaigns.ab.title')}
        </Typography>
      </PageHeader>
      <Typography color="text.secondary">{t('campaigns.ab.intro')}</Typography>
      {failed && <Alert severity="error">{failed}</Alert>}
      {list && !list.can_write && <Alert severity="info">{t('campaigns.ab.readOnly')}</Alert>}
      {siteId && <SiteFunnel api={api} />}
      {running && <RunningTest test={running} canWrite={!!list?.can_write} onKeep={(v) => keep(running, v)} />}
      {list && !running && list.can_write && <StartTestForm onStart={start} />}
      {list && <PastTests tests={past} />}
    </Stack>
  );
}
