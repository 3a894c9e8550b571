import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useSnackbar } from 'notistack';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import Button from '@mui/material/Button';
import Alert from '@mui/material/Alert';
import Paper from '@mui/material/Paper';
import Dialog from '@mui/material/Dialog';
import DialogTitle from '@mui/material/DialogTitle';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogActions from '@mui/material/DialogActions';
import type { MacEntry, MacEntryList } from '@splashboard/contract';
import { del, get } from '../../app/api.ts';
import { useAppSelector, useQueryParams } from '../../app/hooks.ts';
import { EntryList } from './EntryList.tsx';
import { PagedList } from '../../components/Pager.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { SearchField } from '../../components/SearchField.tsx';
import { base, listQuery, listStateOf, type ListState } from './format.ts';
import { AddIcon as Add } from '../../components/icons.ts';

/** /app/settings-view/whitelisted-devices: the site's whitelisted devices, searched and paged (state in the address). */
export function WhitelistPage() {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const siteId = useAppSelector((s) => s.site.selectedSiteId);
  const [params, setParams] = useQueryParams();
  const state = listStateOf(params);
  const [list, setList] = useState<MacEntryList | null>(null);
  const [deleting, setDeleting] = useState<MacEntry | null>(null);

  const setState = useCallback(
    (next: Partial<ListState>) => setParams((prev) => listQuery({ ...listStateOf(prev), ...next }), { replace: true }),
    [setParams],
  );

  const searchFor = useCallback((search: string) => setState({ search, page: 1 }), [setState]);

  const load = useCallback(() => {
    if (!siteId) return;
    const q = new URLSearchParams({ page: String(state.page), per_page: String(state.rpp), search: state.search });
    get<MacEntryList>(`${base(siteId)}?${q}`).then(setList, () =>
      enqueueSnackbar(t('whitelist.loadFailed'), { variant: 'error' }),
    );
  }, [siteId, state.page, state.rpp, state.search, enqueueSnackbar, t]);
  useEffect(load, [load]);

  // The controller answers a moment after a change: look again while an entry is on its way.
  const pending = list?.items.some((e) => e.network_status === 'pending');
  useEffect(() => {
    if (!pending) return;
    const timer = setTimeout(load, 2000);
    return () => clearTimeout(timer);
  }, [pending, list, load]);

  const remove = async () => {
    if (!deleting) return;
    try {
      await del(`${base(siteId)}${deleting.id}`);
      enqueueSnackbar(t('whitelist.deleted'), { variant: 'success' });
      load();
    } catch {
      enqueueSnackbar(t('whitelist.deleteFailed'), { variant: 'error' });
    } finally {
      setDeleting(null);
    }
  };

  return (
    <Stack spacing={2}>
      <PageHeader
        actions={
          list?.can_write && (
            <Button variant="contained" startIcon={<Add />} component={RouterLink} to="/app/whitelist/create">
              {t('whitelist.create')}
            </Button>
          )
        }
      >
        <Typography variant="h4" component="h1">
          {t('whitelist.title')}
        </Typography>
      </PageHeader>
      <Typography color="text.secondary">{t('whitelist.intro')}</Typography>
      {list?.admission === 'gateway' && <Alert severity="info">{t('whitelist.gatewayList')}</Alert>}
      {list && !list.can_write && <Alert severity="info">{t('whitelist.readOnly')}</Alert>}
      <SearchField value={state.search} onSearch={searchFor} label={t('whitelist.search')} sx={{ maxWidth: 480 }} />
      {list && (
        <Paper variant="outlined">
          <PagedList
            shown={list.items.length}
            empty={state.search ? t('whitelist.noMatch') : t('whitelist.none')}
            total={list.metadata.total}
            page={state.page}
            rpp={state.rpp}
            onChange={setState}
          >
            <EntryList items={list.items} admission={list.admission} canWrite={list.can_write} onDelete={setDeleting} />
          </PagedList>
        </Paper>
      )}
      <Dialog open={!!deleting} onClose={() => setDeleting(null)} aria-labelledby="whitelist-delete-title">
        <DialogTitle id="whitelist-delete-title">{t('whitelist.deleteTitle', { mac: deleting?.mac ?? '' })}</DialogTitle>
        <DialogContent>
          <DialogContentText>{t('whitelist.deleteBody')}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setDeleting(null)}>{t('whitelist.cancel')}</Button>
          <Button color="error" variant="contained" onClick={remove}>
            {t('whitelist.delete')}
          </Button>
        </DialogActions>
      </Dialog>
    </Stack>
  );
}
