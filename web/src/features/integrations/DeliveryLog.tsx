import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnackbar } from 'notistack';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { DELIVERY_STATUSES, type Delivery, type DeliveryList, type DeliveryStatus } from '@splashboard/contract/integrations';
import { get, post } from '../../app/api.ts';
import { useErrorText } from '../../app/errorText.ts';
import { dateTime } from '../../app/format.ts';
import { PagedList } from '../../components/Pager.tsx';

const COLOUR = {
  queued: 'default',
  sending: 'info',
  retrying: 'warning',
  delivered: 'success',
  parked: 'error',
  skipped: 'default',
} as const;

/** The vendor's HTTP status and answer, or why a delivery was parked or skipped. */
const answerOf = (d: Delivery) => [d.http_status, d.answer].filter((p) => p !== null && p !== '').join(' · ');

/** The last 30 days' deliveries, by outcome, a page at a time; a parked one (or all of them) sent again. */
export function DeliveryLog({ api, disabled }: { api: string; disabled: boolean }) {
  const { t, i18n } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const errorText = useErrorText();
  const [status, setStatus] = useState<DeliveryStatus | ''>('');
  const [paging, setPaging] = useState({ page: 1, rpp: 25 });
  const [log, setLog] = useState<DeliveryList | null>(null);

  const load = useCallback(async () => {
    const query = new URLSearchParams({ page: String(paging.page), per_page: String(paging.rpp) });
    if (status) query.set('status', status);
    try {
      setLog(await get<DeliveryList>(`${api}/deliveries?${query}`));
    } catch (err) {
      enqueueSnackbar(errorText.error(err, t('common.somethingWentWrong')), { variant: 'error' });
    }
  }, [api, paging, status, enqueueSnackbar, errorText, t]);
  useEffect(() => void load(), [load]);

  const resend = async (path: string, done: (queued: number) => string) => {
    try {
      const answer = await post<{ queued?: number }>(`${api}/deliveries/${path}`);
      enqueueSnackbar(done(answer?.queued ?? 1), { variant: 'success' });
      await load();
    } catch (err) {
      enqueueSnackbar(errorText.error(err, t('common.somethingWentWrong')), { variant: 'error' });
    }
  };
  const requeued = (n: number) => t('integrations.errors.requeued', { n });

  return (
    <Stack spacing={2}>
      <Typography variant="body2" color="text.secondary">
        {t('integrations.log.help')}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
        <TextField
          select
          size="small"
          label={t('integrations.log.filter')}
          value={status}
          onChange={(e) => {
            setStatus(e.target.value as DeliveryStatus | '');
            setPaging((p) => ({ ...p, page: 1 }));
          }}
          slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
          sx={{ minWidth: 200 }}
        >
          <MenuItem value="">{t('integrations.log.all')}</MenuItem>
          {DELIVERY_STATUSES.map((s) => (
            <MenuItem key={s} value={s}>
              {t(`integrations.log.statuses.${s}`)}
            </MenuItem>
          ))}
        </TextField>
        <Button variant="outlined" disabled={disabled} onClick={() => void resend('resend-parked', requeued)}>
          {t('integrations.log.resendAll')}
        </Button>
      </Stack>
      {log && (
        <PagedList
          shown={log.items.length}
          empty={t('integrations.log.empty')}
          total={log.metadata.total}
          page={paging.page}
          rpp={paging.rpp}
          onChange={({ page, rpp }) => setPaging((p) => ({ page, rpp: rpp ?? p.rpp }))}
        >
          <TableContainer>
            <Table size="small" aria-label={t('integrations.log.title')}>
              <TableHead>
                <TableRow>
                  <TableCell>{t('integrations.log.guest')}</TableCell>
                  <TableCell>{t('integrations.log.action')}</TableCell>
                  <TableCell>{t('integrations.log.time')}</TableCell>
                  <TableCell>{t('integrations.log.outcome')}</TableCell>
                  <TableCell align="right">{t('integrations.log.attempts')}</TableCell>
                  <TableCell>{t('integrations.log.answer')}</TableCell>
                  <TableCell />
                </TableRow>
              </TableHead>
              <TableBody>
                {log.items.map((d) => (
                  <TableRow key={d.id} data-testid="delivery-row">
                    <TableCell sx={{ overflowWrap: 'anywhere' }}>{d.guest}</TableCell>
                    <TableCell>{t(`integrations.log.actions.${d.action}`)}</TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>
                      {dateTime(d.updated_at, i18n.language)}
                      {d.next_attempt_at && d.status === 'retrying' && (
                        <Typography variant="caption" component="div" color="text.secondary">
                          {t('integrations.log.nextAttempt', { time: dateTime(d.next_attempt_at, i18n.language) })}
                        </Typography>
                      )}
                    </TableCell>
                    <TableCell>
                      <Chip size="small" color={COLOUR[d.status]} label={t(`integrations.log.statuses.${d.status}`)} />
                    </TableCell>
                    <TableCell align="right">{d.attempts}</TableCell>
                    <TableCell sx={{ overflowWrap: 'anywhere', maxWidth: 320 }}>{answerOf(d)}</TableCell>
                    <TableCell>
                      {d.status === 'parked' && (
                        <Button size="small" disabled={disabled} onClick={() => void resend(`${d.id}/resend`, requeued)}>
                          {t('integrations.log.resend')}
                        </Button>
                      )}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        </PagedList>
      )}
    </Stack>
  );
}
