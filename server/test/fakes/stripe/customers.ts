/** Customers: create, retrieve, update, delete, list, search (email and metadata). */
import { attachPaymentMethod, resolvePaymentMethod } from './payment-methods.ts';
import type { Route } from './route.ts';
import { allowOnly, expanded, invalid, listOf, mergeMetadata, newId, orNull, randomText, type Obj, type Store } from './store.ts';

const FIELDS = [
  'email',
  'name',
  'phone',
  'description',
  'address',
  'metadata',
  'invoice_settings',
  'preferred_locales',
  'payment_method',
  'tax_exempt',
  'shipping',
  'balance',
];

function address(value: unknown): Obj | null {
  if (value === undefined || value === '' || value === null) return null;
  if (typeof value !== 'object') throw invalid('Invalid hash', 'address');
  const a = value as Obj;
  const known = ['city', 'country', 'line1', 'line2', 'postal_code', 'state'];
  for (const k of Object.keys(a))
    if (!known.includes(k)) throw invalid(`Received unknown parameter: address[${k}]`, `address[${k}]`);
  return Object.fromEntries(known.map((k) => [k, orNull(a[k])]));
}

/** A payment method given as a customer's default must already be theirs. */
export function attachedPaymentMethod(store: Store, customerId: string, id: unknown, param: string): string | null {
  if (id === undefined || id === '') return null;
  const pm = store.find(String(id));
  if (!pm || pm.object !== 'payment_method' || pm.customer !== customerId) {
    throw invalid(
      `The customer does not have a payment method with the ID ${String(id)}. The payment method must be attached to the customer.`,
      param,
      'resource_missing',
    );
  }
  return pm.id as string;
}

function applyUpdate(store: Store, customer: Obj, params: Obj) {
  for (const key of ['email', 'name', 'phone', 'description'] as const) {
    if (params[key] !== undefined) customer[key] = orNull(params[key]);
  }
  if (params.address !== undefined) customer.address = address(params.address);
  if (params.metadata !== undefined) customer.metadata = mergeMetadata(customer.metadata, params.metadata);
  if (params.preferred_locales !== undefined) customer.preferred_locales = params.preferred_locales || [];
  if (params.tax_exempt !== undefined) customer.tax_exempt = params.tax_exempt;
  if (params.balance !== undefined) customer.balance = Number(params.balance);
  const settings = params.invoice_settings as Obj | undefined;
  if (settings?.default_payment_method !== undefined) {
    customer.invoice_settings = {
      ...customer.invoice_settings,
      default_payment_method: attachedPaymentMethod(
        store,
        customer.id,
        settings.default_payment_method,
        'invoice_settings[default_payment_method]',
      ),
    };
  }
}

function searchMatches(customer: Obj, query: string): boolean {
  const clauses = query.split(/\s+AND\s+/i).filter(Boolean);
  return clauses.every((clause) => {
    const m = /^(email|name|phone|metadata\[['"]([^'"]+)['"]\])\s*:\s*['"]([^'"]*)['"]$/.exec(clause.trim());
    if (!m) throw invalid(`Invalid search query: ${clause}`, 'query');
    const value = m[2] ? customer.metadata?.[m[2]] : customer[m[1] as string];
    return value === m[3];
  });
}

export function customerRoutes(store: Store): Route[] {
  return [
    {
      method: 'POST',
      pattern: '/v1/customers',
      handle: ({ params }) => {
        allowOnly(params, FIELDS);
        const customer = store.put({
          id: newId('cus'),
          object: 'customer',
          address: null,
          balance: 0,
          created: store.now(),
          currency: null,
          default_source: null,
          delinquent: false,
          description: null,
          discount: null,
          email: null,
          invoice_prefix: randomText(8, 'ABCDEF0123456789'),
          invoice_settings: { custom_fields: null, default_payment_method: null, footer: null, rendering_options: null },
          livemode: false,
          metadata: {},
          name: null,
          next_invoice_sequence: 1,
          phone: null,
          preferred_locales: [],
          shipping: null,
          tax_exempt: 'none',
          test_clock: null,
        });
        const { invoice_settings: _settings, payment_method, ...rest } = params;
        applyUpdate(store, customer, rest);
        if (payment_method !== undefined || _settings !== undefined) {
          // The payment method given at creation is attached first, then may become the default.
          const attached = payment_method ? attachOnCreate(store, customer, String(payment_method)) : undefined;
          const settings = { ..._settings };
          // A test id named twice means the PaymentMethod it just became.
          if (attached && settings.default_payment_method === payment_method) settings.default_payment_method = attached;
          applyUpdate(store, customer, { invoice_settings: settings });
        }
        store.emit('customer.created', customer);
        return expanded(store, customer, params);
      },
    },
    {
      method: 'GET',
      pattern: '/v1/customers/search',
      handle: ({ params }) => {
        const query = String(params.query ?? '');
        if (!query) throw invalid('Missing required param: query.', 'query', 'parameter_missing');
        const found = store.all('customer').filter((c) => searchMatches(c, query));
        const list = listOf(found, params, '/v1/customers/search');
        return { ...list, object: 'search_result', next_page: null, total_count: found.length };
      },
    },
    {
      method: 'GET',
      pattern: '/v1/customers/:id',
      handle: ({ params, path }) => {
        const customer = store.find(String(path.id));
        if (customer?.object === 'customer' && customer.deleted) return { id: customer.id, object: 'customer', deleted: true };
        return expanded(store, store.get('customer', path.id), params);
      },
    },
    {
      method: 'POST',
      pattern: '/v1/customers/:id',
      handle: ({ params, path }) => {
        allowOnly(params, FIELDS);
        const customer = store.get('customer', path.id);
        const before = structuredClone(customer);
        applyUpdate(store, customer, params);
        store.emitUpdated('customer.updated', before, customer);
        return expanded(store, customer, params);
      },
    },
    {
      method: 'DELETE',
      pattern: '/v1/customers/:id',
      handle: ({ path }) => {
        const customer = store.get('customer', path.id);
        for (const sub of store.all('subscription')) {
          if (sub.customer === customer.id && sub.status !== 'canceled') {
            sub.status = 'canceled';
            sub.canceled_at = sub.ended_at = store.now();
            store.emit('customer.subscription.deleted', sub);
          }
        }
        customer.deleted = true;
        store.emit('customer.deleted', customer);
        return { id: customer.id, object: 'customer', deleted: true };
      },
    },
    {
      method: 'GET',
      pattern: '/v1/customers',
      handle: ({ params }) => {
        const found = store.all('customer').filter((c) => params.email === undefined || c.email === params.email);
        return expanded(store, listOf(found, params, '/v1/customers'), params);
      },
    },
  ];
}

function attachOnCreate(store: Store, customer: Obj, paymentMethodId: string) {
  const pm = resolvePaymentMethod(store, paymentMethodId);
  attachPaymentMethod(store, pm, customer.id);
  return pm.id as string;
}
