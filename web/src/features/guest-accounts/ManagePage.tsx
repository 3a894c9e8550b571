import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useSnackbar } from 'notistack';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Alert from '@mui/material/Alert';
import Paper from '@mui/material/Paper';
import TablePagination from '@mui/material/TablePagination';
import InputAdornment from '@mui/material/InputAdornment';
import Add from '@mui/icons-material/Add';
import UploadFile from '@mui/icons-material/UploadFile';
import Search from '@mui/icons-material/Search';
import type { GuestAccountList } from '@splashboard/contract';
import { get } from '../../app/api.ts';
import { useAppSelector, useQueryParams } from '../../app/hooks.ts';
import { AccountList } from './AccountList.tsx';
import { ImportDialog } from './ImportDialog.tsx';
import { PAGE_SIZES, base, listQuery, listStateOf, type ListState } from './format.ts';
import './i18n.ts';

/** /app/guestuser/manage: the site's guest accounts, searched and paged (state in the address), create and import. */
export function ManagePage() {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const siteId = useAppSelector((s) => s.site.selectedSiteId);
  const [params, setParams] = useQueryParams();
  const state = listStateOf(params);
  const [typed, setTyped] = useState(state.search);
  const [list, setList] = useState<GuestAccountList | null>(null);
  const [importing, setImporting] = useState(false);

  const setState = useCallback(
    (next: Partial<ListState>) => setParams((prev) => listQuery({ ...listStateOf(prev), ...next }), { replace: true }),
    [setParams],
  );

  // Search as the user types, a moment after they stop.
  useEffect(() => {
    if (typed.trim() === state.search) return;
    const timer = setTimeout(() => setState({ search: typed.trim(), page: 1 }), 300);
    return () => clearTimeout(timer);
  }, [typed, state.search, setState]);

  const load = useCallback(() => {
    if (!siteId) return;
    const q = new URLSearchParams({ page: String(state.page), per_page: String(state.rpp), search: state.search });
    get<GuestAccountList>(`${base(siteId)}/?${q}`).then(setList, () =>
      enqueueSnackbar(t('guestAccounts.loadFailed'), { variant: 'error' }),
    );
  }, [siteId, state.page, state.rpp, state.search, enqueueSnackbar, t]);
  useEffect(load, [load]);

  return (
    <Stack spacing={2}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1}
        sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' } }}
      >
        <Typography variant="h4" component="h1">
          {t('guestAccounts.title')}
        </Typography>
        {list?.can_write && (
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
            <Button
              variant="contained"
              startIcon={<Add />}
              component={RouterLink}
              to="/app/guestuser/create"
              sx={{ whiteSpace: 'nowrap' }}
            >
              {t('guestAccounts.create')}
            </Button>
            <Button
              variant="outlined"
              startIcon={<UploadFile />}
              onClick={() => setImporting(true)}
              sx={{ whiteSpace: 'nowrap' }}
            >
              {t('guestAccounts.import')}
            </Button>
          </Stack>
        )}
      </Stack>
      <Typography color="text.secondary">{t('guestAccounts.intro')}</Typography>
      {list && !list.can_write && <Alert severity="info">{t('guestAccounts.readOnly')}</Alert>}
      <TextField
        value={typed}
        onChange={(e) => setTyped(e.target.value)}
        label={t('guestAccounts.search')}
        size="small"
        slotProps={{
          htmlInput: { maxLength: 100 },
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <Search fontSize="small" />
              </InputAdornment>
            ),
          },
        }}
        sx={{ maxWidth: 480 }}
      />
      {list && (
        <Paper variant="outlined">
          {list.items.length ? (
            <AccountList items={list.items} state={state} />
          ) : (
            <Typography sx={{ p: 2 }} color="text.secondary">
              {state.search ? t('guestAccounts.noMatch') : t('guestAccounts.none')}
            </Typography>
          )}
          <TablePagination
            component="div"
            count={list.metadata.total}
            page={state.page - 1}
            rowsPerPage={state.rpp}
            rowsPerPageOptions={PAGE_SIZES}
            onPageChange={(_e, page) => setState({ page: page + 1 })}
            onRowsPerPageChange={(e) => setState({ rpp: Number(e.target.value), page: 1 })}
            labelRowsPerPage={t('guestAccounts.rowsPerPage')}
            labelDisplayedRows={({ from, to, count }) => t('guestAccounts.displayedRows', { from, to, count })}
            getItemAriaLabel={(type) => t(`guestAccounts.pageAria.${type}`)}
            sx={{
              '.MuiTablePagination-toolbar': { px: { xs: 1, sm: 2 } },
              '.MuiTablePagination-actions': { ml: { xs: 1, sm: 2.5 } },
              '.MuiTablePagination-input': { mr: { xs: 1, sm: 4 } },
            }}
          />
        </Paper>
      )}
      {importing && (
        <ImportDialog
          siteId={siteId!}
          onClose={(changed) => {
            setImporting(false);
            if (changed) load();
          }}
        />
      )}
    </Stack>
  );
}
