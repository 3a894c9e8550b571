import { describe, expect, it } from 'vitest';
import { DEFAULT_DASHBOARD_LAYOUTS, dashboardConfigInputSchema, type DashboardConfig } from '@splashboard/contract';
import { completeLayouts, configToSave, dashboardLayout, initialDashboardState, type Layouts } from './layoutState.ts';

const { loaded, loadFailed, editToggled, layoutChanged, tileHidden, tileRestored, save, saveFailed, saveSucceeded } =
  dashboardLayout.actions;
const reduce = dashboardLayout.reducer;
const config = (over: Partial<DashboardConfig> = {}): DashboardConfig => ({
  layouts: structuredClone(DEFAULT_DASHBOARD_LAYOUTS),
  hidden: [],
  saved: false,
  updated_at: null,
  ...over,
});

describe('dashboard layout state', () => {
  it('hides a tile and saves what the server accepts: no hidden tile in the layouts, no keys of the grid', () => {
    let s = reduce(reduce(initialDashboardState, loaded(config())), editToggled());
    // react-grid-layout hands back its items with keys of its own.
    const moved = s.layouts.lg.map((it) => ({ ...it, moved: false, static: false, isDraggable: undefined }));
    s = reduce(s, layoutChanged({ lg: moved }));
    s = reduce(s, tileHidden('gender'));
    const body = configToSave(s);
    expect(body.hidden).toEqual(['gender']);
    expect(body.layouts.lg!.some((it) => it.i === 'gender')).toBe(false);
    expect(Object.keys(body.layouts.lg![0]!).sort()).toEqual(['h', 'i', 'w', 'x', 'y']);
    expect(dashboardConfigInputSchema.safeParse(body).success).toBe(true);
  });

  it('puts a restored tile back at the foot of every breakpoint at its default size', () => {
    let s = reduce(initialDashboardState, loaded(config({ hidden: ['segments'], saved: true })));
    s = reduce(reduce(s, editToggled()), tileRestored('segments'));
    expect(s.hidden).toEqual([]);
    for (const bp of ['xs', 'lg'] as const) {
      const item = s.layouts[bp].find((it) => it.i === 'segments')!;
      const others = s.layouts[bp].filter((it) => it.i !== 'segments');
      expect(item.y).toBe(Math.max(...others.map((it) => it.y + it.h)));
      expect(item.w).toBe(DEFAULT_DASHBOARD_LAYOUTS[bp].find((it) => it.i === 'segments')!.w);
    }
  });

  it('goes back to what was saved on cancel; a failed save stays in edit mode with the changes', () => {
    let s = reduce(reduce(initialDashboardState, loaded(config())), editToggled());
    s = reduce(s, tileHidden('bounce_rate'));
    expect(reduce(s, editToggled())).toMatchObject({ editState: false, hidden: [] });
    s = reduce(reduce(s, save()), saveFailed());
    expect(s).toMatchObject({ editState: true, saveInProgress: false, hidden: ['bounce_rate'] });
    s = reduce(reduce(s, save()), saveSucceeded(config({ hidden: ['bounce_rate'], saved: true })));
    expect(s).toMatchObject({
      editState: false,
      saveInProgress: false,
      hidden: ['bounce_rate'],
      saved: { hidden: ['bounce_rate'] },
    });
  });

  it('keeps the default layout usable when the layout cannot be loaded', () => {
    const s = reduce(initialDashboardState, loadFailed('Something went wrong!'));
    expect(s).toMatchObject({ loading: false, error: 'Something went wrong!' });
    expect(s.layouts.lg).toEqual(DEFAULT_DASHBOARD_LAYOUTS.lg);
  });

  it('gives a place to a shown tile a saved layout lacks', () => {
    const layouts = structuredClone(DEFAULT_DASHBOARD_LAYOUTS) as Layouts;
    layouts.md = layouts.md.filter((it) => it.i !== 'online_now');
    const done = completeLayouts(layouts, ['online_now', 'total_guests']);
    expect(done.md.filter((it) => it.i === 'online_now')).toHaveLength(1);
    expect(done.lg).toEqual(DEFAULT_DASHBOARD_LAYOUTS.lg);
  });
});
