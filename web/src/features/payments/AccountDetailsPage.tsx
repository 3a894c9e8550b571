import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import { useSnackbar } from 'notistack';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import Button from '@mui/material/Button';
import Alert from '@mui/material/Alert';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import type { z } from 'zod';
import type { PaymentAccount, Transaction, TransactionList, paymentAccountDeviceSchema } from '@splashboard/contract';
import { ApiFailure, get, post } from '../../app/api.ts';
import { useAppSelector } from '../../app/hooks.ts';
import { useErrorText } from '../../app/errorText.ts';
import { DetailsGrid, Field } from '../../components/Details.tsx';
import { DevicesPanel } from '../../components/DeviceSessionPanels.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { ArrowBackIcon } from '../../components/icons.ts';
import { ConnectDevicePanel, PasswordAndSendPanels, RecurringPanel } from './AccountPanels.tsx';
import { RefundDialog } from './RefundDialog.tsx';
import { UpdateTransactionDialog } from './UpdateTransactionDialog.tsx';
import { TransactionTable, type TransactionAction } from './TransactionTable.tsx';
import { useResendInvoice } from './TransactionsPage.tsx';
import { ACCOUNT_STATUS_COLOUR, dataText, dateTime, durationText, speedText } from './format.ts';
import { formatMoney } from './money.ts';
import { accountsApi, accountsListPath, listStateOfDetails, transactionsApi } from './paths.ts';
import './i18n.ts';

type Device = z.infer<typeof paymentAccountDeviceSchema>;
/** GET paymentaccount/{id}: the account, with its devices and transactions where the answer has them. */
type AccountDetails = PaymentAccount & { devices?: Device[]; transactions?: Transaction[]; can_write?: boolean };

/**
 * /app/payment/accounts/details/{id}/{page}/{rowsPerPage}/{fromDate}/{toDate}/{search?}: a payment account,
 * its devices (connect by MAC, disconnect), recurring payments, password, details sent, and transactions.
 */
