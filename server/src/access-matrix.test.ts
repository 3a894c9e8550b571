import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AREA_PERMISSIONS, CLIENT_AREAS, type AccessLevel, type ClientArea, type PermissionName } from '@splashboard/contract';
import { createSite, registerAccount, startServer, uniqueEmail, type TestClient, type TestServer } from '../test/harness.ts';
import { eq } from 'drizzle-orm';
import { clientSiteAccess, sites, users } from './db/schema/index.ts';
import { hashPassword } from './platform/passwords.ts';

/**
 * The access matrix (issue 18): every operation of the OpenAPI document the server serves, called by each
 * kind of user, through the real HTTP server. The table below says what each operation needs; an operation
 * the table does not classify fails the test, so a new route must be added here.
 *
 * Expected answers:
 * - allowed: not 401, 403 or 404 (a 404 is accepted only for a missing row of site A, never the site's
 *   own "site not found": ids in paths other than a site are rows that do not exist, 999999, because
 *   access is checked before the row is looked up). A write may answer 400/409/422 for the sample body.
 * - refused by permission or role: 403;
 * - a site the actor cannot see (client of site B only, another account): 404 `common.siteNotFound`;
 * - a refused write leaves every table of the database as it was (a digest of each table's rows).
 */

type Need =
  /** Anyone, signed in or not: called once without a session. */
  | { kind: 'public' }
  /** Any signed-in user, about themselves or their own account. */
  | { kind: 'self' }
  /** An admin of the account (control panel, clients, API key...): clients 403. */
  | { kind: 'admin' }
  /** Account scope with a site permission held at some site (admins hold every one). */
  | { kind: 'anySite'; permission: PermissionName; mode: 'read' | 'write' }
  /** The account's billing: its owner (billing access), not the admins it invited. */
  | { kind: 'billing' }
  /** Site A's permission in a mode (GET read, else write, unless said); adminOnly: clients never. */
  | { kind: 'site'; permission: PermissionName; mode?: 'read' | 'write'; adminOnly?: boolean };

const site = (permission: PermissionName, mode?: 'read' | 'write', adminOnly?: boolean): Need => ({
  kind: 'site',
  permission,
  mode,
  adminOnly,
});
const PUBLIC: Need = { kind: 'public' };
const SELF: Need = { kind: 'self' };
const ADMIN: Need = { kind: 'admin' };

const LOGIN_METHODS =
  'emailconfig|ageconsent|phoneconfig|passwordloginconfig|paymentloginconfig|facebookloginconfig|clickthrpughloginconfig|wifi4euconfig|guestuserloginconfig|voucherloginconfig|multisite_voucherloginconfig|multilanding|atos';
const S = '/s/\\{siteId\\}/api/v1';
const A = '/a/api/v1';

/**
 * What each operation needs, read from its service: `METHOD path` (a regular expression over the
 * document's path) -> need. The first rule that matches decides. Paths of routes being built by others
 * (the team, branding and domain areas) are classified already; rules with no operation in the document
 * are ignored.
 */
