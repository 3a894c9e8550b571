/** Products and Prices: create, retrieve, update, list (prices by lookup key, product, active). */
import type { Route } from './route.ts';
import {
  allowOnly,
  bool,
  expanded,
  integer,
  invalid,
  listOf,
  mergeMetadata,
  newId,
  orNull,
  required,
  type Obj,
  type Store,
} from './store.ts';

const PRODUCT_FIELDS = [
  'id',
  'name',
  'active',
  'description',
  'metadata',
  'default_price_data',
  'images',
  'statement_descriptor',
  'tax_code',
  'unit_label',
  'url',
  'marketing_features',
];
const PRICE_FIELDS = [
  'currency',
  'unit_amount',
  'recurring',
  'product',
  'product_data',
  'lookup_key',
  'transfer_lookup_key',
  'metadata',
  'nickname',
  'active',
  'tax_behavior',
  'billing_scheme',
  'unit_amount_decimal',
];

function createProduct(store: Store, params: Obj): Obj {
  const name = String(required(params, 'name'));
  const id = params.id ? String(params.id) : newId('prod');
  if (store.find(id)) throw invalid(`Product already exists.`, 'id', 'resource_already_exists');
  const product = store.put({
    id,
    object: 'product',
    active: params.active === undefined ? true : bool(params.active, 'active'),
    created: store.now(),
    default_price: null,
    description: orNull(params.description),
    images: Array.isArray(params.images) ? params.images : [],
    livemode: false,
    marketing_features: [],
    metadata: mergeMetadata({}, params.metadata),
    name,
    package_dimensions: null,
    shippable: null,
    statement_descriptor: orNull(params.statement_descriptor),
    tax_code: orNull(params.tax_code),
    type: 'service',
    unit_label: orNull(params.unit_label),
    updated: store.now(),
    url: orNull(params.url),
  });
  store.emit('product.created', product);
  return product;
}

function createPrice(store: Store, params: Obj): Obj {
  const currency = String(required(params, 'currency')).toLowerCase();
  let productId: string;
  if (params.product !== undefined) productId = store.get('product', params.product, 'product').id;
  else if (params.product_data !== undefined) productId = createProduct(store, params.product_data as Obj).id;
  else throw invalid('Missing required param: product.', 'product', 'parameter_missing');
  if (params.unit_amount === undefined && params.unit_amount_decimal === undefined) {
    throw invalid('Missing required param: unit_amount.', 'unit_amount', 'parameter_missing');
  }
  const unitAmount =
    params.unit_amount !== undefined
      ? integer(params.unit_amount, 'unit_amount')
      : Math.round(Number(params.unit_amount_decimal));
  if (unitAmount < 0) throw invalid('Invalid non-negative integer', 'unit_amount');
  let recurring: Obj | null = null;
  if (params.recurring !== undefined) {
    const r = params.recurring as Obj;
    const interval = String(required(r, 'interval'));
    if (!['day', 'week', 'month', 'year'].includes(interval))
      throw invalid(`Invalid recurring[interval]: must be one of day, week, month, or year`, 'recurring[interval]');
    recurring = {
      interval,
      interval_count: r.interval_count === undefined ? 1 : integer(r.interval_count, 'recurring[interval_count]'),
      meter: null,
      trial_period_days: r.trial_period_days === undefined ? null : integer(r.trial_period_days, 'recurring[trial_period_days]'),
      usage_type: 'licensed',
    };
  }
  const lookupKey = orNull(params.lookup_key) as string | null;
  if (lookupKey) claimLookupKey(store, lookupKey, params.transfer_lookup_key);
  const price = store.put({
    id: newId('price'),
    object: 'price',
    active: params.active === undefined ? true : bool(params.active, 'active'),
    billing_scheme: 'per_unit',
    created: store.now(),
    currency,
    custom_unit_amount: null,
    livemode: false,
    lookup_key: lookupKey,
    metadata: mergeMetadata({}, params.metadata),
    nickname: orNull(params.nickname),
    product: productId,
    recurring,
    tax_behavior: params.tax_behavior ?? 'unspecified',
    tiers_mode: null,
    transform_quantity: null,
    type: recurring ? 'recurring' : 'one_time',
    unit_amount: unitAmount,
    unit_amount_decimal: String(unitAmount),
  });
  const product = store.find(productId);
  if (product && !product.default_price) product.default_price = price.id;
  store.emit('price.created', price);
  return price;
}

