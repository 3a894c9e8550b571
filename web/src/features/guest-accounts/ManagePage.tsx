import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useSnackbar } from 'notistack';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import Button from '@mui/material/Button';
import Alert from '@mui/material/Alert';
import Paper from '@mui/material/Paper';
import type { GuestAccountList } from '@splashboard/contract';
import { get } from '../../app/api.ts';
import { useAppSelector, useQueryParams } from '../../app/hooks.ts';
import { AccountList } from './AccountList.tsx';
import { ImportDialog } from './ImportDialog.tsx';
import { PagedList } from '../../components/Pager.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { SearchField } from '../../components/SearchField.tsx';
import { base, listQuery, listStateOf, type ListState } from './format.ts';
import './i18n.ts';
import { AddIcon as Add, UploadFileIcon as UploadFile } from '../../components/icons.ts';

/** /app/guestuser/manage: the site's guest accounts, searched and paged (state in the address), create and import. */
export function ManagePage() {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const siteId = useAppSelector((s) => s.site.selectedSiteId);
  const [params, setParams] = useQueryParams();
  const state = listStateOf(params);
  const [list, setList] = useState<GuestAccountList | null>(null);
  const [importing, setImporting] = useState(false);

  const setState = useCallback(
    (next: Partial<ListState>) => setParams((prev) => listQuery({ ...listStateOf(prev), ...next }), { replace: true }),
    [setParams],
  );

  const searchFor = useCallback((search: string) => setState({ search, page: 1 }), [setState]);

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
      <PageHeader
        actions={
          list?.can_write && (
            <>
              <Button variant="contained" startIcon={<Add />} component={RouterLink} to="/app/guestuser/create">
                {t('guestAccounts.create')}
              </Button>
              <Button variant="outlined" startIcon={<UploadFile />} onClick={() => setImporting(true)}>
                {t('guestAccounts.import')}
              </Button>
            </>
          )
        }
      >
        <Typography variant="h4" component="h1">
          {t('guestAccounts.title')}
        </Typography>
      </PageHeader>
      <Typography color="text.secondary">{t('guestAccounts.intro')}</Typography>
      {list && !list.can_write && <Alert severity="info">{t('guestAccounts.readOnly')}</Alert>}
      <SearchField value={state.search} onSearch={searchFor} label={t('guestAccounts.search')} sx={{ maxWidth: 480 }} />
      {list && (
        <Paper variant="outlined">
          <PagedList
            shown={list.items.length}
            empty={state.search ? t('guestAccounts.noMatch') : t('guestAccounts.none')}
            total={list.metadata.total}
            page={state.page}
            rpp={state.rpp}
            onChange={setState}
          >
            <AccountList items={list.items} state={state} />
          </PagedList>
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