const RULES: [RegExp, Need][] = [
  // Signing in and out, registration, password resets, the public catalogue.
  [/^POST \/(login|tf-validate|password\/forgot|password\/reset)$/, PUBLIC],
  [/^GET \/logout$/, PUBLIC],
  [/^GET \/(healthz|readyz|metrics)$/, PUBLIC],
  [/^(GET \/google\/start|POST \/google\/callback)$/, PUBLIC],
  [new RegExp(`^POST ${A}/registration/.*$`), PUBLIC],
  [new RegExp(`^GET ${A}/(meta|plans)/$`), PUBLIC],
  [new RegExp(`^(GET|POST) ${A}/invitation/\\{token\\}$`), PUBLIC],
  [new RegExp(`^GET ${A}/brand$`), PUBLIC],
  // The user's own profile, two-factor and subscription.
  [/^(GET|POST) \/(tf-setup|tf-recovery-codes)$/, SELF],
  [new RegExp(`^(GET|POST) ${A}/profile/(|password)$`), SELF],
  // The account's billing (subscription, card, address, invoices): its owner's. Stripe's webhook is public (signed).
  [new RegExp(`^\\w+ ${A}/(subscription|billingcard|billingdetails|invoices)/.*$`), { kind: 'billing' }],
  [/^POST \/webhooks\/stripe\/(billing|connect|payments\/\{connectionId\})$/, PUBLIC],
  // The API key is an admin's (common.adminsOnlyApi).
  [new RegExp(`^(GET|POST) ${A}/profile/apikey(/reset)?$`), ADMIN],
  // Team, branding and white-label domains (account admins; the contract in packages/contract/src/team.ts).
  [new RegExp(`^\\w+ ${A}/(admins|clients)(/.*)?$`), ADMIN],
  [new RegExp(`^\\w+ ${A}/branding(/.*)?$`), ADMIN],
  [new RegExp(`^\\w+ ${S}/clientaccess(/.*)?$`), site('client_access')],
  // Sites: creating one is an admin's; an image for a new site needs landing page write somewhere.
  [/^POST \/s\/api\/v1\/site\/$/, ADMIN],
  [/^POST \/s\/api\/v1\/site\/landingfile$/, { kind: 'anySite', permission: 'landingpage', mode: 'write' }],
  [/^GET \/s\/api\/v1\/site\/\{id\}$/, site('all')],
  [/^PUT \/s\/api\/v1\/site\/\{id\}$/, site('sitesettings')],
  [/^DELETE \/s\/api\/v1\/site\/\{id\}$/, site('sitesettings', 'write', true)],
  [/^(GET|PUT) \/s\/api\/v1\/site\/\{id\}\/(redirecturl|general)$/, site('sitesettings')],
  // Readable with the settings or the guest data: classified by the settings (the none client has neither).
  [/^GET \/s\/api\/v1\/site\/\{id\}\/guestfields$/, site('sitesettings')],
  [new RegExp(`^\\w+ ${S}/macentry/.*$`), site('macauth')],
  [new RegExp(`^\\w+ ${S}/splashpage/.*$`), site('landingpage')],
  // Paid Wi-Fi: packages and the Stripe connection (the onboarding's return is the operator's signed-in browser),
  // the notify webhook's signing secret, payment accounts and transactions.
  [new RegExp(`^\\w+ ${S}/paymentloginconfig/(packages|package|stripe)(/.*)?$`), site('payment')],
  [new RegExp(`^GET ${S}/paymentloginconfig/webhook-secret$`), site('payment', 'write')],
  [new RegExp(`^\\w+ ${S}/campaigns/splash-ads(/.*)?$`), site('splash_campaigns')],
  [new RegExp(`^\\w+ ${S}/(paymentaccount|paymenttransactions)/.*$`), site('payment')],
  // Integrations: settings, connection test, delivery log, resends, backfill, OAuth start (GET read, else write);
  // the vendor's OAuth callback to the signed-in browser.
  [new RegExp(`^GET ${A}/integrations/oauth/callback$`), SELF],
  [new RegExp(`^\\w+ ${S}/integrations(/.*)?$`), site('integrations')],
  // Email campaigns and the template gallery they start from.
  [new RegExp(`^\\w+ ${S}/campaigns/(email|templates)(/.*)?$`), site('email_campaigns')],
  // Splash A/B tests and the login funnel.
  [new RegExp(`^\\w+ ${S}/campaigns/(ab-tests|funnel)(/.*)?$`), site('splash_campaigns')],
  [new RegExp(`^\\w+ ${S}/(${LOGIN_METHODS})/.*$`), site('landingpage')],
  // Email campaigns' delivery: the account's mail server (admins), a campaign's test send and the site's opt-in.
  [new RegExp(`^\\w+ ${A}/mail-settings(/test)?$`), ADMIN],
  [new RegExp(`^POST ${S}/campaigns/email/\\{id\\}/test$`), site('email_campaigns')],
  [new RegExp(`^(GET|PUT) ${S}/campaigns/settings$`), site('email_campaigns')],
  [new RegExp(`^\\w+ ${S}/smsgateway/.*$`), site('smsgateway')],
  // A RADIUS client's whole secret is shown to those who may change it.
  [new RegExp(`^GET ${S}/radiusclients/\\{id\\}/secret$`), site('routersettings', 'write')],
  [new RegExp(`^\\w+ ${S}/(radiusclients|routersettings|accesshealth|unifi)/.*$`), site('routersettings')],
  [new RegExp(`^GET ${S}/settings/summary$`), site('sitesettings')],
  // Scheduled reports: a site's (permission reports) and the control panel's across sites (admins).
  [new RegExp(`^\\w+ ${S}/reports/(settings|test)$`), site('reports')],
  [new RegExp(`^\\w+ ${A}/reports/(settings|test)$`), ADMIN],
  [new RegExp(`^\\w+ ${S}/guest/.*$`), site('guests')],
  [new RegExp(`^\\w+ ${S}/guestuser/.*$`), site('guestuser')],
  [new RegExp(`^\\w+ ${S}/voucher/.*$`), site('voucher')],
  [new RegExp(`^\\w+ ${S}/multisite_voucher/.*$`), site('multisitevoucher')],
  // Dashboard tiles: the tile's permission (packages/contract/src/dashboard.ts DASHBOARD_TILE_CALLS).
  [new RegExp(`^GET ${S}/dashboard/(tile/)?latestguests/table$`), site('guests')],
  [new RegExp(`^GET ${S}/dashboard/(tile/)?voucher/.*$`), site('voucher')],
  [new RegExp(`^GET ${S}/dashboard/(tile/)?payment/.*$`), site('payment')],
  // The user's own layout of a site's dashboard: anyone who sees the site.
  [new RegExp(`^(GET|POST) ${S}/dashboard/config$`), site('all', 'read')],
  [new RegExp(`^GET ${S}/dashboard/.*$`), site('all')],
  [new RegExp(`^GET ${A}/dashboard/latestguests/table$`), { kind: 'anySite', permission: 'guests', mode: 'read' }],
  [new RegExp(`^GET ${A}/dashboard/voucher/.*$`), { kind: 'anySite', permission: 'voucher', mode: 'read' }],
  [new RegExp(`^GET ${A}/dashboard/payment/.*$`), { kind: 'anySite', permission: 'payment', mode: 'read' }],
  [new RegExp(`^GET ${A}/dashboard/.*$`), { kind: 'anySite', permission: 'all', mode: 'read' }],
  [new RegExp(`^GET ${S}/setup/checklist$`), site('all')],
  // Opening the portal in test mode changes nothing: landing page read.
  [new RegExp(`^POST ${S}/setup/portal-test$`), site('landingpage', 'read')],
];

