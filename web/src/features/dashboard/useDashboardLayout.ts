import { useCallback, useEffect, useReducer } from 'react';
import i18n from 'i18next';
import { useTranslation } from 'react-i18next';
import { useSnackbar } from 'notistack';
import type { DashboardConfig, DashboardTileKey } from '@splashboard/contract/dashboard';
import { post } from '../../app/api.ts';
import { configToSave, dashboardLayout, initialDashboardState, type GridItem } from './layoutState.ts';
import { take } from './ahead.ts';
import { layoutUrl } from './prefetch.ts';

const {
  load,
  loaded,
  loadFailed,
  editToggled,
  layoutChanged,
  tileHidden,
  tileRestored,
  defaultsRestored,
  save,
  saveSucceeded,
  saveFailed,
} = dashboardLayout.actions;

/** The user's layout at a site (site 0: the control panel): loaded, edited, saved. */
export function useDashboardLayout(siteId: number | null) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const [state, dispatch] = useReducer(dashboardLayout.reducer, initialDashboardState);
  const url = layoutUrl(siteId);

  // Loaded once per site: a new `t` (the language settling after start-up) must not reload the layout, which
  // would throw away an edit in progress.
  useEffect(() => {
    if (siteId === null) return;
    let current = true;
    dispatch(load());
    take<DashboardConfig>(url).then(
      (config) => current && dispatch(loaded(config)),
      () => current && dispatch(loadFailed(i18n.t('dashboard.loadFailed'))),
    );
    return () => void (current = false);
  }, [siteId, url]);

  const saveLayout = useCallback(async () => {
    dispatch(save());
    try {
      dispatch(saveSucceeded(await post<DashboardConfig>(url, configToSave(state))));
      enqueueSnackbar(t('dashboard.saved'), { variant: 'success' });
    } catch {
      dispatch(saveFailed());
      enqueueSnackbar(t('dashboard.saveFailed'), { variant: 'error' });
    }
  }, [url, state, enqueueSnackbar, t]);

  return {
    state,
    saveLayout,
    toggleEdit: useCallback(() => dispatch(editToggled()), []),
    changeLayout: useCallback((all: Partial<Record<string, readonly GridItem[]>>) => dispatch(layoutChanged(all)), []),
    hide: useCallback((tile: DashboardTileKey) => dispatch(tileHidden(tile)), []),
    restore: useCallback((tile: DashboardTileKey) => dispatch(tileRestored(tile)), []),
    restoreDefaults: useCallback(() => dispatch(defaultsRestored()), []),
  };
}