/** A lookup key names one price; `transfer_lookup_key` moves it from the price that had it. */
function claimLookupKey(store: Store, key: string, transfer: unknown) {
  const holder = store.all('price').find((p) => p.lookup_key === key);
  if (!holder) return;
  if (transfer === undefined || !bool(transfer, 'transfer_lookup_key')) {
    throw invalid(`A price (\`${holder.id}\`) already uses that lookup key.`, 'lookup_key');
  }
  const before = structuredClone(holder);
  holder.lookup_key = null;
  store.emitUpdated('price.updated', before, holder);
}

export function catalogRoutes(store: Store): Route[] {
  return [
    {
      method: 'POST',
      pattern: '/v1/products',
      handle: ({ params }) => {
        allowOnly(params, PRODUCT_FIELDS);
        const { default_price_data, ...rest } = params;
        const product = createProduct(store, rest);
        if (default_price_data) createPrice(store, { ...(default_price_data as Obj), product: product.id });
        return expanded(store, product, params);
      },
    },
    {
      method: 'GET',
      pattern: '/v1/products/:id',
      handle: ({ params, path }) => expanded(store, store.get('product', path.id), params),
    },
    {
      method: 'POST',
      pattern: '/v1/products/:id',
      handle: ({ params, path }) => {
        allowOnly(params, [...PRODUCT_FIELDS, 'default_price']);
        const product = store.get('product', path.id);
        const before = structuredClone(product);
        for (const key of ['name', 'description', 'statement_descriptor', 'unit_label', 'url'] as const) {
          if (params[key] !== undefined) product[key] = key === 'name' ? params[key] : orNull(params[key]);
        }
        if (params.active !== undefined) product.active = bool(params.active, 'active');
        if (params.default_price !== undefined)
          product.default_price = store.get('price', params.default_price, 'default_price').id;
        product.metadata = mergeMetadata(product.metadata, params.metadata);
        product.updated = store.now();
        store.emitUpdated('product.updated', before, product);
        return expanded(store, product, params);
      },
    },
    {
      method: 'GET',
      pattern: '/v1/products',
      handle: ({ params }) => {
        const ids = params.ids as string[] | undefined;
        const found = store
          .all('product')
          .filter((p) => params.active === undefined || p.active === bool(params.active, 'active'))
          .filter((p) => !ids || ids.includes(p.id));
        return expanded(store, listOf(found, params, '/v1/products'), params);
      },
    },
    {
      method: 'POST',
      pattern: '/v1/prices',
      handle: ({ params }) => {
        allowOnly(params, PRICE_FIELDS);
        return expanded(store, createPrice(store, params), params);
      },
    },
    {
      method: 'GET',
      pattern: '/v1/prices/:id',
      handle: ({ params, path }) => expanded(store, store.get('price', path.id), params),
    },
    {
      method: 'POST',
      pattern: '/v1/prices/:id',
      handle: ({ params, path }) => {
        allowOnly(params, ['active', 'lookup_key', 'transfer_lookup_key', 'metadata', 'nickname', 'tax_behavior']);
        const price = store.get('price', path.id);
        const before = structuredClone(price);
        if (params.active !== undefined) price.active = bool(params.active, 'active');
        if (params.nickname !== undefined) price.nickname = orNull(params.nickname);
        if (params.lookup_key !== undefined) {
          const key = orNull(params.lookup_key) as string | null;
          if (key && key !== price.lookup_key) claimLookupKey(store, key, params.transfer_lookup_key);
          price.lookup_key = key;
        }
        price.metadata = mergeMetadata(price.metadata, params.metadata);
        store.emitUpdated('price.updated', before, price);
        return expanded(store, price, params);
      },
    },
    {
      method: 'GET',
      pattern: '/v1/prices',
      handle: ({ params }) => {
        const keys = params.lookup_keys as string[] | undefined;
        if (keys !== undefined && !Array.isArray(keys)) throw invalid('Invalid array', 'lookup_keys');
        const recurring = params.recurring as Obj | undefined;
        const found = store
          .all('price')
          .filter((p) => params.active === undefined || p.active === bool(params.active, 'active'))
          .filter((p) => !keys || keys.includes(p.lookup_key))
          .filter((p) => params.product === undefined || p.product === params.product)
          .filter((p) => params.currency === undefined || p.currency === params.currency)
          .filter((p) => params.type === undefined || p.type === params.type)
          .filter((p) => !recurring?.interval || p.recurring?.interval === recurring.interval);
        return expanded(store, listOf(found, params, '/v1/prices'), params);
      },
    },
  ];
}
