import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnackbar } from 'notistack';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import Alert from '@mui/material/Alert';
import Paper from '@mui/material/Paper';
import type { Transaction, TransactionList } from '@splashboard/contract';
import { get, post } from '../../app/api.ts';
import { useAppSelector, useQueryParams } from '../../app/hooks.ts';
import { useErrorText } from '../../app/errorText.ts';
import { PagedList } from '../../components/Pager.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { ListFilters } from './ListFilters.tsx';
import { RefundDialog } from './RefundDialog.tsx';
import { UpdateTransactionDialog } from './UpdateTransactionDialog.tsx';
import { TransactionTable, type TransactionAction } from './TransactionTable.tsx';
import { apiQuery, datesInOrder, listQuery, listStateOf, transactionsApi, type ListState } from './paths.ts';
import './i18n.ts';

/** Resends a paid transaction's invoice to its guest, saying so (or why not). */
export function useResendInvoice(api: string) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const errorText = useErrorText();
  return async (tx: Transaction) => {
    try {
      await post(`${api}/${tx.id}/resend/invoice`);
      enqueueSnackbar(t('payments.errors.invoiceSent', { email: tx.email }), { variant: 'success' });
    } catch (err) {
      enqueueSnackbar(errorText.error(err, t('payments.transactions.resendFailed')), { variant: 'error' });
    }
  };
}

/** /app/payment/transactions: the site's payments, searched, by dates and paged (state in the address). */
export function TransactionsPage() {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const siteId = useAppSelector((s) => s.site.selectedSiteId);
  const [params, setParams] = useQueryParams();
  const state = listStateOf(params);
  const [list, setList] = useState<TransactionList | null>(null);
  const [open, setOpen] = useState<{ action: 'update' | 'refund'; tx: Transaction } | null>(null);
  const api = transactionsApi(siteId);
  const resend = useResendInvoice(api);

  const setState = useCallback(
    (next: Partial<ListState>) => setParams((prev) => listQuery({ ...listStateOf(prev), ...next }), { replace: true }),
    [setParams],
  );

  const query = datesInOrder(state) ? apiQuery(state).toString() : null;
  const load = useCallback(() => {
    if (!siteId || query === null) return;
    get<TransactionList>(`${api}/?${query}`).then(setList, () =>
      enqueueSnackbar(t('payments.transactions.loadFailed'), { variant: 'error' }),
    );
  }, [siteId, api, query, enqueueSnackbar, t]);
  useEffect(load, [load]);

  const onAction = (action: TransactionAction, tx: Transaction) =>
    action === 'resend' ? void resend(tx) : setOpen({ action, tx });
  const filtered = state.search || state.from || state.to;

  return (
    <Stack spacing={2}>
      <PageHeader>
        <Typography variant="h4" component="h1">
          {t('payments.transactions.title')}
        </Typography>
      </PageHeader>
      <Typography color="text.secondary">{t('payments.transactions.intro')}</Typography>
      {list && !list.can_write && <Alert severity="info">{t('payments.readOnly')}</Alert>}
      <ListFilters state={state} searchLabel={t('payments.transactions.search')} onChange={setState} />
      {list && (
        <Paper variant="outlined">
          <PagedList
            shown={list.items.length}
            empty={t(filtered ? 'payments.transactions.noMatch' : 'payments.transactions.none')}
            total={list.metadata.total}
            page={state.page}
            rpp={state.rpp}
            onChange={setState}
          >
            <TransactionTable
              items={list.items}
              label={t('payments.transactions.title')}
              onAction={list.can_write ? onAction : undefined}
            />
          </PagedList>
        </Paper>
      )}
      {open?.action === 'refund' && (
        <RefundDialog
          tx={open.tx}
          api={api}
          onClose={(changed) => {
            setOpen(null);
            if (changed) load();
          }}
        />
      )}
      {open?.action === 'update' && (
        <UpdateTransactionDialog
          tx={open.tx}
          api={api}
          onClose={(changed) => {
            setOpen(null);
            if (changed) load();
          }}
        />
      )}
    </Stack>
  );
}
