import { describe, expect, it } from 'vitest';
import { matchRoutes } from 'react-router';
import type { Feature, FeatureRoute, MenuItem } from '../app/feature.ts';
import { FEATURES } from './index.ts';

const ROUTES = FEATURES.flatMap((feature) => feature.routes.map((route) => ({ path: route.path, handle: { feature, route } })));

/** The feature route the router takes an address to (its ranking, not the declaration order). */
const routeAt = (path: string): { feature: Feature; route: FeatureRoute } | undefined =>
  matchRoutes(ROUTES, path)?.at(-1)?.route.handle;

/** The permission a route's guard asks for; 'all' for the signed-in gate alone. */
function permissionOf(route: FeatureRoute) {
  if (!('guard' in route)) return undefined;
  if (route.guard.kind === 'layout') return 'all';
  return 'permission' in route.guard ? route.guard.permission : undefined;
}

const withChildren = (items: MenuItem[]): MenuItem[] => items.flatMap((i) => [i, ...withChildren(i.children ?? [])]);

describe('features list', () => {
  it('declares each address once', () => {
    const paths = ROUTES.map((r) => r.path);
    expect(paths.filter((p, i) => paths.indexOf(p) !== i)).toEqual([]);
  });

  it.each(FEATURES.filter((f) => f.menu).map((f) => [f.menu!.map((e) => e.label).join(', '), f] as const))(
    'takes the menu entries %s to pages of their own feature, behind the same permission',
    (_, feature) => {
      for (const item of withChildren(feature.menu!)) {
        const target = routeAt(item.path);
        expect(target?.feature, item.path).toBe(feature);
        expect(permissionOf(target!.route), item.path).toBe(item.permission);
      }
    },
  );

  it('keeps the voucher areas, the RADIUS gateway families and the onboarding steps', () => {
    const paths = ROUTES.map((r) => r.path);
    expect(paths).toEqual(expect.arrayContaining(['/app/voucher/details/:id?', '/app/voucher/multisite/details/:id?']));
    expect(paths).toEqual(expect.arrayContaining(['/app/settings-view/mikrotik', '/app/settings-view/openmesh']));
    expect(paths).toEqual(expect.arrayContaining(['/signup/registration/deployment/1/:first?', '/register/:plan?']));
    expect(permissionOf(routeAt('/app/voucher/multisite/manage')!.route)).toBe('multisitevoucher');
  });
});