const needOf = (method: string, path: string) => RULES.find(([re]) => re.test(`${method} ${path}`))?.[1];

type Role = 'owner' | 'admin' | 'client_none' | 'client_read' | 'client_write' | 'client_site_b' | 'other_account';
const ROLES: Role[] = ['owner', 'admin', 'client_none', 'client_read', 'client_write', 'client_site_b', 'other_account'];
type Expect = 'allowed' | 'forbidden' | 'hidden';

/** Permissions that are the account's, never a client's. */
const ACCOUNT_ONLY: PermissionName[] = [
  'control_panel',
  'clients',
  'branding',
  'payment_branding',
  'client_access',
  'payment',
  'api',
];
const areaOf = (p: PermissionName) => CLIENT_AREAS.find((a) => AREA_PERMISSIONS[a].includes(p));
const MISSING_ID = '999999';

/** The area a route's clients are given a level on; the none client sees site A through another one. */
function areaFor(need: Need): ClientArea {
  if (need.kind === 'site' || need.kind === 'anySite') return areaOf(need.permission) ?? 'settings';
  return 'settings';
}
const otherArea = (area: ClientArea): ClientArea => (area === 'device_whitelisting' ? 'guest_data' : 'device_whitelisting');

function expected(need: Need, method: string, role: Role): Expect {
  const admin = role === 'owner' || role === 'admin';
  if (need.kind === 'self' || need.kind === 'public') return 'allowed';
  if (need.kind === 'billing') return role === 'owner' || role === 'other_account' ? 'allowed' : 'forbidden';
  if (need.kind === 'admin') return admin || role === 'other_account' ? 'allowed' : 'forbidden';
  const mode = need.mode ?? (method === 'GET' ? 'read' : 'write');
  const level: AccessLevel = role === 'client_read' ? 'read' : role === 'client_write' ? 'write' : 'none';
  const clientMay = (lvl: AccessLevel) =>
    need.permission === 'all'
      ? true
      : ACCOUNT_ONLY.includes(need.permission)
        ? false
        : lvl === 'write' || (lvl === 'read' && mode === 'read');
  if (need.kind === 'anySite') {
    if (admin || role === 'other_account') return 'allowed';
    // The client of site B reads every area there.
    return clientMay(role === 'client_site_b' ? 'read' : level) ? 'allowed' : 'forbidden';
  }
  if (role === 'client_site_b' || role === 'other_account') return 'hidden';
  if (admin) return 'allowed';
  if (need.adminOnly) return 'forbidden';
  return clientMay(level) ? 'allowed' : 'forbidden';
}

