import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { RouterStatus } from '@splashboard/contract';
import { AccessHealthLink } from '../access-health/AccessHealthLink.tsx';

/** null: a gateway nobody can ask (openNDS). */
type Status = RouterStatus | null;

const KEYS: Record<RouterStatus, string> = {
  'Not configured': 'notConfigured',
  'Not Reachable': 'notReachable',
  'Invalid Credentials': 'invalidCredentials',
  'Needs Super Admin': 'needsSuperAdmin',
  Online: 'online',
};
const COLORS: Record<RouterStatus, 'default' | 'success' | 'error' | 'warning'> = {
  'Not configured': 'default',
  'Not Reachable': 'error',
  'Invalid Credentials': 'error',
  'Needs Super Admin': 'warning',
  Online: 'success',
};

export function StatusChip({ status }: { status: Status }) {
  const { t } = useTranslation();
  return (
    <Chip
      data-testid="router-status"
      label={t(`routers.statuses.${status ? KEYS[status] : 'uncheckable'}`)}
      color={status ? COLORS[status] : 'info'}
      variant={status === 'Not configured' ? 'outlined' : 'filled'}
    />
  );
}

/** The status with its sentence: the server's detail when it has one, else what the word means. */
export function StatusPanel(props: {
  status: Status;
  detail: string;
  checkedAt?: string | null;
  action?: ReactNode;
  /** A page's own sentence for its null status (the default speaks of openNDS). */
  uncheckableHelp?: string;
}) {
  const { t, i18n } = useTranslation();
  const { status, checkedAt, action } = props;
  const detail =
    status === null
      ? (props.uncheckableHelp ?? t('routers.uncheckableHelp'))
      : props.detail || (status === 'Online' ? t('routers.onlineHelp') : '');
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Stack spacing={1.5}>
        <Stack
          direction="row"
          spacing={2}
          useFlexGap
          sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', rowGap: 1 }}
        >
          <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
            <Typography variant="h6" component="h2">
              {t('routers.statusTitle')}
            </Typography>
            <StatusChip status={status} />
          </Stack>
          {action}
        </Stack>
        {detail && (
          <Typography data-testid="router-status-detail" color="text.secondary">
            {detail}
          </Typography>
        )}
        {checkedAt && (
          <Typography variant="body2" color="text.secondary">
            {t('routers.checkedAt', { when: new Date(checkedAt).toLocaleString(i18n.language) })}
          </Typography>
        )}
        <AccessHealthLink />
      </Stack>
    </Paper>
  );
}
