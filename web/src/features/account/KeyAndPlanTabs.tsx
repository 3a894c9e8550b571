import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnackbar } from 'notistack';
import Stack from '@mui/material/Stack';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import Alert from '@mui/material/Alert';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableRow from '@mui/material/TableRow';
import TableCell from '@mui/material/TableCell';
import type { Subscription } from '@splashboard/contract';
import { get, post } from '../../app/api.ts';
import { useAppDispatch } from '../../app/hooks.ts';
import { subscriptionLoaded } from '../../app/store.ts';

interface ApiKey {
  apikey: string | null;
  masked: boolean;
}

export function ApiKeyTab() {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const [key, setKey] = useState<ApiKey | null>(null);
  useEffect(() => {
    get<ApiKey>('/a/api/v1/profile/apikey').then(setKey, () => setKey({ apikey: null, masked: true }));
  }, []);
  if (!key) return null;
  return (
    <Stack spacing={2}>
      <Typography color="text.secondary">{t('account.apikeyHelp')}</Typography>
      {key.apikey ? (
        <Typography component="code" data-testid="apikey" sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }}>
          {key.apikey}
        </Typography>
      ) : (
        <Typography>{t('account.apikeyNone')}</Typography>
      )}
      {!key.masked && <Alert severity="warning">{t('account.apikeyShownOnce')}</Alert>}
      <Button
        variant="contained"
        sx={{ alignSelf: 'flex-start' }}
        onClick={() =>
          post<ApiKey>('/a/api/v1/profile/apikey/reset').then(setKey, () =>
            enqueueSnackbar(t('common.somethingWentWrong'), { variant: 'error' }),
          )
        }
      >
        {t('account.apikeyReset')}
      </Button>
    </Stack>
  );
}

export function SubscriptionTab() {
  const { t, i18n } = useTranslation();
  const dispatch = useAppDispatch();
  const [sub, setSub] = useState<Subscription | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    get<Subscription>('/a/api/v1/subscription/').then(
      (s) => {
        setSub(s);
        dispatch(subscriptionLoaded(s));
      },
      () => setFailed(true),
    );
  }, [dispatch]);
  if (failed) return <Alert severity="error">{t('account.failedToLoad')}</Alert>;
  if (!sub) return null;
  const date = (iso: string | null) => (iso ? new Date(iso).toLocaleDateString(i18n.language) : '—');
  const money = new Intl.NumberFormat(i18n.language, { style: 'currency', currency: sub.currency }).format(sub.price);
  const rows: [string, string][] = [
    [t('account.plan'), sub.plan_type ? t(`signup.plans.${sub.plan_type}`) : '—'],
    [t('account.status'), t(`account.statuses.${sub.status}`)],
    [t('account.trialEnd'), date(sub.trial_end)],
    [t('account.periodEnd'), date(sub.current_period_end)],
    [t('account.price'), `${money} / ${t(`account.cycles.${sub.billing_cycle}`)}`],
  ];
  return (
    <Table size="small" aria-label={t('account.subscription')}>
      <TableBody>
        {rows.map(([k, v]) => (
          <TableRow key={k}>
            <TableCell component="th">{k}</TableCell>
            <TableCell>{v}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
