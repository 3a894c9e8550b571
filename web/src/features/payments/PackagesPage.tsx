import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useSnackbar } from 'notistack';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import Button from '@mui/material/Button';
import Alert from '@mui/material/Alert';
import Paper from '@mui/material/Paper';
import Tabs from '@mui/material/Tabs';
import Tab from '@mui/material/Tab';
import type { Package, PackageList } from '@splashboard/contract';
import { del, get, post, put } from '../../app/api.ts';
import { useAppSelector, useQueryParams } from '../../app/hooks.ts';
import { useErrorText } from '../../app/errorText.ts';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { AddIcon } from '../../components/icons.ts';
import { PackageTable, type PackageAction } from './PackageTable.tsx';
import { PAYMENT_SETTINGS_PATH, packagesApi } from './paths.ts';
import { useStripeConnection } from './useStripeConnection.ts';
import './i18n.ts';

const moved = <T,>(list: T[], from: number, to: number) => {
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item!);
  return next;
};

/** What Stripe's onboarding said on the way back (`?stripe=connected|incomplete`). */
function StripeReturnNotice({ value, onClose }: { value: string | null; onClose: () => void }) {
  const { t } = useTranslation();
  if (value === 'connected')
    return (
      <Alert severity="success" onClose={onClose}>
        {t('payments.packages.stripeConnected')}
      </Alert>
    );
  if (value === 'incomplete')
    return (
      <Alert
        severity="warning"
        onClose={onClose}
        action={
          <Button color="inherit" size="small" component={RouterLink} to={PAYMENT_SETTINGS_PATH}>
            {t('payments.packages.openSettings')}
          </Button>
        }
      >
        {t('payments.packages.stripeIncomplete')}
      </Alert>
    );
  return null;
}

/**
 * /app/payment/packages: the site's packages in the order guests see them (reordered by dragging or with
 * arrows), archived ones on their own tab, archive, restore and delete after a question.
 */
export function PackagesPage() {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const errorText = useErrorText();
  const siteId = useAppSelector((s) => s.site.selectedSiteId);
  const [params, setParams] = useQueryParams();
  const archived = params.get('tab') === 'archived';
  const [list, setList] = useState<PackageList | null>(null);
  const [failed, setFailed] = useState(false);
  // What the question is about stays while the dialog closes, so that its words do not change as it fades.
  const [asking, setAsking] = useState<{ action: 'archive' | 'delete'; pkg: Package } | null>(null);
  const [askOpen, setAskOpen] = useState(false);
  const { connection } = useStripeConnection(siteId);
  const api = packagesApi(siteId);

  const load = useCallback(() => {
    if (!siteId) return;
    get<PackageList>(archived ? `${api}/packages/archived` : `${api}/packages`).then(
      (l) => {
        setList(l);
        setFailed(false);
      },
      () => {
        setFailed(true);
        enqueueSnackbar(t('payments.packages.loadFailed'), { variant: 'error' });
      },
    );
  }, [siteId, api, archived, enqueueSnackbar, t]);
  useEffect(load, [load]);

  const setQuery = (change: (q: URLSearchParams) => void) =>
    setParams(
      (q) => {
        change(q);
        return q;
      },
      { replace: true },
    );

  const move = async (from: number, to: number) => {
    if (!list || to < 0 || to >= list.packages.length) return;
    const before = list;
    const packages = moved(list.packages, from, to);
    setList({ ...list, packages });
    try {
      await post(`${api}/packages/order`, { display_order: packages.map((p) => p.id) });
      enqueueSnackbar(t('payments.packages.orderSaved'), { variant: 'success' });
    } catch (err) {
      setList(before);
      enqueueSnackbar(errorText.error(err, t('payments.packages.orderFailed')), { variant: 'error' });
    }
  };

  const act = async (action: PackageAction, pkg: Package) => {
    try {
      if (action === 'delete') await del(`${api}/package/${pkg.id}`);
      else await put(`${api}/package/${pkg.id}`, { status: action === 'archive' ? 'archived' : 'active' });
      const done = { archive: 'archived_done', restore: 'restored', delete: 'deleted' }[action];
      enqueueSnackbar(t(`payments.packages.${done}`), { variant: 'success' });
      load();
    } catch (err) {
      enqueueSnackbar(errorText.error(err, t('payments.packages.actionFailed')), { variant: 'error' });
    }
  };

  const canWrite = list?.can_write ?? false;
  return (
    <Stack spacing={2}>
      <PageHeader
        actions={
          canWrite && (
            <>
              <Button variant="contained" startIcon={<AddIcon />} component={RouterLink} to="/app/payment/create">
                {t('payments.packages.create')}
              </Button>
              <Button variant="outlined" startIcon={<AddIcon />} component={RouterLink} to="/app/payment/create-trial">
                {t('payments.packages.createTrial')}
              </Button>
            </>
          )
        }
      >
        <Typography variant="h4" component="h1">
          {t('payments.packages.title')}
        </Typography>
      </PageHeader>
      <Typography color="text.secondary">{t('payments.packages.intro')}</Typography>
      <StripeReturnNotice value={params.get('stripe')} onClose={() => setQuery((q) => q.delete('stripe'))} />
      {connection && !connection.connected_to_stripe && (
        <Alert
          severity="warning"
          action={
            <Button color="inherit" size="small" component={RouterLink} to={PAYMENT_SETTINGS_PATH}>
              {t('payments.packages.openSettings')}
            </Button>
          }
        >
          {t('payments.packages.notConnected')}
        </Alert>
      )}
      {list && !list.can_write && <Alert severity="info">{t('payments.readOnly')}</Alert>}
      <Tabs
        value={archived ? 'archived' : 'active'}
        onChange={(_e, v) => {
          setList(null);
          setQuery((q) => (v === 'archived' ? q.set('tab', 'archived') : q.delete('tab')));
        }}
        aria-label={t('payments.packages.tabsLabel')}
      >
        <Tab value="active" label={t('payments.packages.active')} />
        <Tab value="archived" label={t('payments.packages.archived')} />
      </Tabs>
      {failed && <Alert severity="error">{t('payments.packages.loadFailed')}</Alert>}
      {list && (
        <Paper variant="outlined">
          {list.packages.length === 0 ? (
            <Typography sx={{ p: 2 }} color="text.secondary">
              {t(archived ? 'payments.packages.noneArchived' : 'payments.packages.none')}
            </Typography>
          ) : (
            <>
              {canWrite && !archived && list.packages.length > 1 && (
                <Typography variant="body2" color="text.secondary" sx={{ px: 2, pt: 2 }}>
                  {t('payments.packages.dragHint')}
                </Typography>
              )}
              <PackageTable
                packages={list.packages}
                archived={archived}
                onMove={canWrite && !archived ? (from, to) => void move(from, to) : undefined}
                onAction={
                  canWrite
                    ? (action, pkg) => {
                        if (action === 'restore') return void act(action, pkg);
                        setAsking({ action, pkg });
                        setAskOpen(true);
                      }
                    : undefined
                }
              />
            </>
          )}
        </Paper>
      )}
      <ConfirmDialog
        open={askOpen && asking !== null}
        title={t(`payments.packages.${asking?.action ?? 'archive'}Title`, { name: asking?.pkg.name ?? '' })}
        body={t(`payments.packages.${asking?.action ?? 'archive'}Body`)}
        confirm={t(`payments.packages.${asking?.action ?? 'archive'}`)}
        onCancel={() => setAskOpen(false)}
        onConfirm={() => {
          const { action, pkg } = asking!;
          setAskOpen(false);
          void act(action, pkg);
        }}
      />
    </Stack>
  );
}
