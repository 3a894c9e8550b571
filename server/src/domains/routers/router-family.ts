import { ROUTER_LABELS, type RouterType } from '@splashboard/contract';
import { fieldError } from '../../platform/errors.ts';

/** A family's settings apply only to a location of that router type: anything else is a 422 on router_type. */
export function requireRouterFamily(site: { routerType: string | null }, family: RouterType) {
  if (site.routerType === family) return;
  const label = (type: string | null) => (type ? (ROUTER_LABELS[type as RouterType] ?? type) : 'none');
  throw fieldError('router_type', 'routers.wrongRouter', { router: label(site.routerType), family: ROUTER_LABELS[family] });
}
