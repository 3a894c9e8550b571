import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { useStore } from 'react-redux';
import { useSnackbar } from 'notistack';
import { loadSite } from '../../app/session.ts';
import type { Store } from '../../app/store.ts';
import type { Profile } from '@splashboard/contract';

const DASHBOARD = '/app/reports/dashboard';

/**
 * A link to share, `/app/site/{siteId}`: selects that site as the site switcher does and opens its
 * dashboard. A site the user cannot reach (unknown, another account's) is told as the `site` query
 * parameter's is, and the dashboard of the current site opens instead.
 */
export function SiteLinkPage() {
  const { t } = useTranslation();
  const { siteId = '' } = useParams();
  const navigate = useNavigate();
  const store = useStore() as Store;
  const { enqueueSnackbar } = useSnackbar();
  // Once per address (development's double effects would otherwise ask twice).
  const handled = useRef('');

  useEffect(() => {
    if (handled.current === siteId) return;
    handled.current = siteId;
    const user: Profile | null = store.getState().session.user;
    const id = /^\d{1,9}$/.test(siteId) ? Number(siteId) : null;
    const reachable = id !== null && !!user && (id === 0 ? user.permissions.control_panel : user.sites.some((s) => s.id === id));
    // Read before any switch: a refused switch goes back to it (the `site` parameter loads it again).
    const current = store.getState().site.selectedSiteId;
    const refuse = () => {
      enqueueSnackbar(t('layout.noSite', { id: siteId }), { variant: 'error' });
      navigate(current === null ? DASHBOARD : `${DASHBOARD}?site=${current}`, { replace: true });
    };
    if (!reachable) return refuse();
    loadSite(store, id).then(() => navigate(`${DASHBOARD}?site=${id}`, { replace: true }), refuse);
  }, [siteId, store, navigate, enqueueSnackbar, t]);

  return null;
}
