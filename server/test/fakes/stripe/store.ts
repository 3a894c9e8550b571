/**
 * The fake's memory: every object by id (ids carry Stripe's prefixes), whose account each belongs to, its
 * clock, the events it created, the charge attempts, and the helpers every resource shares (errors, lists,
 * expansion, parameters). Reads are scoped to the account acting (`store.account`: the platform, a
 * connected account named by `Stripe-Account`, or an account of its own keys), as Stripe scopes them.
 */
import { randomBytes } from 'node:crypto';

export type Obj = Record<string, any>;

export const API_VERSION = '2026-10-28.endive';

/** An answer in Stripe's error shape: `{ error: { type, code?, decline_code?, message, param? } }`. */
export class StripeFail extends Error {
  constructor(
    readonly status: number,
    readonly error: Obj,
  ) {
    super(String(error.message));
  }
}

export const invalid = (message: string, param?: string, code?: string) =>
  new StripeFail(400, { type: 'invalid_request_error', message, ...(code && { code }), ...(param && { param }) });

export const noSuch = (kind: string, id: string, param = 'id') =>
  new StripeFail(404, {
    type: 'invalid_request_error',
    code: 'resource_missing',
    message: `No such ${kind}: '${id}'`,
    param,
  });

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
export function randomText(length: number, alphabet = ALPHABET): string {
  return [...randomBytes(length)].map((b) => alphabet[b % alphabet.length]).join('');
}
export const newId = (prefix: string) => `${prefix}_1${randomText(23)}`;

export interface Payment {
  amount: number;
  currency: string;
  status: 'succeeded' | 'failed';
  invoice: string | null;
}

export interface RequestInfo {
  id: string;
  idempotency_key: string | null;
}

/** How Stripe names a kind in "No such ..." messages. */
const KIND_NAMES: Record<string, string> = {
  payment_method: 'PaymentMethod',
  webhook_endpoint: 'webhook endpoint',
  payment_intent: 'payment_intent',
  application_fee: 'application fee',
};

/** The platform (the fake's own keys), an account connected to it, or an account with keys of its own. */
export type AccountKind = 'platform' | 'connected' | 'standalone';

export class Store {
  /** Every API object by id. Map order is creation order. */
  readonly objects = new Map<string, Obj>();
  /** What the fake knows but Stripe does not show (a card's behaviour, a subscription's retry plan). */
  readonly hidden = new Map<string, Obj>();
  readonly events: Obj[] = [];
  readonly payments = new Map<string, Payment[]>();
  /** The request being served, named in the events it causes (null for the clock's work). */
  request: RequestInfo | null = null;
  onEvent: (event: Obj) => void = () => {};
  /** The platform account: the one the fake's own keys act as. */
  readonly platform = newId('acct');
  /** The account the request being served acts as. */
  account = this.platform;
  /** Which account each object and event belongs to. */
  private readonly owners = new Map<string, string>();
  private readonly accountKinds = new Map<string, AccountKind>([[this.platform, 'platform']]);
  private offset = 0;
  private frozen: number | null = null;
  private invoiceSequence = new Map<string, number>();

  constructor(readonly url: string) {}

  now(): number {
    return this.frozen ?? Math.floor(Date.now() / 1000) + this.offset;
  }

  /** Runs `work` with the clock held still, so everything one request or one due moment does shares a time. */
  held<T>(work: () => T): T {
    if (this.frozen !== null) return work();
    this.frozen = this.now();
    try {
      return work();
    } finally {
      this.frozen = null;
    }
  }

  moveClock(seconds: number) {
    this.offset += seconds;
  }

  /** Runs `work` acting as another account (its objects, its events). */
  as<T>(account: string, work: () => T): T {
    const before = this.account;
    this.account = account;
    try {
      return work();
    } finally {
      this.account = before;
    }
  }

  registerAccount(id: string, kind: AccountKind) {
    this.accountKinds.set(id, kind);
  }

  kindOf(account: string): AccountKind | undefined {
    return this.accountKinds.get(account);
  }

