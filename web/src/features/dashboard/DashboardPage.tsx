import { useCallback, useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import Alert from '@mui/material/Alert';
import { useAppSelector, useQueryParams } from '../../app/hooks.ts';
import { DateRangePicker } from './DateRangePicker.tsx';
import { DashboardGrid } from './DashboardGrid.tsx';
import { LayoutToolbar } from './LayoutToolbar.tsx';
import { DataRealNotice } from './DataRealNotice.tsx';
import { SetupChecklist } from './SetupChecklist.tsx';
import { completeLayouts } from './layoutState.ts';
import { browserTimeZone } from './format.ts';
import { presetOf, type DayRange, type RangePreset } from './range.ts';
import { periodOf, tilesFor, tileUrl } from './prefetch.ts';
import { prefetch } from './ahead.ts';
import { loadCharts } from './tiles/Tile.tsx';
import { useDashboardLayout } from './useDashboardLayout.ts';
import './i18n.ts';

export { loadCharts };

/** /app/reports/dashboard: the analytics tiles of the selected site, or of all sites in the control panel. */
export function DashboardPage() {
  const { t } = useTranslation();
  const site = useAppSelector((s) => s.site.settings);
  const siteId = useAppSelector((s) => s.site.selectedSiteId);
  const ready = site !== null && site.id === siteId;
  const allSites = siteId === 0;
  // In the control panel each site counts its own days: the presets end on the reader's today.
  const zone = ready && !allSites ? site.timezone : browserTimeZone();
  const [params, setParams] = useQueryParams();
  const preset = presetOf(params.get('range'));
  const fromParam = params.get('from');
  const toParam = params.get('to');
  // Kept while the address's period is unchanged: the tiles re-render only for a new period.
  const { custom, wanted, range } = useMemo(() => periodOf(preset, fromParam, toParam, zone), [preset, fromParam, toParam, zone]);

  const changeRange = useCallback(
    (next: RangePreset, days: DayRange) =>
      setParams((p) => {
        p.set('range', next);
        if (next === 'custom') {
          p.set('from', days.from);
          p.set('to', days.to);
        } else {
          p.delete('from');
          p.delete('to');
        }
        return p;
      }),
    [setParams],
  );

  const layout = useDashboardLayout(ready ? siteId : null);
  const { state } = layout;
  const allowed = useMemo(() => tilesFor(ready ? site : null), [ready, site]);
  const shown = useMemo(() => allowed.filter((k) => !state.hidden.includes(k)), [allowed, state.hidden]);
  // The grid moves items in place: it gets its own copy, never the reducer's frozen state.
  const layouts = useMemo(() => structuredClone(completeLayouts(state.layouts, shown)), [state.layouts, shown]);

  useEffect(() => void loadCharts(), []);
  // The tiles' calls go out with the layout's instead of after it.
  useEffect(() => {
    if (!ready || !state.loading) return;
    for (const tile of allowed) prefetch(tileUrl(siteId, tile, range));
  }, [ready, state.loading, allowed, siteId, range]);

  return (
    <Stack spacing={2}>
      <Stack
        direction={{ xs: 'column', md: 'row' }}
        spacing={2}
        sx={{ justifyContent: 'space-between', alignItems: { md: 'flex-start' } }}
      >
        <div>
          <Typography variant="h4" component="h1">
            {t('dashboard.title')}
          </Typography>
          <Typography color="text.secondary" data-testid="dashboard-site">
            {site?.id === 0 ? t('dashboard.allSites') : site?.name}
          </Typography>
        </div>
        <DateRangePicker
          preset={preset}
          custom={preset === 'custom' ? wanted : custom}
          zone={allSites ? null : zone}
          onChange={changeRange}
        />
      </Stack>
      {ready && (
        <>
          <LayoutToolbar
            state={state}
            onToggle={layout.toggleEdit}
            onSave={layout.saveLayout}
            onRestore={layout.restore}
            onDefaults={layout.restoreDefaults}
          />
          {state.error && <Alert severity="error">{state.error}</Alert>}
          {!allSites && <SetupChecklist siteId={siteId} />}
          <DataRealNotice siteId={siteId} />
          {!state.loading && (
            <DashboardGrid
              tiles={shown}
              layouts={layouts}
              editing={state.editState}
              siteId={siteId}
              range={range}
              timeZone={allSites ? undefined : zone}
              onLayoutChange={layout.changeLayout}
              onHide={layout.hide}
            />
          )}
        </>
      )}
    </Stack>
  );
}