export function AccountDetailsPage() {
  const { t, i18n } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const errorText = useErrorText();
  const params = useParams();
  const siteId = useAppSelector((s) => s.site.selectedSiteId);
  const list = listStateOfDetails(params);
  const [account, setAccount] = useState<AccountDetails | null>(null);
  const [transactions, setTransactions] = useState<Transaction[]>([]);
  const [canWrite, setCanWrite] = useState(false);
  const [missing, setMissing] = useState(false);
  const [open, setOpen] = useState<{ action: 'update' | 'refund'; tx: Transaction } | null>(null);
  const url = `${accountsApi(siteId)}/${params.id}`;
  const txApi = transactionsApi(siteId);
  const resend = useResendInvoice(txApi);

  const load = useCallback(() => {
    if (!siteId) return;
    get<AccountDetails>(url).then(
      async (a) => {
        setAccount(a);
        if (a.transactions) {
          setTransactions(a.transactions);
          setCanWrite(a.can_write ?? false);
          return;
        }
        // The account's transactions from the site's list, found by its email.
        const q = new URLSearchParams({ page: '1', per_page: '100', search: a.email });
        const found = await get<TransactionList>(`${txApi}/?${q}`).catch(() => null);
        setTransactions(found?.items.filter((tx) => tx.payment_account_id === a.id) ?? []);
        setCanWrite(a.can_write ?? found?.can_write ?? false);
      },
      (err) => {
        if (err instanceof ApiFailure && err.error.status === 404) setMissing(true);
        else enqueueSnackbar(t('payments.accounts.loadFailed'), { variant: 'error' });
      },
    );
  }, [siteId, url, txApi, enqueueSnackbar, t]);
  useEffect(load, [load]);

  const back = (
    <Button component={RouterLink} to={accountsListPath(list)} startIcon={<ArrowBackIcon />} sx={{ alignSelf: 'flex-start' }}>
      {t('payments.details.back')}
    </Button>
  );
  if (!account)
    return (
      <Stack spacing={2}>
        {back}
        <Typography variant="h4" component="h1">
          {t('payments.accounts.title')}
        </Typography>
        {missing && <Alert severity="warning">{t('payments.details.notFound')}</Alert>}
      </Stack>
    );

  const disconnect = async (mac: string) => {
    try {
      const res = await post<{ revoked?: boolean; detail?: string }>(`${url}/disconnect/${encodeURIComponent(mac)}`);
      if (res?.revoked === false)
        enqueueSnackbar(t('payments.details.notRevoked', { detail: res.detail ?? '' }), { variant: 'warning' });
      else enqueueSnackbar(t('payments.details.disconnected'), { variant: 'success' });
      load();
    } catch (err) {
      enqueueSnackbar(errorText.error(err, t('payments.details.disconnectFailed')), { variant: 'error' });
    }
  };
  const onAction = (action: TransactionAction, tx: Transaction) =>
    action === 'resend' ? void resend(tx) : setOpen({ action, tx });
  const closeDialog = (changed: boolean) => {
    setOpen(null);
    if (changed) load();
  };

  const a = account;
  const name = [a.first_name, a.last_name].filter(Boolean).join(' ');
  return (
    <Stack spacing={2}>
      {back}
      <PageHeader>
        <Typography variant="h4" component="h1" sx={{ overflowWrap: 'anywhere' }}>
          {a.email}
        </Typography>
        <Chip color={ACCOUNT_STATUS_COLOUR[a.status]} label={t(`payments.accounts.statuses.${a.status}`)} />
      </PageHeader>
      {!canWrite && <Alert severity="info">{t('payments.readOnly')}</Alert>}
      <DetailsGrid>
        <Field label={t('payments.details.name')}>{name}</Field>
        <Field label={t('payments.details.phone')}>{a.phone}</Field>
        <Field label={t('payments.details.package')}>{a.package_name || t('payments.details.noPackage')}</Field>
        {a.terms && (
          <Field label={t('payments.details.terms')}>
            {t('payments.details.termsValue', {
              duration: durationText(t, a.terms),
              data: dataText(t, a.terms),
              speed: speedText(t, a.terms),
            })}
          </Field>
        )}
        <Field label={t('payments.details.starts')}>{dateTime(a.starts_at, i18n.language)}</Field>
        <Field label={t('payments.details.expires')}>{dateTime(a.expires_at, i18n.language)}</Field>
        <Field label={t('payments.details.totalPaid')}>{formatMoney(a.total_paid, a.currency, i18n.language)}</Field>
        <Field label={t('payments.details.card')}>{t(a.has_card ? 'payments.details.hasCard' : 'payments.details.noCard')}</Field>
        <Field label={t('payments.details.created')}>{dateTime(a.created_at, i18n.language)}</Field>
      </DetailsGrid>

      <DevicesPanel
        texts="payments.details"
        devices={a.devices ?? []}
        max={a.terms?.num_devices ?? a.devices_count}
        canWrite={canWrite}
        about={(d) =>
          `${t('payments.details.boundBy')}: ${t(d.source === 'operator' ? 'payments.details.boundByOperator' : 'payments.details.boundByLogin')}`
        }
        onDisconnect={(mac) => void disconnect(mac)}
      />
      {canWrite && <ConnectDevicePanel url={url} onChanged={load} />}
      {canWrite && a.package_id !== null && (
        <RecurringPanel key={`${a.recurring}${a.next_payment_on}`} account={a} url={url} onChanged={load} />
      )}
      {canWrite && <PasswordAndSendPanels account={a} url={url} onChanged={load} />}

      <Paper variant="outlined">
        <Typography variant="h6" component="h2" sx={{ p: 2, pb: 1 }}>
          {t('payments.details.transactions')}
        </Typography>
        {transactions.length ? (
          <TransactionTable
            items={transactions}
            label={t('payments.details.transactions')}
            onAction={canWrite ? onAction : undefined}
          />
        ) : (
          <Typography sx={{ p: 2, pt: 0 }} color="text.secondary">
            {t('payments.details.noTransactions')}
          </Typography>
        )}
      </Paper>
      {open?.action === 'refund' && <RefundDialog tx={open.tx} api={txApi} onClose={closeDialog} />}
      {open?.action === 'update' && <UpdateTransactionDialog tx={open.tx} api={txApi} onClose={closeDialog} />}
    </Stack>
  );
}
