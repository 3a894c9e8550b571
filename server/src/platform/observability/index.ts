import type { Area } from '../area.ts';
import type { AppContext } from '../context.ts';
import { healthRoutes } from './health.routes.ts';

/**
 * Health and metrics: /healthz, /readyz and /metrics, and every HTTP answer counted by its route's
 * pattern (never the raw address: no ids in labels). First in app.ts's areas, so its hook sees every route.
 */
export const observabilityArea: Area<
  Pick<AppContext, 'db' | 'readReplica' | 'jobs' | 'config' | 'log' | 'metrics' | 'rateLimiter'>
> = {
  name: 'observability',
  register: async (app, deps) => {
    // On the root instance: it applies to the routes every area registers, and to the 404 handler.
    app.addHook('onResponse', (request, reply, done) => {
      const route = request.routeOptions.url ?? 'unmatched';
      deps.metrics.httpRequest(route, request.method, reply.statusCode, reply.elapsedTime / 1000);
      done();
    });
    await app.register(healthRoutes(deps));
  },
};
