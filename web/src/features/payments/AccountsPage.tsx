import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useSnackbar } from 'notistack';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import Alert from '@mui/material/Alert';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Link from '@mui/material/Link';
import Chip from '@mui/material/Chip';
import type { PaymentAccount, PaymentAccountList } from '@splashboard/contract';
import { get } from '../../app/api.ts';
import { useAppSelector, useQueryParams } from '../../app/hooks.ts';
import { PagedList } from '../../components/Pager.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { ListFilters } from './ListFilters.tsx';
import { ACCOUNT_STATUS_COLOUR, dateTime } from './format.ts';
import { formatMoney } from './money.ts';
import { accountDetailsPath, accountsApi, apiQuery, datesInOrder, listQuery, listStateOf, type ListState } from './paths.ts';
import './i18n.ts';

const fullName = (a: PaymentAccount) => [a.first_name, a.last_name].filter(Boolean).join(' ');

function AccountTable({ items, state }: { items: PaymentAccount[]; state: ListState }) {
  const { t, i18n } = useTranslation();
  return (
    <TableContainer>
      <Table size="small" aria-label={t('payments.accounts.title')}>
        <TableHead>
          <TableRow>
            <TableCell>{t('payments.accounts.columns.email')}</TableCell>
            <TableCell>{t('payments.accounts.columns.name')}</TableCell>
            <TableCell>{t('payments.accounts.columns.package')}</TableCell>
            <TableCell>{t('payments.accounts.columns.status')}</TableCell>
            <TableCell>{t('payments.accounts.columns.expires')}</TableCell>
            <TableCell>{t('payments.accounts.columns.devices')}</TableCell>
            <TableCell align="right">{t('payments.accounts.columns.paid')}</TableCell>
            <TableCell>{t('payments.accounts.columns.created')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {items.map((a) => (
            <TableRow key={a.id} hover>
              <TableCell sx={{ overflowWrap: 'anywhere' }}>
                <Link component={RouterLink} to={accountDetailsPath(a.id, state)} sx={{ fontWeight: 600 }}>
                  {a.email}
                </Link>
              </TableCell>
              <TableCell>{fullName(a)}</TableCell>
              <TableCell>{a.package_name}</TableCell>
              <TableCell>
                <Chip size="small" color={ACCOUNT_STATUS_COLOUR[a.status]} label={t(`payments.accounts.statuses.${a.status}`)} />
              </TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{dateTime(a.expires_at, i18n.language)}</TableCell>
              <TableCell>{a.terms ? `${a.devices_count} / ${a.terms.num_devices}` : String(a.devices_count)}</TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                {formatMoney(a.total_paid, a.currency, i18n.language)}
              </TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{dateTime(a.created_at, i18n.language)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/** /app/payment/accounts: the site's payment accounts, searched, by dates and paged (state in the address). */
export function AccountsPage() {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const siteId = useAppSelector((s) => s.site.selectedSiteId);
  const [params, setParams] = useQueryParams();
  const state = listStateOf(params);
  const [list, setList] = useState<PaymentAccountList | null>(null);

  const setState = useCallback(
    (next: Partial<ListState>) => setParams((prev) => listQuery({ ...listStateOf(prev), ...next }), { replace: true }),
    [setParams],
  );
  const query = datesInOrder(state) ? apiQuery(state).toString() : null;
  useEffect(() => {
    if (!siteId || query === null) return;
    get<PaymentAccountList>(`${accountsApi(siteId)}/?${query}`).then(setList, () =>
      enqueueSnackbar(t('payments.accounts.loadFailed'), { variant: 'error' }),
    );
  }, [siteId, query, enqueueSnackbar, t]);
  const filtered = state.search || state.from || state.to;

  return (
    <Stack spacing={2}>
      <PageHeader>
        <Typography variant="h4" component="h1">
          {t('payments.accounts.title')}
        </Typography>
      </PageHeader>
      <Typography color="text.secondary">{t('payments.accounts.intro')}</Typography>
      {list && !list.can_write && <Alert severity="info">{t('payments.readOnly')}</Alert>}
      <ListFilters state={state} searchLabel={t('payments.accounts.search')} onChange={setState} />
      {list && (
        <Paper variant="outlined">
          <PagedList
            shown={list.items.length}
            empty={t(filtered ? 'payments.accounts.noMatch' : 'payments.accounts.none')}
            total={list.metadata.total}
            page={state.page}
            rpp={state.rpp}
            onChange={setState}
          >
            <AccountTable items={list.items} state={state} />
          </PagedList>
        </Paper>
      )}
    </Stack>
  );
}