  ownerOf(id: string): string | undefined {
    return this.owners.get(id);
  }

  /** Stores a new object in the acting account (or keeps the account it already belongs to). */
  put(object: Obj, owner = this.owners.get(object.id as string) ?? this.account): Obj {
    this.objects.set(object.id as string, object);
    this.owners.set(object.id as string, owner);
    return object;
  }

  /** The acting account's object of that kind, or Stripe's 404 (also for another account's object). */
  get(kind: string, id: unknown, param = 'id'): Obj {
    const object = typeof id === 'string' ? this.find(id) : undefined;
    if (!object || object.object !== kind || object.deleted)
      throw noSuch(KIND_NAMES[kind] ?? kind.replace(/_/g, ''), String(id), param);
    return object;
  }

  /** The acting account's object with that id. */
  find(id: string): Obj | undefined {
    return this.owners.get(id) === this.account ? this.objects.get(id) : undefined;
  }

  all(kind: string): Obj[] {
    return this.everywhere(kind).filter((o) => this.owners.get(o.id as string) === this.account);
  }

  /** Every account's objects of that kind (for what the fake itself does, such as delivering events). */
  everywhere(kind: string): Obj[] {
    return [...this.objects.values()].filter((o) => o.object === kind && !o.deleted);
  }

  /** The acting account's events. */
  accountEvents(): Obj[] {
    return this.events.filter((e) => this.owners.get(e.id as string) === this.account);
  }

  secret(id: string): Obj {
    let entry = this.hidden.get(id);
    if (!entry) this.hidden.set(id, (entry = {}));
    return entry;
  }

  recordPayment(customer: string, payment: Payment) {
    const list = this.payments.get(customer) ?? [];
    list.push(payment);
    this.payments.set(customer, list);
  }

  nextInvoiceNumber(customer: Obj): string {
    const n = (this.invoiceSequence.get(customer.id) ?? 0) + 1;
    this.invoiceSequence.set(customer.id, n);
    customer.next_invoice_sequence = n + 1;
    return `${customer.invoice_prefix}-${String(n).padStart(4, '0')}`;
  }

  /** An event of the acting account; a connected account's event names it in `account`, as Connect's do. */
  emit(type: string, object: Obj, previous?: Obj): Obj {
    const event: Obj = {
      id: newId('evt'),
      object: 'event',
      ...(this.kindOf(this.account) === 'connected' && { account: this.account }),
      api_version: API_VERSION,
      created: this.now(),
      data: { object: structuredClone(object), ...(previous && { previous_attributes: previous }) },
      livemode: false,
      pending_webhooks: 0,
      request: this.request ? { ...this.request } : { id: null, idempotency_key: null },
      type,
    };
    this.events.push(event);
    this.owners.set(event.id as string, this.account);
    this.onEvent(event);
    return event;
  }

  /** Emits `<kind>.updated` with the top-level fields that changed, when any did. */
  emitUpdated(type: string, before: Obj, after: Obj) {
    const previous: Obj = {};
    for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
      if (JSON.stringify(before[key]) !== JSON.stringify(after[key])) previous[key] = before[key] ?? null;
    }
    if (Object.keys(previous).length > 0) this.emit(type, after, previous);
  }
}

/** `{ object: 'list', data, has_more, url }`, newest first, with `limit`, `starting_after`, `ending_before`. */
export function listOf(items: Obj[], params: Obj, url: string): Obj {
  const limit = params.limit === undefined ? 10 : integer(params.limit, 'limit');
  if (limit < 1 || limit > 100) throw invalid('Invalid limit: must be between 1 and 100', 'limit');
  let rest = [...items].reverse();
  if (params.starting_after) {
    const at = rest.findIndex((o) => o.id === params.starting_after);
    if (at < 0) throw noSuch('object', String(params.starting_after), 'starting_after');
    rest = rest.slice(at + 1);
  } else if (params.ending_before) {
    const at = rest.findIndex((o) => o.id === params.ending_before);
    if (at < 0) throw noSuch('object', String(params.ending_before), 'ending_before');
    rest = rest.slice(Math.max(0, at - limit), at);
  }
  return { object: 'list', data: rest.slice(0, limit), has_more: rest.length > limit, url };
}