const REPORT_BODY = {
  frequency: 'weekly',
  day_of_week: 1,
  day_of_month: 1,
  hour: 8,
  time_zone: 'UTC',
  recipients: ['matrix-report@example.com'],
  figures: ['guests'],
  language: 'en-US',
};

/** Valid bodies for the writes whose body is checked before the service runs (so a refused write meets the access check, not a 422). */
const BODIES: Record<string, (siteId: number) => unknown> = {
  'POST /s/api/v1/site/': () => ({ name: 'Matrix site', router_type: 'unifi', auth_methods: ['email'], skip_image: true }),
  'POST /s/{siteId}/api/v1/macentry/': () => ({ mac: '02:00:00:00:00:01', external_ip: '192.0.2.20', description: 'matrix' }),
  'PUT /s/{siteId}/api/v1/macentry/{id}': () => ({ mac: '02:00:00:00:00:01', external_ip: '192.0.2.20', description: 'matrix' }),
  'PUT /s/{siteId}/api/v1/splashpage/design': () => ({}),
  'PUT /s/{siteId}/api/v1/smsgateway/': () => ({ enabled: false }),
  'POST /s/{siteId}/api/v1/smsgateway/test': () => ({ phone: '+34600000000' }),
  'POST /s/{siteId}/api/v1/radiusclients/': () => ({ name: 'Matrix NAS', ip_address: '192.0.2.10' }),
  'PUT /s/{siteId}/api/v1/routersettings/unifi': () => ({
    url: 'https://127.0.0.1:9',
    username: 'admin',
    password: 'secret-pass',
    site: 'default',
    skip_tls_verify: true,
  }),
  'PUT /s/{siteId}/api/v1/routersettings/omada': () => ({
    url: 'https://127.0.0.1:9',
    username: 'operator',
    password: 'operator-pass',
  }),
  'PUT /s/{siteId}/api/v1/routersettings/smartzone': () => ({ url: 'https://127.0.0.1:9', password: 'portal-pass' }),
  'PUT /s/{siteId}/api/v1/routersettings/ruckus_cloud': () => ({ url: 'https://127.0.0.1:9', password: 'portal-pass' }),
  'PUT /s/{siteId}/api/v1/unifi/scheduledtasks/{kind}': () => ({ enabled: false, frequency: 'daily', time: '03:30' }),
  'POST /s/{siteId}/api/v1/unifi/scheduledtasks/{kind}/run': () => ({}),
  'POST /s/{siteId}/api/v1/campaigns/ab-tests': () => ({
    name: 'Matrix test',
    variants: [
      { name: 'A', weight: 50, design: {} },
      { name: 'B', weight: 50, design: { body_color: '#000000' } },
    ],
  }),
  'POST /s/{siteId}/api/v1/campaigns/ab-tests/{id}/end': () => ({ keep_variant_id: 1 }),
  'POST /s/{siteId}/api/v1/guestuser/create': () => ({ username: 'matrix-guest', password: 'matrix-pass-1' }),
  'POST /s/{siteId}/api/v1/guestuser/{id}/connect': () => ({ guestmac: '02:00:00:00:00:02' }),
  'PUT /s/{siteId}/api/v1/paymentaccount/{id}': () => ({ first_name: 'Matrix' }),
  'POST /s/{siteId}/api/v1/paymentaccount/{id}/password': () => ({ password: 'matrix-pass-1' }),
  'POST /s/{siteId}/api/v1/paymentaccount/{id}/connect': () => ({ guestmac: '02:00:00:00:00:03' }),
  'POST /s/{siteId}/api/v1/paymentaccount/{id}/changerecurring/{x}': () => ({ next_payment_on: '2099-01-01' }),
  'PUT /s/{siteId}/api/v1/paymenttransactions/{id}': () => ({ num_devices: 2 }),
  'POST /s/{siteId}/api/v1/campaigns/email': () => ({ name: 'Matrix campaign', subject: 'Hello', trigger_param: 5 }),
  'PUT /s/{siteId}/api/v1/campaigns/email/{id}': () => ({ name: 'Matrix campaign' }),
  'POST /s/{siteId}/api/v1/paymenttransactions/{id}/refund': () => ({ reason_for_refund: 'no_longer_using' }),
  'POST /s/{siteId}/api/v1/voucher/': () => ({ count: 1, duration_value: 1, duration_type: 'hours' }),
  'POST /a/api/v1/admins/': () => ({ email: 'matrix-admin@example.com', name: 'Matrix Admin' }),
  'PUT /a/api/v1/admins/{id}': () => ({ name: 'Matrix Admin' }),
  'POST /a/api/v1/clients/': () => ({ email: 'matrix-client@example.com', name: 'Matrix Client', sites: [] }),
  'PUT /a/api/v1/clients/{id}': () => ({ name: 'Matrix Client', sites: [] }),
  'PUT /s/{siteId}/api/v1/clientaccess/{clientId}': () => ({
    access: Object.fromEntries(CLIENT_AREAS.map((a) => [a, 'none'])),
  }),
  'PUT /a/api/v1/branding/domain': () => ({ domain: 'wifi.matrix-example.test' }),
  'POST /a/api/v1/subscription/': () => ({ plan_type: 'provider' }),
  'POST /a/api/v1/subscription/buynow': () => ({ plan_id: 'provider_monthly' }),
  'POST /a/api/v1/subscription/change': () => ({ plan_id: 'engage_monthly' }),
  'POST /a/api/v1/subscription/cancel': () => ({ reason: 'other', comments: 'matrix' }),
  'POST /a/api/v1/subscription/reactivate': () => ({}),
  'POST /a/api/v1/billingcard/': () => ({ token: 'seti_matrix_unknown' }),
  'POST /a/api/v1/billingdetails/': () => ({
    name: 'Matrix Owner',
    line1: '1 Main St',
    city: 'Madrid',
    country: 'ES',
    zipcode: '28001',
  }),
  'PUT /s/{siteId}/api/v1/paymentloginconfig/': () => ({ relogin_policy: 'always' }),
  'POST /s/{siteId}/api/v1/paymentloginconfig/packages': () => ({
    name: 'Matrix pass',
    price: 500,
    duration_type: 'hours',
    duration_val: 1,
  }),
  'POST /s/{siteId}/api/v1/paymentloginconfig/packages/order': () => ({ display_order: [999999] }),
  'POST /s/{siteId}/api/v1/campaigns/splash-ads': () => ({ name: 'Matrix ad' }),
  'PUT /s/{siteId}/api/v1/paymentloginconfig/stripe/keys': () => ({
    payment_auth_field1: 'sk_test_matrixNotAKey',
    payment_auth_field2: 'pk_test_matrixNotAKey',
  }),
  'PUT /s/{siteId}/api/v1/integrations/{kind}': () => ({ field_map: [{ source: 'email', target: 'email' }], enabled: false }),
  'PUT /s/{siteId}/api/v1/reports/settings': () => REPORT_BODY,
  'POST /s/{siteId}/api/v1/reports/test': () => ({ recipients: ['matrix-report@example.com'] }),
  'PUT /a/api/v1/reports/settings': () => REPORT_BODY,
  'POST /a/api/v1/reports/test': () => ({ recipients: ['matrix-report@example.com'] }),
  'POST /s/{siteId}/api/v1/multisite_voucher/': (siteId) => ({
    count: 1,
    duration_value: 1,
    duration_type: 'hours',
    site_ids: [siteId],
  }),
};

