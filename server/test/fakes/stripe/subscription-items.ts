/**
 * A subscription's items: their shape, their billing period, and reading an `items` change (of an update
 * or a preview) into what changes and what it prorates, without changing anything.
 */
import { periodEndAfter, planOf, prorationLines, type ItemChange } from './billing.ts';
import { bool, integer, invalid, mergeMetadata, newId, type Obj, type Store } from './store.ts';

export function itemObject(
  store: Store,
  subscriptionId: string,
  price: Obj,
  quantity: number,
  start: number,
  end: number,
  metadata?: unknown,
): Obj {
  return {
    id: newId('si'),
    object: 'subscription_item',
    billing_thresholds: null,
    created: store.now(),
    current_period_end: end,
    current_period_start: start,
    discounts: [],
    metadata: mergeMetadata({}, metadata),
    plan: planOf(price),
    price: structuredClone(price),
    quantity,
    subscription: subscriptionId,
    tax_rates: [],
  };
}

export const itemsOf = (sub: Obj): Obj[] => sub.items.data as Obj[];
export const periodEnd = (sub: Obj): number => itemsOf(sub)[0]?.current_period_end as number;
export const periodStart = (sub: Obj): number => itemsOf(sub)[0]?.current_period_start as number;

export function recurringPrice(store: Store, id: unknown, param: string): Obj {
  const price = store.get('price', id, param);
  if (!price.recurring)
    throw invalid(
      `The price specified is set to \`type=one_time\` but this field only accepts prices with \`type=recurring\`.`,
      param,
    );
  if (!price.active) throw invalid(`The price specified is inactive. This field only accepts active prices.`, param);
  return price;
}

export function quantityOf(value: unknown, param: string): number {
  if (value === undefined) return 1;
  const q = integer(value, param);
  if (q < 0) throw invalid('Invalid non-negative integer', param);
  return q;
}

export function sameCadence(prices: Obj[]) {
  const [first] = prices;
  for (const p of prices) {
    if (
      p.currency !== first?.currency ||
      p.recurring.interval !== first?.recurring.interval ||
      p.recurring.interval_count !== first?.recurring.interval_count
    ) {
      throw invalid('Currency and interval fields must match across all plans on this subscription.', 'items');
    }
  }
}

export function setPeriod(sub: Obj, start: number, anchor: number) {
  for (const item of itemsOf(sub)) {
    item.current_period_start = start;
    item.current_period_end = periodEndAfter(start, anchor, item.price.recurring);
  }
}

export interface PlannedChange {
  changes: ItemChange[];
  /** The items as they will be: existing ones with their new price/quantity, and new ones. */
  next: { item: Obj; price: Obj; quantity: number; metadata?: unknown; isNew: boolean }[];
  removed: Obj[];
  resetsPeriod: boolean;
}

/** Reads `items` of an update or a preview without changing anything. */
export function planItems(store: Store, sub: Obj, entries: unknown): PlannedChange {
  const next = itemsOf(sub).map(
    (item) =>
      ({ item, price: item.price as Obj, quantity: Number(item.quantity ?? 1), isNew: false }) as PlannedChange['next'][number],
  );
  const removed: Obj[] = [];
  const changes: ItemChange[] = [];
  if (entries !== undefined && !Array.isArray(entries)) throw invalid('Invalid array', 'items');
  ((entries as Obj[] | undefined) ?? []).forEach((entry, i) => {
    if (entry.id) {
      const at = next.findIndex((n) => n.item.id === entry.id);
      const current = next[at];
      if (!current) throw invalid(`Invalid subscription_item id: ${String(entry.id)}`, `items[${i}][id]`);
      if (entry.deleted !== undefined && bool(entry.deleted, `items[${i}][deleted]`)) {
        next.splice(at, 1);
        removed.push(current.item);
        changes.push({ item: current.item, from: { price: current.price, quantity: current.quantity }, to: null });
        return;
      }
      const price = entry.price ? recurringPrice(store, entry.price, `items[${i}][price]`) : current.price;
      const quantity = entry.quantity !== undefined ? quantityOf(entry.quantity, `items[${i}][quantity]`) : current.quantity;
      if (price.id !== current.price.id || quantity !== current.quantity) {
        changes.push({ item: current.item, from: { price: current.price, quantity: current.quantity }, to: { price, quantity } });
      }
      next[at] = { ...current, price, quantity, metadata: entry.metadata };
      return;
    }
    const price = recurringPrice(store, entry.price, `items[${i}][price]`);
    const quantity = quantityOf(entry.quantity, `items[${i}][quantity]`);
    const item = itemObject(store, sub.id, price, quantity, periodStart(sub), periodEnd(sub), entry.metadata);
    next.push({ item, price, quantity, isNew: true });
    changes.push({ item, from: null, to: { price, quantity } });
  });
  if (next.length === 0) throw invalid('A subscription must have at least one active plan.', 'items');
  sameCadence(next.map((n) => n.price));
  const old = itemsOf(sub)[0]!.price.recurring;
  const now = next[0]!.price.recurring;
  const resetsPeriod = old.interval !== now.interval || old.interval_count !== now.interval_count;
  return { changes, next, removed, resetsPeriod };
}

export function prorationBehaviourOf(value: unknown): string {
  const behaviour = String(value ?? 'create_prorations');
  if (!['create_prorations', 'always_invoice', 'none'].includes(behaviour))
    throw invalid('Invalid proration_behavior', 'proration_behavior');
  return behaviour;
}

export function prorationDateOf(store: Store, sub: Obj, value: unknown, param: string): number {
  if (value === undefined) return store.now();
  const date = integer(value, param);
  if (date < periodStart(sub) || date > periodEnd(sub))
    throw invalid('Proration date must be within the current billing period.', param);
  return date;
}

/** The lines an item change would invoice now (always_invoice or a new cadence) and those left pending. */
export function changeLines(store: Store, sub: Obj, plan: PlannedChange, behaviour: string, when: number) {
  if (sub.status === 'trialing' || plan.changes.length === 0) return { now: [], pending: [] };
  if (plan.resetsPeriod) {
    const credits =
      behaviour === 'none'
        ? []
        : prorationLines(
            store,
            sub,
            plan.changes.filter((c) => c.from).map((c) => ({ ...c, to: null })),
            when,
            false,
          );
    return { now: credits, pending: [] };
  }
  if (behaviour === 'none') return { now: [], pending: [] };
  const lines = prorationLines(store, sub, plan.changes, when, behaviour === 'create_prorations');
  return behaviour === 'always_invoice' ? { now: lines, pending: [] } : { now: [], pending: lines };
}

export function applyItems(sub: Obj, plan: PlannedChange) {
  sub.items.data = plan.next.map(({ item, price, quantity, metadata }) => {
    item.price = structuredClone(price);
    item.plan = planOf(price);
    item.quantity = quantity;
    if (metadata !== undefined) item.metadata = mergeMetadata(item.metadata, metadata);
    return item;
  });
  sub.items.total_count = sub.items.data.length;
}
