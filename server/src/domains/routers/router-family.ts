import { ROUTER_LABELS, type RouterType } from '@splashboard/contract';
import { invalid } from '../../platform/errors.ts';

/** A family's settings apply only to a location of that router type: anything else is a 422 on router_type. */
export function requireRouterFamily(site: { routerType: string | null }, family: RouterType) {
  if (site.routerType === family) return;
  const label = (type: string | null) => (type ? (ROUTER_LABELS[type as RouterType] ?? type) : 'none');
  const message = `This location's router is ${label(site.routerType)}: ${ROUTER_LABELS[family]} settings apply only to a ${ROUTER_LABELS[family]} location. Change the location's router first.`;
  throw invalid({ router_type: [message] }, message);
}
