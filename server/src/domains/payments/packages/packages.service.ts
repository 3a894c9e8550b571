import {
  minorToDecimal,
  type Package,
  type PackageCreate,
  type PackageList,
  type PackageTerms,
  type PackageUpdate,
} from '@splashboard/contract';
import type { AppContext } from '../../../platform/context.ts';
import { can, type AccessMode, type Actor } from '../../../platform/access.ts';
import { AppError, fieldError, notFound } from '../../../platform/errors.ts';
import type { SiteAccess } from '../../../platform/site-access.ts';
import { minimumChargeOf } from './minimum-charge.ts';
import { createPackagesRepo, type PackageRow, type PackageWithCount } from './packages.repo.ts';

type Deps = Pick<AppContext, 'db'> & { sites: SiteAccess };

/** What a sold package keeps: what guests paid for. */
const FIXED_ONCE_SOLD = [
  'price',
  'duration_type',
  'duration_val',
  'bytes_t',
  'bytes_type',
  'speed_ul',
  'speed_dl',
  'num_devices',
  'recurring',
] as const;

export function toPackage(r: PackageWithCount): Package {
  return {
    id: r.id,
    name: r.name,
    description: r.description,
    price: r.price,
    currency: r.currency,
    duration_type: r.durationType as PackageTerms['duration_type'],
    duration_val: r.durationVal,
    bytes_t: r.bytesT,
    bytes_type: r.bytesType as PackageTerms['bytes_type'],
    speed_ul: r.speedUl,
    speed_dl: r.speedDl,
    num_devices: r.numDevices,
    recurring: r.recurring,
    is_trial: r.isTrial,
    status: r.status as Package['status'],
    display_order: r.displayOrder,
    transactions_count: r.transactionsCount,
    created_at: r.createdAt.toISOString(),
    updated_at: r.updatedAt.toISOString(),
  };
}

/** The package as the API names its fields, to compare an edit with. */
const fieldsOf = (r: PackageRow) => toPackage({ ...r, transactionsCount: 0 });

/** A trial is free; a paid package costs at least what Stripe can charge in its currency. */
function checkPrice(price: number, isTrial: boolean, currency: string) {
  if (isTrial) {
    if (price !== 0) throw fieldError('price', 'payments.trialPrice');
    return;
  }
  const min = minimumChargeOf(currency);
  if (price < min) throw fieldError('price', 'payments.priceTooLow', { min: minorToDecimal(min, currency), currency });
}

/**
 * The packages guests buy at a site (permission payment: read to see them, write to change them). Another
 * account's site or package answers 404. A deleted package is hidden everywhere but kept, as transactions
 * name it.
 */
export function createPackagesService({ db, sites }: Deps) {
  const packages = createPackagesRepo(db);

  async function access(actor: Actor | null, siteId: number, mode: AccessMode) {
    const found = await sites.siteFor(actor, siteId, 'payment', mode);
    return { ...found, canWrite: can(found.actor, siteId, 'payment', 'write', found.access) };
  }

  async function packageIn(siteId: number, id: number): Promise<PackageWithCount> {
    const row = await packages.byId(siteId, id);
    if (!row) throw notFound('payments.packageNotFound');
    return row;
  }

  return {
    async list(actor: Actor | null, siteId: number, status: 'active' | 'archived'): Promise<PackageList> {
      const { canWrite } = await access(actor, siteId, 'read');
      return { packages: (await packages.list(siteId, status)).map(toPackage), can_write: canWrite };
    },

    async get(actor: Actor | null, siteId: number, id: number): Promise<Package> {
      await access(actor, siteId, 'read');
      return toPackage(await packageIn(siteId, id));
    },

    async create(actor: Actor | null, siteId: number, input: PackageCreate): Promise<Package> {
      const { row: site } = await access(actor, siteId, 'write');
      checkPrice(input.price, input.is_trial, site.currency);
      const row = await packages.insert({
        accountId: site.accountId,
        siteId,
        name: input.name,
        description: input.description,
        price: input.price,
        currency: site.currency,
        durationType: input.duration_type,
        durationVal: input.duration_val,
        bytesT: input.bytes_t,
        bytesType: input.bytes_type,
        speedUl: input.speed_ul,
        speedDl: input.speed_dl,
        numDevices: input.num_devices,
        isTrial: input.is_trial,
        // A free trial is never charged again.
        recurring: input.is_trial ? false : input.recurring,
        status: 'active',
        displayOrder: packages.nextOrder(siteId),
      });
      return toPackage({ ...row, transactionsCount: 0 });
    },

    /**
     * Any subset of the fields. Once guests bought the package, a change of its price, terms or recurring
     * flag is refused (nothing changes); the same values sent again are no change. Restoring an archived
     * package puts it last.
     */
    async update(actor: Actor | null, siteId: number, id: number, input: PackageUpdate): Promise<Package> {
      await access(actor, siteId, 'write');
      await db.transaction(async (tx) => {
        const row = await packages.lock(siteId, id, tx);
        if (!row) throw notFound('payments.packageNotFound');
        const current = fieldsOf(row);
        const changed = FIXED_ONCE_SOLD.filter((k) => input[k] !== undefined && input[k] !== current[k]);
        if (changed.length && (await packages.soldCount(id, tx)) > 0) throw new AppError(422, 'payments.packageSold');
        if (input.price !== undefined) checkPrice(input.price, row.isTrial, row.currency);
        const restoring = input.status === 'active' && row.status !== 'active';
        await packages.update(
          id,
          {
            ...(input.name !== undefined && { name: input.name }),
            ...(input.description !== undefined && { description: input.description }),
            ...(input.price !== undefined && { price: input.price }),
            ...(input.duration_type !== undefined && { durationType: input.duration_type }),
            ...(input.duration_val !== undefined && { durationVal: input.duration_val }),
            ...(input.bytes_t !== undefined && { bytesT: input.bytes_t }),
            ...(input.bytes_type !== undefined && { bytesType: input.bytes_type }),
            ...(input.speed_ul !== undefined && { speedUl: input.speed_ul }),
            ...(input.speed_dl !== undefined && { speedDl: input.speed_dl }),
            ...(input.num_devices !== undefined && { numDevices: input.num_devices }),
            ...(input.recurring !== undefined && { recurring: row.isTrial ? false : input.recurring }),
            ...(input.status !== undefined && { status: input.status }),
            ...(restoring && { displayOrder: packages.nextOrder(siteId) }),
          },
          tx,
        );
      });
      return toPackage(await packageIn(siteId, id));
    },

    /** The new order of the site's active packages: each of them exactly once. */
    async reorder(actor: Actor | null, siteId: number, ids: number[]): Promise<PackageList> {
      await access(actor, siteId, 'write');
      await db.transaction(async (tx) => {
        const active = await packages.activeIds(siteId, tx);
        const given = new Set(ids);
        if (given.size !== ids.length || ids.length !== active.length || !active.every((id) => given.has(id)))
          throw fieldError('display_order', 'payments.orderMismatch');
        await packages.setOrder(siteId, ids, tx);
      });
      return { packages: (await packages.list(siteId, 'active')).map(toPackage), can_write: true };
    },

    /** Deleted: gone from both lists and from the splash page, kept for the transactions that name it. */
    async remove(actor: Actor | null, siteId: number, id: number) {
      await access(actor, siteId, 'write');
      const row = await packageIn(siteId, id);
      await packages.update(row.id, { status: 'deleted' });
      return { status: 200 as const, message: 'Deleted' };
    },
  };
}
export type PackagesService = ReturnType<typeof createPackagesService>;
