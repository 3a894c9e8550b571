import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import type { CampaignFigures, CampaignState, EmailCampaignList } from '@splashboard/contract';
import { editPath } from './paths.ts';

export type CampaignSummary = EmailCampaignList['campaigns'][number];
export type CampaignAction = 'delete' | 'activate' | 'deactivate';

const FIGURES: (keyof CampaignFigures)[] = ['sent', 'failed', 'opened', 'clicked', 'unsubscribed'];
const STATE_COLOR: Record<CampaignState, 'default' | 'info' | 'success' | 'warning'> = {
  draft: 'default',
  not_yet_started: 'info',
  active: 'success',
  ended: 'warning',
};

/** The trigger in words: "3 days after a login", "On their birthday". */
export function useTriggerText() {
  const { t } = useTranslation();
  return (c: Pick<CampaignSummary, 'trigger_type' | 'trigger_param'>) =>
    c.trigger_type === 'birthday'
      ? t('campaigns.email.trigger.birthday')
      : t(`campaigns.email.trigger.${c.trigger_type}`, { count: c.trigger_param });
}

/** The site's campaigns with their trigger, state and figures; edit, (de)activate and delete for a writer. */
export function CampaignTable({
  campaigns,
  onAction,
}: {
  campaigns: CampaignSummary[];
  onAction?: (action: CampaignAction, c: CampaignSummary) => void;
}) {
  const { t } = useTranslation();
  const triggerText = useTriggerText();
  return (
    <TableContainer>
      <Table size="small" aria-label={t('campaigns.email.title')}>
        <TableHead>
          <TableRow>
            <TableCell>{t('campaigns.email.columns.name')}</TableCell>
            <TableCell>{t('campaigns.email.columns.trigger')}</TableCell>
            <TableCell>{t('campaigns.email.columns.state')}</TableCell>
            {FIGURES.map((f) => (
              <TableCell key={f} align="right">
                {t(`campaigns.email.columns.${f}`)}
              </TableCell>
            ))}
            {onAction && <TableCell>{t('campaigns.email.columns.actions')}</TableCell>}
          </TableRow>
        </TableHead>
        <TableBody>
          {campaigns.map((c) => (
            <TableRow key={c.id} hover>
              <TableCell sx={{ overflowWrap: 'anywhere' }}>{c.name}</TableCell>
              <TableCell>{triggerText(c)}</TableCell>
              <TableCell>
                <Chip size="small" color={STATE_COLOR[c.state]} label={t(`campaigns.email.state.${c.state}`)} />
              </TableCell>
              {FIGURES.map((f) => (
                <TableCell key={f} align="right">
                  {c.figures[f]}
                </TableCell>
              ))}
              {onAction && (
                <TableCell>
                  <Stack direction="row" spacing={1} sx={{ whiteSpace: 'nowrap' }}>
                    <Button size="small" component={RouterLink} to={editPath(c.id)}>
                      {t('campaigns.email.edit')}
                    </Button>
                    <Button size="small" onClick={() => onAction(c.active ? 'deactivate' : 'activate', c)}>
                      {t(c.active ? 'campaigns.email.deactivate' : 'campaigns.email.activate')}
                    </Button>
                    <Button size="small" color="error" onClick={() => onAction('delete', c)}>
                      {t('campaigns.email.delete')}
                    </Button>
                  </Stack>
                </TableCell>
              )}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