/** Answers of an allowed call about a thing of the account that is not there (the white-label domain to check before one is entered). */
const MISSING_ACCOUNT_THING = new Set(['customDomain.notAdded']);

let server: TestServer;
let operations: { method: string; path: string; hasBody: boolean; multipart: boolean }[];
let siteA: number;
const actors = new Map<string, TestClient>();
/** A sample body per PUT path: what its GET twin answers to the owner (a valid body for most settings pages). */
const samples = new Map<string, unknown>();

let digestSql: string | undefined;
async function digest() {
  digestSql ??= await digestQuery();
  const rows = (await server.handle.executeSql(digestSql)).rows;
  return Object.fromEntries(rows.map((r) => [String(r.name), String(r.d)]));
}

/** One query answering a digest of each table's rows. */
async function digestQuery() {
  const tables = (
    await server.handle.executeSql(
      `select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
    )
  ).rows.map((r) => String(r.name));
  // sessions: a request refreshes its own session's last use; rate_limits counts requests.
  const watched = tables.filter((t) => !['sessions', 'rate_limits', '__drizzle_migrations'].includes(t));
  return watched
    .map((t) => `select '${t}' as name, (select md5(coalesce(string_agg(x::text, ',' order by x::text), '')) from "${t}" x) as d`)
    .join(' union all ');
}

async function signIn(
  accountId: number,
  role: 'admin' | 'client',
  access: { siteId: number; area: ClientArea; level: AccessLevel }[],
  hash: string,
) {
  const email = uniqueEmail(role);
  const [user] = await server.handle.db
    .insert(users)
    .values({ accountId, email, name: `Matrix ${role}`, passwordHash: hash, role, billingAccess: false, emailVerified: true })
    .returning();
  if (access.length) await server.handle.db.insert(clientSiteAccess).values(access.map((a) => ({ userId: user!.id, ...a })));
  const client = server.client();
  const res = await client.post('/login', { email, password: 'matrix-pass-7' });
  if (res.status !== 200) throw new Error(`login failed for ${role}: ${res.status}`);
  return client;
}

beforeAll(async () => {
  // No job workers: a job finishing in the background (a guest export) would change rows between two digests.
  server = await startServer({ ROLES: 'api,portal' });
  const spec = (await server.client().get('/api/docs/json')).body;
  operations = Object.entries(
    spec.paths as Record<string, Record<string, { requestBody?: { content?: Record<string, unknown> } }>>,
  ).flatMap(([path, ops]) =>
    Object.entries(ops).map(([method, op]) => ({
      method: method.toUpperCase(),
      path,
      hasBody: Boolean(op.requestBody),
      multipart: Boolean(op.requestBody?.content?.['multipart/form-data']),
    })),
  );
  const owner = await registerAccount(server, { plan_type: 'provider' });
  siteA = (await createSite(owner.client, { name: 'Site A' })).id;
  const siteB = (await createSite(owner.client, { name: 'Site B' })).id;
  const [{ accountId }] = (await server.handle.db
    .select({ accountId: sites.accountId })
    .from(sites)
    .where(eq(sites.id, siteA))) as [{ accountId: number }];
  actors.set('owner', owner.client);
  const hash = await hashPassword('matrix-pass-7');
  actors.set('admin', await signIn(accountId, 'admin', [], hash));
  for (const area of CLIENT_AREAS) {
    actors.set(
      `client_none:${area}`,
      await signIn(accountId, 'client', [{ siteId: siteA, area: otherArea(area), level: 'read' }], hash),
    );
    actors.set(`client_read:${area}`, await signIn(accountId, 'client', [{ siteId: siteA, area, level: 'read' }], hash));
    actors.set(`client_write:${area}`, await signIn(accountId, 'client', [{ siteId: siteA, area, level: 'write' }], hash));
  }
  actors.set(
    'client_site_b',
    await signIn(
      accountId,
      'client',
      CLIENT_AREAS.map((area) => ({ siteId: siteB, area, level: 'read' as const })),
      hash,
    ),
  );
  const other = await registerAccount(server, { plan_type: 'provider' });
  await createSite(other.client, { name: 'Their site' });
  actors.set('other_account', other.client);
  for (const op of operations.filter((o) => o.method === 'PUT')) {
    if (!operations.some((o) => o.method === 'GET' && o.path === op.path)) continue;
    const res = await owner.client.get(concrete(op.path, siteA));
    if (res.status === 200) samples.set(op.path, res.body);
  }
}, 120_000);
afterAll(() => server?.close());

function concrete(path: string, siteId: number) {
  return path
    .replace('{siteId}', String(siteId))
    .replace(/^\/s\/api\/v1\/site\/\{id\}/, `/s/api/v1/site/${siteId}`)
    .replace('{kind}', path.includes('/integrations/') ? 'hubspot' : 'reboot_aps')
    .replace(/\{(mac|user)\}/, 'aa:bb:cc:dd:ee:ff')
    .replace('{exportId}', '00000000-0000-4000-8000-000000000000')
    .replace(/\{[a-zA-Z]*[iI]d\}/g, MISSING_ID)
    .replace(/\{(token|section)\}/, 'x');
}

/** Whether a path names a row besides the site (answered as missing: MISSING_ID). */
const hasRowId = (path: string) => /\{(?!siteId\})[a-zA-Z]*[iI]d\}/.test(path.replace(/^\/s\/api\/v1\/site\/\{id\}/, ''));

const actorOf = (role: Role, area: ClientArea) =>
  actors.get(role.startsWith('client_') && role !== 'client_site_b' ? `${role}:${area}` : role)!;

describe('access matrix', () => {
  it('classifies every operation of the API document', () => {
    const unclassified = operations.filter((o) => !needOf(o.method, o.path)).map((o) => `${o.method} ${o.path}`);
    expect(unclassified).toEqual([]);
  });

  it('answers each role as the table says on every operation, and a refused write changes nothing', async () => {
    const failures: string[] = [];
    let cases = 0;
    const tally = { allowed: 0, forbidden: 0, hidden: 0, public: 0 };
    for (const op of operations) {
      const need = needOf(op.method, op.path);
      if (!need) continue;
      const write = op.method !== 'GET';
      const sample = BODIES[`${op.method} ${op.path}`]?.(siteA) ?? samples.get(op.path);
      const body = op.multipart ? undefined : op.hasBody ? (sample ?? {}) : op.method === 'GET' ? undefined : {};
      if (need.kind === 'public') {
        const res = await server.client().request(op.method, concrete(op.path, siteA), body);
        cases++;
        tally.public++;
        if ([401, 403].includes(res.status)) failures.push(`${op.method} ${op.path} anonymous: ${res.status}`);
        continue;
      }
      const area = areaFor(need);
      const byRole = ROLES.map((role) => ({ role, want: expected(need, op.method, role) }));
      const call = async ({ role, want }: { role: Role; want: Expect }) => {
        let url = concrete(op.path, siteA);
        if (op.method === 'DELETE' && op.path === '/s/api/v1/site/{id}' && want === 'allowed') {
          // Deleting is allowed here: delete a site made for it, not site A.
          url = concrete(op.path, (await createSite(actors.get('owner')!, { name: 'To delete' })).id);
        }
        const res = await actorOf(role, area).request(op.method, url, body);
        cases++;
        tally[want]++;
        const code = (res.body as { code?: string } | null)?.code;
        const who = role.startsWith('client_') && role !== 'client_site_b' ? `${role}(${area})` : role;
        const label = `${op.method} ${op.path} as ${who}: expected ${want}, got ${res.status} ${code ?? ''}`;
        if (want === 'allowed') {
          const missingRow =
            res.status === 404 && code !== 'common.siteNotFound' && (hasRowId(op.path) || MISSING_ACCOUNT_THING.has(code ?? ''));
          if ([401, 403].includes(res.status) || (res.status === 404 && !missingRow)) failures.push(label);
        } else if (want === 'forbidden') {
          if (res.status !== 403) failures.push(label);
        } else if (res.status !== 404 || code !== 'common.siteNotFound') failures.push(label);
      };
      if (!write) {
        // Reads change nothing: every role at once.
        await Promise.all(byRole.map(call));
        continue;
      }
      // Writes: the refused ones with the database compared around them, then the allowed ones.
      const refused = byRole.filter((r) => r.want !== 'allowed');
      const before = refused.length ? await digest() : undefined;
      // Refused calls change nothing, so they go out together; the allowed ones one after another.
      await Promise.all(refused.map(call));
      if (before) {
        const after = await digest();
        const changed = Object.keys(before).filter((t) => before[t] !== after[t]);
        if (changed.length) failures.push(`${op.method} ${op.path}: refused writes changed ${changed.join(', ')}`);
      }
      for (const r of byRole.filter((r) => r.want === 'allowed')) await call(r);
    }
    console.log(
      `access matrix: ${operations.length} operations, ${cases} route x role cases (${tally.allowed} allowed, ${tally.forbidden} forbidden, ${tally.hidden} not found, ${tally.public} public)`,
    );
    expect(failures).toEqual([]);
    expect(cases).toBeGreaterThan(1500);
  }, 300_000);
});
