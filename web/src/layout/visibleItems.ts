import type { PermissionName } from '@splashboard/contract';
import type { MenuItem } from '../app/feature.ts';

/** The entries a user sees: each with its permission, and a group only with a child to show. */
export function visibleItems(items: MenuItem[], permissions: Partial<Record<PermissionName, boolean>>): MenuItem[] {
  return items
    .filter((i) => i.permission === 'all' || permissions[i.permission])
    .map((i) => (i.children ? { ...i, children: visibleItems(i.children, permissions) } : i))
    .filter((i) => !i.children || i.children.length > 0);
}
