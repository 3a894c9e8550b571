import type { Area } from '../../platform/area.ts';
import { ACCOUNT_API } from '../../platform/area.ts';
import type { AppContext } from '../../platform/context.ts';
import { metaRoutes } from './meta.routes.ts';

/** What the dashboard reads before sign-in: logo, routers, languages, outside services' keys. */
export const metaArea: Area<Pick<AppContext, 'config'>> = {
  name: 'meta',
  register: async (app, deps) => {
    await app.register(metaRoutes(deps), { prefix: ACCOUNT_API });
  },
};
