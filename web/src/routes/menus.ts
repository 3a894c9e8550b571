import type { MenuEntry, MenuItem, SideMenus } from '../app/feature.ts';
import { FEATURES } from '../features/index.ts';

// The router hands these to the layout. The layout's chunk does not import this module: the features list
// it imports names every page's chunk, and from a lazily loaded chunk that makes the bundler split modules
// out of the first chunk into more chunks (2 KB more to sign in).

/** One side menu's entries in position order. */
export const menuOf = (menu: MenuEntry['menu'], entries: MenuEntry[]): MenuItem[] =>
  entries.filter((entry) => entry.menu === menu).sort((a, b) => a.position - b.position);

const ENTRIES = FEATURES.flatMap((feature) => feature.menu ?? []);

/** The side menu inside a site, in the order of the specification. */
export const SITE_MENU = menuOf('site', ENTRIES);

/** In the control panel view only these show. */
export const CONTROL_PANEL_MENU = menuOf('controlPanel', ENTRIES);

export const SIDE_MENUS: SideMenus = { site: SITE_MENU, controlPanel: CONTROL_PANEL_MENU };
