import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useSnackbar } from 'notistack';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import Button from '@mui/material/Button';
import Alert from '@mui/material/Alert';
import Paper from '@mui/material/Paper';
import type { EmailCampaignList } from '@splashboard/contract';
import { del, get, put } from '../../../app/api.ts';
import { useAppSelector } from '../../../app/hooks.ts';
import { useErrorText } from '../../../app/errorText.ts';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { AddIcon } from '../../../components/icons.ts';
import { CampaignTable, type CampaignAction, type CampaignSummary } from './CampaignTable.tsx';
import { MarketingSettings } from './MarketingSettings.tsx';
import { SendingSettingsDialog } from './SendingSettingsDialog.tsx';
import { CREATE_PATH, campaignsApi } from './paths.ts';
import './i18n.ts';

/**
 * /app/campaigns/email: the site's email campaigns with their state and figures, created, edited,
 * (de)activated and deleted by a writer; the site's marketing settings and the account's sending settings.
 */
export function EmailCampaignsPage() {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const errorText = useErrorText();
  const siteId = useAppSelector((s) => s.site.selectedSiteId);
  const api = campaignsApi(siteId);
  const [list, setList] = useState<EmailCampaignList | null>(null);
  const [failed, setFailed] = useState(false);
  // The campaign asked about stays while the dialog closes, so that its words do not change as it fades.
  const [asking, setAsking] = useState<CampaignSummary | null>(null);
  const [askOpen, setAskOpen] = useState(false);
  const [smtpOpen, setSmtpOpen] = useState(false);

  const load = useCallback(() => {
    if (!siteId) return;
    get<EmailCampaignList>(`${api}/email`).then(
      (l) => {
        setList(l);
        setFailed(false);
      },
      () => setFailed(true),
    );
  }, [siteId, api]);
  useEffect(load, [load]);

  const act = async (action: CampaignAction, c: CampaignSummary) => {
    try {
      if (action === 'delete') await del(`${api}/email/${c.id}`);
      else await put(`${api}/email/${c.id}`, { active: action === 'activate' });
      const done = { delete: 'deleted', activate: 'activated', deactivate: 'deactivated' }[action];
      enqueueSnackbar(t(`campaigns.email.${done}`), { variant: 'success' });
      load();
    } catch (err) {
      enqueueSnackbar(errorText.error(err, t('campaigns.email.actionFailed')), { variant: 'error' });
    }
  };

  const canWrite = list?.can_write ?? false;
  return (
    <Stack spacing={2}>
      <PageHeader
        actions={
          canWrite && (
            <>
              <Button variant="contained" startIcon={<AddIcon />} component={RouterLink} to={CREATE_PATH}>
                {t('campaigns.email.create')}
              </Button>
              <Button variant="outlined" onClick={() => setSmtpOpen(true)}>
                {t('campaigns.email.smtp.open')}
              </Button>
            </>
          )
        }
      >
        <Typography variant="h4" component="h1">
          {t('campaigns.email.title')}
        </Typography>
      </PageHeader>
      <Typography color="text.secondary">{t('campaigns.email.intro')}</Typography>
      {list && !canWrite && <Alert severity="info">{t('campaigns.email.readOnly')}</Alert>}
      {failed && <Alert severity="error">{t('campaigns.email.loadFailed')}</Alert>}
      {list && (
        <Paper variant="outlined">
          {list.campaigns.length === 0 ? (
            <Typography sx={{ p: 2 }} color="text.secondary">
              {t('campaigns.email.none')}
            </Typography>
          ) : (
            <CampaignTable
              campaigns={list.campaigns}
              onAction={
                canWrite
                  ? (action, c) => {
                      if (action !== 'delete') return void act(action, c);
                      setAsking(c);
                      setAskOpen(true);
                    }
                  : undefined
              }
            />
          )}
        </Paper>
      )}
      {list && <MarketingSettings api={api} canWrite={canWrite} />}
      <ConfirmDialog
        open={askOpen && asking !== null}
        title={t('campaigns.email.deleteTitle', { name: asking?.name ?? '' })}
        body={t('campaigns.email.deleteBody')}
        confirm={t('campaigns.email.delete')}
        onCancel={() => setAskOpen(false)}
        onConfirm={() => {
          setAskOpen(false);
          void act('delete', asking!);
        }}
      />
      {canWrite && <SendingSettingsDialog open={smtpOpen} onClose={() => setSmtpOpen(false)} />}
    </Stack>
  );
}
