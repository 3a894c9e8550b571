// Component tests' stand-in for the server: the network is the only thing replaced. Answers are the
// contract's shapes, checked with its schemas, so a sample that drifts from the contract fails here.
import type { ReactNode } from 'react';
import { vi } from 'vitest';
import { configure, render } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { SnackbarProvider } from 'notistack';
import {
  packageSchema,
  paymentAccountSchema,
  stripeConnectionSchema,
  transactionSchema,
  type Package,
  type PaymentAccount,
  type StripeConnection,
  type Transaction,
} from '@splashboard/contract';
import { makeStore, siteSettingsLoaded } from '../../app/store.ts';

// MUI in jsdom on a busy machine (two test files at a time on two cores) can take over the default second to draw.
configure({ asyncUtilTimeout: 5_000 });

export const SITE_ID = 5;
export const API = `/s/${SITE_ID}/api/v1`;

export const site = (currency = 'USD') => ({
  id: SITE_ID,
  name: 'Harbour Café',
  router_type: 'unifi',
  auth_methods: ['payment'],
  timezone: 'UTC',
  currency,
  default_countrycode: 'US',
  validate_email: false,
  redirect_url: '',
  logo_image: '',
  html_image: '',
  permissions: { all: true, payment: true, landingpage: true, sitesettings: true },
  created_at: null,
});

export const aPackage = (fields: Partial<Package> = {}): Package =>
  packageSchema.parse({
    id: 1,
    name: 'One day',
    description: 'All day Wi-Fi',
    price: 499,
    currency: 'USD',
    duration_type: 'days',
    duration_val: 1,
    bytes_t: 0,
    bytes_type: 'MB',
    speed_ul: 0,
    speed_dl: 0,
    num_devices: 2,
    recurring: false,
    is_trial: false,
    status: 'active',
    display_order: 0,
    transactions_count: 0,
    created_at: '2026-11-01T10:00:00.000Z',
    updated_at: '2026-11-01T10:00:00.000Z',
    ...fields,
  });

export const aConnection = (fields: Partial<StripeConnection> = {}): StripeConnection =>
  stripeConnectionSchema.parse({
    id: 0,
    connected_to_stripe: false,
    mode: null,
    stripe_account_id: null,
    charges_enabled: false,
    livemode: false,
    stripe_connection_url: '/s/5/api/v1/paymentloginconfig/stripe/connect',
    show_stripe_keys: true,
    payment_auth_field1: '',
    payment_auth_field2: '',
    transaction_fee_percent: 3,
    customer_portal_url: 'https://wifi.example.test/guest/k3y/account',
    ...fields,
  });

export const aTransaction = (fields: Partial<Transaction> = {}): Transaction =>
  transactionSchema.parse({
    id: 31,
    kind: 'purchase',
    status: 'succeeded',
    payment_account_id: 7,
    email: 'ana@example.test',
    package_id: 1,
    package_name: 'One day',
    terms: { duration_type: 'days', duration_val: 1, bytes_t: 0, bytes_type: 'MB', speed_ul: 0, speed_dl: 0, num_devices: 2 },
    amount: 1250,
    currency: 'USD',
    fee_amount: 38,
    refunded: 250,
    mac: 'AA:BB:CC:DD:EE:01',
    num_devices: 2,
    endtime: '2026-11-21T10:00:00.000Z',
    stripe_payment_intent_id: 'pi_1',
    created_at: '2026-11-20T10:00:00.000Z',
    paid_at: '2026-11-20T10:00:05.000Z',
    refunds: [],
    ...fields,
  });

export const anAccount = (fields: Partial<PaymentAccount> = {}): PaymentAccount =>
  paymentAccountSchema.parse({
    id: 7,
    email: 'ana@example.test',
    first_name: 'Ana',
    last_name: 'García',
    phone: '+34600000000',
    fields: {},
    package_id: 1,
    package_name: 'One day',
    terms: { duration_type: 'days', duration_val: 1, bytes_t: 0, bytes_type: 'MB', speed_ul: 0, speed_dl: 0, num_devices: 2 },
    status: 'active',
    starts_at: '2026-11-20T10:00:05.000Z',
    expires_at: '2026-11-21T10:00:05.000Z',
    recurring: true,
    next_payment_on: '2026-11-21T10:00:05.000Z',
    has_card: true,
    devices_count: 1,
    total_paid: 1000,
    currency: 'USD',
    created_at: '2026-11-20T10:00:00.000Z',
    ...fields,
  });

export interface Call {
  method: string;
  url: string;
  body: unknown;
}

type Responder = (call: Call) => { status: number; body: unknown };
/** A JSON answer (200), or a function answering a call with a status. */
type Answer = Responder | object;

/**
 * Answers `METHOD url` (or `url` for GET) from `answers`; a function answers with a status. Anything else
 * is a 404 in the API's error shape. Returns the calls made.
 */
export function stubServer(answers: Record<string, Answer>) {
  const calls: Call[] = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    const method = init.method ?? 'GET';
    const body = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
    const call = { method, url, body };
    calls.push(call);
    const key = method === 'GET' && url in answers ? url : `${method} ${url}`;
    if (!(key in answers))
      return new Response(JSON.stringify({ status: 404, message: 'Not found', schema_errors: {}, code: 'common.notFound' }), {
        status: 404,
      });
    const answer = answers[key];
    const { status, body: out } = typeof answer === 'function' ? answer(call) : { status: 200, body: answer };
    return new Response(JSON.stringify(out), { status });
  });
  return calls;
}

/** The address the page is at (after its navigations). */
function Location() {
  const { pathname, search } = useLocation();
  return <output data-testid="location">{pathname + search}</output>;
}

/** Renders `element` at `path` (a route pattern) reached by `at`, at a site (currency) with the store, router and snackbars. */
export function renderAt(element: ReactNode, { path = '*', at = '/', currency = 'USD' } = {}) {
  const { store, persistor } = makeStore();
  // After the stored state is read back (an earlier test's site would replace this one otherwise).
  const selectSite = () => store.dispatch(siteSettingsLoaded(site(currency) as never));
  selectSite();
  const stop = persistor.subscribe(() => {
    if (!persistor.getState().bootstrapped) return;
    stop();
    selectSite();
  });
  return render(
    <Provider store={store}>
      <SnackbarProvider>
        <MemoryRouter initialEntries={[at]}>
          <Routes>
            <Route path={path} element={element} />
            {path !== '*' && <Route path="*" element={null} />}
          </Routes>
          <Location />
        </MemoryRouter>
      </SnackbarProvider>
    </Provider>,
  );
}
