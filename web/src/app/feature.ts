import type { ComponentType, ReactElement } from 'react';
import type { PermissionName } from '@splashboard/contract';

/**
 * What a page sits behind, and whether it shows inside the signed-in layout (top bar and side menu):
 * - `open`: anyone, no layout;
 * - `signedOutOnly`: signed-out visitors; a signed-in user goes to `signedInTo` (the account page unless said);
 * - `signedInOnly`: signed in, no other rule, no layout (sign-up steps, new location);
 * - `signedInOnlyInLayout`: the same inside the layout (the account page, reachable without a paid plan);
 * - `layout`: the signed-in gate of the specification, inside the layout;
 * - `site`: the same, at a site (not the control panel) whose permissions include `permission`;
 * - `permission`: the same, with `permission` held, the control panel included.
 * `form` marks a settings form: where the permission is held only at Read Only (a client's), its controls are disabled.
 */
export type PageGuard =
  | { kind: 'open' }
  | { kind: 'signedOutOnly'; signedInTo?: string }
  | { kind: 'signedInOnly' }
  | { kind: 'signedInOnlyInLayout' }
  | { kind: 'layout' }
  | { kind: 'site'; permission: PermissionName; form?: boolean }
  | { kind: 'permission'; permission: PermissionName; form?: boolean };

interface GuardedRoute {
  path: string;
  guard: PageGuard;
}

/**
 * A page at an address: a lazily loaded component (`page`), or, for a page that takes properties, a
 * function making its element. A feature's index.ts names its pages only through `lazy(() => import(…))`,
 * so that the first chunk, which takes the features list, does not take the pages.
 */
export type FeatureRoute =
  | (GuardedRoute & { page: ComponentType })
  | (GuardedRoute & { element: () => ReactElement })
  | { path: string; redirect: string };

export interface MenuItem {
  label: string;
  path: string;
  permission: PermissionName;
  children?: MenuItem[];
}

/** A top-level side menu entry: in the menu inside a site or in the control panel's, at `position` (ascending). */
export interface MenuEntry extends MenuItem {
  menu: 'site' | 'controlPanel';
  position: number;
}

/** The side menu inside a site and the control panel's. */
export type SideMenus = Record<MenuEntry['menu'], MenuItem[]>;

/** An area of the dashboard: its pages and, when it has any, its side menu entries. */
export interface Feature {
  routes: FeatureRoute[];
  menu?: MenuEntry[];
}
