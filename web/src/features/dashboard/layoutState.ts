import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import {
  DASHBOARD_BREAKPOINTS,
  DEFAULT_DASHBOARD_LAYOUTS,
  type DashboardBreakpoint,
  type DashboardConfig,
  type DashboardConfigInput,
  type DashboardLayoutItem,
  type DashboardTileKey,
} from '@splashboard/contract/dashboard';

export type Layouts = Record<DashboardBreakpoint, DashboardLayoutItem[]>;
export const BREAKPOINT_KEYS = Object.keys(DASHBOARD_BREAKPOINTS) as DashboardBreakpoint[];

/** A layout item as react-grid-layout hands it back (it adds keys of its own). */
export interface GridItem {
  i: string;
  x: number;
  y: number;
  w: number;
  h: number;
  minW?: number;
  minH?: number;
}

/**
 * The dashboard state of the spec (000 section 3): layouts, editState, loading, saveInProgress, error;
 * plus the hidden tiles, and what was last saved so that Cancel goes back to it.
 */
export interface DashboardState {
  layouts: Layouts;
  hidden: DashboardTileKey[];
  editState: boolean;
  loading: boolean;
  saveInProgress: boolean;
  error: string | null;
  saved: { layouts: Layouts; hidden: DashboardTileKey[] };
}

const defaults = (): Layouts => structuredClone(DEFAULT_DASHBOARD_LAYOUTS);

export const initialDashboardState: DashboardState = {
  layouts: defaults(),
  hidden: [],
  editState: false,
  loading: true,
  saveInProgress: false,
  error: null,
  saved: { layouts: defaults(), hidden: [] },
};

const bottom = (items: DashboardLayoutItem[]) => items.reduce((max, it) => Math.max(max, it.y + it.h), 0);

/** A tile put back at the foot of the breakpoints' layouts (all of them unless named), at its default size. */
function placeAtBottom(layouts: Layouts, tile: DashboardTileKey, breakpoints = BREAKPOINT_KEYS): Layouts {
  const next = { ...layouts };
  for (const bp of breakpoints) {
    const items = layouts[bp].filter((it) => it.i !== tile);
    const size = DEFAULT_DASHBOARD_LAYOUTS[bp].find((it) => it.i === tile)!;
    next[bp] = [...items, { i: tile, x: 0, y: bottom(items), w: size.w, h: size.h }];
  }
  return next;
}

/** Every shown tile has a place at every breakpoint (a saved layout may predate a tile or a permission). */
export function completeLayouts(layouts: Layouts, shown: DashboardTileKey[]): Layouts {
  let next = layouts;
  for (const tile of shown) {
    const missing = BREAKPOINT_KEYS.filter((bp) => !next[bp].some((it) => it.i === tile));
    if (missing.length) next = placeAtBottom(next, tile, missing);
  }
  return next;
}

const clean = (it: GridItem): DashboardLayoutItem => ({
  i: it.i as DashboardTileKey,
  x: it.x,
  y: it.y,
  w: it.w,
  h: it.h,
  ...(it.minW ? { minW: it.minW } : {}),
  ...(it.minH ? { minH: it.minH } : {}),
});

/** What Save sends: the layouts without the keys the grid adds, and the hidden tiles. */
export function configToSave(state: Pick<DashboardState, 'layouts' | 'hidden'>): DashboardConfigInput {
  const layouts = Object.fromEntries(
    BREAKPOINT_KEYS.map((bp) => [bp, state.layouts[bp].filter((it) => !state.hidden.includes(it.i)).map(clean)]),
  ) as Layouts;
  return { layouts, hidden: state.hidden };
}

const fromConfig = (config: DashboardConfig) => {
  const layouts = { ...defaults(), ...config.layouts } as Layouts;
  return { layouts, hidden: [...config.hidden] };
};

export const dashboardLayout = createSlice({
  name: 'dashboardLayout',
  initialState: initialDashboardState,
  reducers: {
    load: (s) => ({ ...s, loading: true, error: null }),
    loaded: (s, a: PayloadAction<DashboardConfig>) => {
      const saved = fromConfig(a.payload);
      return { ...s, ...saved, saved, loading: false, error: null, editState: false };
    },
    // A failed load keeps the default layout usable and says so.
    loadFailed: (s, a: PayloadAction<string>) => ({ ...s, loading: false, error: a.payload }),
    editToggled: (s) => (s.editState ? { ...s, ...s.saved, editState: false } : { ...s, editState: true }),
    layoutChanged: (s, a: PayloadAction<Partial<Record<string, readonly GridItem[]>>>) => {
      if (!s.editState) return s;
      const layouts = { ...s.layouts };
      for (const bp of BREAKPOINT_KEYS) {
        const items = a.payload[bp];
        if (items) layouts[bp] = items.filter((it) => !s.hidden.includes(it.i as DashboardTileKey)).map(clean);
      }
      return { ...s, layouts };
    },
    tileHidden: (s, a: PayloadAction<DashboardTileKey>) =>
      s.hidden.includes(a.payload) ? s : { ...s, hidden: [...s.hidden, a.payload] },
    tileRestored: (s, a: PayloadAction<DashboardTileKey>) => ({
      ...s,
      hidden: s.hidden.filter((k) => k !== a.payload),
      layouts: placeAtBottom(s.layouts, a.payload),
    }),
    defaultsRestored: (s) => ({ ...s, layouts: defaults(), hidden: [] }),
    save: (s) => ({ ...s, saveInProgress: true }),
    saveSucceeded: (s, a: PayloadAction<DashboardConfig>) => {
      const saved = fromConfig(a.payload);
      return { ...s, ...saved, saved, saveInProgress: false, editState: false };
    },
    // A failed save stays in edit mode with the changes, so the user can try again.
    saveFailed: (s) => ({ ...s, saveInProgress: false }),
  },
});
