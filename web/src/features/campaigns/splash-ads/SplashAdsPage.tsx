import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useSnackbar } from 'notistack';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import Button from '@mui/material/Button';
import Alert from '@mui/material/Alert';
import Paper from '@mui/material/Paper';
import Chip from '@mui/material/Chip';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import type { z } from 'zod';
import type { splashAdListSchema } from '@splashboard/contract';
import { del, get, put } from '../../../app/api.ts';
import { useAppSelector } from '../../../app/hooks.ts';
import { useErrorText } from '../../../app/errorText.ts';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { AddIcon } from '../../../components/icons.ts';
import { ADS_PATH, adEditPath, adsApi } from './paths.ts';
import './i18n.ts';

type AdList = z.infer<typeof splashAdListSchema>;
type AdSummary = AdList['ads'][number];
const STATE_COLOR = { draft: 'default', not_yet_started: 'info', active: 'success', ended: 'default' } as const;

/** /app/campaigns/splash-page-ad: the site's ads with their state, display, impressions and clicks. */
export function SplashAdsPage() {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const errorText = useErrorText();
  const siteId = useAppSelector((s) => s.site.selectedSiteId);
  const [list, setList] = useState<AdList | null>(null);
  const [failed, setFailed] = useState(false);
  const [deleting, setDeleting] = useState<AdSummary | null>(null);
  const api = adsApi(siteId);

  const load = useCallback(() => {
    if (!siteId) return;
    get<AdList>(api).then(
      (l) => {
        setList(l);
        setFailed(false);
      },
      () => setFailed(true),
    );
  }, [siteId, api]);
  useEffect(load, [load]);

  const act = async (ad: AdSummary, action: 'delete' | 'activate' | 'deactivate') => {
    try {
      if (action === 'delete') await del(`${api}/${ad.id}`);
      else await put(`${api}/${ad.id}`, { active: action === 'activate' ? 1 : 0 });
      const done = { delete: 'deleted', activate: 'activated', deactivate: 'deactivated' }[action];
      enqueueSnackbar(t(`campaigns.ads.${done}`), { variant: 'success' });
      load();
    } catch (err) {
      enqueueSnackbar(errorText.error(err, t('campaigns.ads.actionFailed')), { variant: 'error' });
    }
  };

  const canWrite = list?.can_write ?? false;
  return (
    <Stack spacing={2}>
      <PageHeader
        actions={
          canWrite && (
            <Button variant="contained" startIcon={<AddIcon />} component={RouterLink} to={`${ADS_PATH}/create`}>
              {t('campaigns.ads.create')}
            </Button>
          )
        }
      >
        <Typography variant="h4" component="h1">
          {t('campaigns.ads.title')}
        </Typography>
      </PageHeader>
      <Typography color="text.secondary">{t('campaigns.ads.intro')}</Typography>
      {list && !canWrite && <Alert severity="info">{t('campaigns.ads.readOnly')}</Alert>}
      {failed && <Alert severity="error">{t('campaigns.ads.loadFailed')}</Alert>}
      {list && (
        <Paper variant="outlined">
          {list.ads.length === 0 ? (
            <Typography sx={{ p: 2 }} color="text.secondary">
              {t('campaigns.ads.none')}
            </Typography>
          ) : (
            <TableContainer>
              <Table size="small">
                <TableHead>
                  <TableRow>
                    {(['name', 'state', 'display', 'placement', 'impressions', 'clicks'] as const).map((c) => (
                      <TableCell key={c} align={c === 'impressions' || c === 'clicks' ? 'right' : 'left'}>
                        {t(`campaigns.ads.columns.${c}`)}
                      </TableCell>
                    ))}
                    {canWrite && <TableCell>{t('campaigns.ads.columns.actions')}</TableCell>}
                  </TableRow>
                </TableHead>
                <TableBody>
                  {list.ads.map((ad) => (
                    <TableRow key={ad.id}>
                      <TableCell sx={{ overflowWrap: 'anywhere' }}>{ad.name}</TableCell>
                      <TableCell>
                        <Chip size="small" color={STATE_COLOR[ad.state]} label={t(`campaigns.ads.state.${ad.state}`)} />
                      </TableCell>
                      <TableCell>{t(`campaigns.ads.display.${ad.trigger_type}`)}</TableCell>
                      <TableCell>{t(`campaigns.ads.placement.${ad.placement}`)}</TableCell>
                      <TableCell align="right">{ad.impressions}</TableCell>
                      <TableCell align="right">{ad.clicks}</TableCell>
                      {canWrite && (
                        <TableCell sx={{ whiteSpace: 'nowrap' }}>
                          <Button size="small" component={RouterLink} to={adEditPath(ad.id)}>
                            {t('campaigns.ads.edit')}
                          </Button>
                          <Button size="small" onClick={() => void act(ad, ad.active ? 'deactivate' : 'activate')}>
                            {t(ad.active ? 'campaigns.ads.deactivate' : 'campaigns.ads.activate')}
                          </Button>
                          <Button size="small" color="error" onClick={() => setDeleting(ad)}>
                            {t('campaigns.ads.delete')}
                          </Button>
                        </TableCell>
                      )}
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </TableContainer>
          )}
        </Paper>
      )}
      <ConfirmDialog
        open={deleting !== null}
        title={t('campaigns.ads.deleteTitle', { name: deleting?.name ?? '' })}
        body={t('campaigns.ads.deleteBody')}
        confirm={t('campaigns.ads.delete')}
        onCancel={() => setDeleting(null)}
        onConfirm={() => {
          const ad = deleting!;
          setDeleting(null);
          void act(ad, 'delete');
        }}
      />
    </Stack>
  );
}
