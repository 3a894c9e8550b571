import { useEffect, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { useStore } from 'react-redux';
import { useTranslation } from 'react-i18next';
import { useSnackbar } from 'notistack';
import { setUnauthorizedHandler } from './api.ts';
import { useAppSelector, useQueryParams } from './hooks.ts';
import { loadSite, startUp } from './session.ts';
import { applyBrandToDocument, loadBrand } from './brand.ts';
import { loggedOut, type Store } from './store.ts';
import type { Site } from '@splashboard/contract';

// invite: the emailed invitation link (features/team-invite), opened signed out.
const OPEN_PATHS = /^\/(register|signup|plan|selectPlan|google|login|password|invite|404)/;

/**
 * Start-up of the specification: refresh the signed-in user, and handle any 401 the same way. `preload`
 * asks for the signed-in page's chunks meanwhile.
 */
export function Startup({
  children,
  preload,
}: {
  children: ReactNode;
  preload?: (location: { pathname: string; search: string }, site: Promise<Site | null>) => void;
}) {
  const store = useStore() as Store;
  const navigate = useNavigate();
  const [ready, setReady] = useState(!store.getState().session.user);
  const brand = useAppSelector((s) => s.brand);
  useEffect(() => applyBrandToDocument(brand), [brand]);
  useEffect(() => {
    setUnauthorizedHandler(() => {
      store.dispatch(loggedOut());
      void loadBrand(store);
      if (!OPEN_PATHS.test(window.location.pathname.replace(/^\/newapp/, ''))) navigate('/login');
    });
    if (store.getState().session.user) {
      const param = new URLSearchParams(window.location.search).get('site');
      const wanted = param !== null && /^\d{1,9}$/.test(param) ? Number(param) : null;
      const started = startUp(store, wanted);
      started.finally(() => setReady(true));
      // After start-up's calls: the browser holds six connections, and those calls are the ones waited on.
      preload?.(
        window.location,
        started.then(
          () => store.getState().site.settings,
          () => null,
        ),
      );
    } else {
      void loadBrand(store);
      // Read the address now: an unknown path has already been sent to /404 by the routes.
      const path = window.location.pathname.replace(/^\/newapp/, '') || '/';
      if (!OPEN_PATHS.test(path) && path !== '/') navigate('/login', { replace: true });
    }
    // Runs once, at start-up.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return ready ? children : null;
}

/** Keeps the `site` query parameter and the selected site in step. */
export function SiteParamSync() {
  const store = useStore() as Store;
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const [params, setParams] = useQueryParams();
  const selected = useAppSelector((s) => s.site.selectedSiteId);
  const user = useAppSelector((s) => s.session.user);
  const wanted = params.get('site');
  useEffect(() => {
    if (selected === null || !user) return;
    if (wanted === null) {
      setParams((p) => (p.set('site', String(selected)), p), { replace: true });
      return;
    }
    const id = Number(wanted);
    if (id === selected) return;
    const known = id === 0 ? user.permissions.control_panel : user.sites.some((s) => s.id === id);
    if (known && Number.isInteger(id)) {
      loadSite(store, id).catch(() => enqueueSnackbar(t('layout.noSite', { id: wanted }), { variant: 'error' }));
    } else {
      enqueueSnackbar(t('layout.noSite', { id: wanted }), { variant: 'error' });
      setParams((p) => (p.set('site', String(selected)), p), { replace: true });
    }
  }, [wanted, selected, user, store, setParams, enqueueSnackbar, t]);
  return null;
}