/** A deep copy with the `expand[]` paths replaced by the objects they name. */
export function expanded(store: Store, object: Obj, params: Obj): Obj {
  const copy = structuredClone(object);
  const paths: unknown = params.expand;
  if (paths === undefined) return copy;
  if (!Array.isArray(paths)) throw invalid('Invalid array', 'expand');
  for (const path of paths) expandPath(store, copy, String(path).split('.'), String(path));
  return copy;
}

function expandPath(store: Store, node: Obj, path: string[], whole: string) {
  const [key, ...rest] = path;
  if (key === undefined) return;
  if (node.object === 'list' && key === 'data') {
    for (const item of node.data as Obj[]) expandPath(store, item, rest, whole);
    return;
  }
  if (!(key in node)) {
    throw invalid(`This property cannot be expanded (${key}).`, 'expand');
  }
  let value = node[key];
  if (typeof value === 'string') {
    const target = store.find(value);
    if (!target) return;
    value = node[key] = structuredClone(target);
  }
  if (Array.isArray(value)) {
    node[key] = value.map((v) => {
      if (typeof v !== 'string') return v;
      const target = store.find(v);
      return target ? structuredClone(target) : v;
    });
    for (const item of node[key] as Obj[]) if (typeof item === 'object') expandPath(store, item, rest, whole);
    return;
  }
  if (value && typeof value === 'object') expandPath(store, value as Obj, rest, whole);
}

export function integer(value: unknown, param: string): number {
  const n = typeof value === 'number' ? value : Number(value);
  if (value === '' || !Number.isInteger(n)) throw invalid(`Invalid integer: ${String(value)}`, param);
  return n;
}

export function bool(value: unknown, param: string): boolean {
  if (value === true || value === 'true') return true;
  if (value === false || value === 'false') return false;
  throw invalid(`Invalid boolean: ${String(value)}`, param);
}

export function required(params: Obj, name: string): unknown {
  const value = params[name];
  if (value === undefined || value === '') throw invalid(`Missing required param: ${name}.`, name, 'parameter_missing');
  return value;
}

/** Stripe refuses parameters it does not know: `Received unknown parameter: x`. */
export function allowOnly(params: Obj, names: string[]) {
  for (const key of Object.keys(params)) {
    if (key === 'expand' || names.includes(key)) continue;
    if (NOT_IMPLEMENTED.includes(key)) {
      throw invalid(`The Stripe fake does not implement the parameter ${key} yet (Stripe has it).`, key, 'parameter_unknown');
    }
    throw invalid(`Received unknown parameter: ${key}`, key, 'parameter_unknown');
  }
}

/** Parameters Stripe takes that the fake refuses plainly rather than ignoring silently. */
const NOT_IMPLEMENTED = [
  'pause_collection',
  'discounts',
  'coupon',
  'promotion_code',
  'add_invoice_items',
  'automatic_tax',
  'default_tax_rates',
  'days_until_due',
  'application_fee_percent',
  'transfer_data',
  'on_behalf_of',
  'backdate_start_date',
  'billing_thresholds',
  'pending_invoice_item_interval',
  'schedule',
  'schedule_details',
  'test_clock',
  'tax_id_data',
  'invoice_items',
  'customer_details',
  'issuer',
];

/** Metadata updates merge; an empty value removes its key. */
export function mergeMetadata(current: Obj, update: unknown): Obj {
  if (update === '') return {};
  if (update === undefined) return current;
  if (typeof update !== 'object' || update === null || Array.isArray(update)) throw invalid('Invalid metadata', 'metadata');
  const next = { ...current };
  for (const [k, v] of Object.entries(update as Obj)) {
    if (v === '') delete next[k];
    else next[k] = String(v);
  }
  return next;
}

export const orNull = (value: unknown): unknown => (value === undefined || value === '' ? null : value);
