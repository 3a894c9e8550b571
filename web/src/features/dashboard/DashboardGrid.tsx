import { useCallback } from 'react';
import { Responsive, type Layout, type ResponsiveLayouts } from 'react-grid-layout/legacy';
import 'react-grid-layout/css/styles.css';
import Box from '@mui/material/Box';
import {
  DASHBOARD_BREAKPOINTS,
  DASHBOARD_COLS,
  DASHBOARD_ROW_HEIGHT,
  type DashboardTileKey,
} from '@splashboard/contract/dashboard';
import { useElementWidth } from '../../app/useElementWidth.ts';
import type { DayRange } from './range.ts';
import type { GridItem, Layouts } from './layoutState.ts';
import { Tile } from './tiles/Tile.tsx';
import { DRAG_HANDLE } from './tiles/TileFrame.tsx';

const MARGIN = [16, 16] as const;
// Tiles line up with the page's heading: no room around the grid, only between tiles.
const EDGE = [0, 0] as const;

/** The tiles on react-grid-layout's responsive grid; dragged by their title bar and resized in edit mode. */
export function DashboardGrid({
  tiles,
  layouts,
  editing,
  siteId,
  range,
  timeZone,
  onLayoutChange,
  onHide,
}: {
  tiles: DashboardTileKey[];
  layouts: Layouts;
  editing: boolean;
  siteId: number;
  range: DayRange;
  timeZone?: string;
  onLayoutChange: (all: Partial<Record<string, readonly GridItem[]>>) => void;
  onHide: (tile: DashboardTileKey) => void;
}) {
  // Measured before the first paint: react-grid-layout's WidthProvider first lays the tiles out 1280 wide and
  // then animates them to the real width, drawing every chart at each step of the way.
  const [box, width] = useElementWidth();
  const changed = useCallback((_current: Layout, all: ResponsiveLayouts) => onLayoutChange(all), [onLayoutChange]);
  return (
    <Box ref={box} data-testid="dashboard-grid" data-editing={editing}>
      {width > 0 && (
        <Responsive
          width={width}
          layouts={layouts}
          breakpoints={DASHBOARD_BREAKPOINTS}
          cols={DASHBOARD_COLS}
          rowHeight={DASHBOARD_ROW_HEIGHT}
          margin={MARGIN}
          containerPadding={EDGE}
          isDraggable={editing}
          isResizable={editing}
          draggableHandle={`.${DRAG_HANDLE}`}
          onLayoutChange={changed}
        >
          {tiles.map((tile) => (
            <div key={tile}>
              <Tile tile={tile} siteId={siteId} range={range} timeZone={timeZone} editing={editing} onHide={onHide} />
            </div>
          ))}
        </Responsive>
      )}
    </Box>
  );
}
