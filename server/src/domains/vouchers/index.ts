import type { Area } from '../../platform/area.ts';
import { SITE_API } from '../../platform/area.ts';
import type { AppContext } from '../../platform/context.ts';
import type { Controllers } from '../routers/controllers.ts';
import type { SiteAccess } from '../../platform/site-access.ts';
import { createVoucherDesigns } from './voucher-designs.ts';
import { createVoucherNetwork } from './voucher-network.ts';
import { createVouchersService } from './vouchers.service.ts';
import { vouchersRoutes } from './vouchers.routes.ts';

/** The voucher domain as the app wires it: vouchers and batches, the designer and printing. */
export function createVoucherDomain(
  deps: Pick<AppContext, 'db' | 'reads' | 'accounts' | 'config' | 'storage' | 'jobs' | 'log'> & {
    sites: SiteAccess;
    controllers: Controllers;
  },
) {
  const network = createVoucherNetwork(deps);
  const vouchers = createVouchersService({
    db: deps.db,
    reads: deps.reads,
    accounts: deps.accounts,
    config: deps.config,
    sites: deps.sites,
    network,
  });
  const designs = createVoucherDesigns({ db: deps.db, storage: deps.storage, access: vouchers.access, vouchers });
  return { vouchers, designs };
}

/** Vouchers and multi-site vouchers: batches, their cards to print and the card designer. */
export const vouchersArea: Area<Parameters<typeof createVoucherDomain>[0]> = {
  name: 'vouchers',
  register: async (app, deps) => {
    const { vouchers, designs } = createVoucherDomain(deps);
    await app.register(vouchersRoutes(vouchers, designs), { prefix: SITE_API });
  },
};
