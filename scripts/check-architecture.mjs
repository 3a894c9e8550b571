// `npm run lint` and `npm test`: the import rules of README's "Where things are", checked on the sources.
// - no import cycle between files, on the server or in the web app;
// - no cycle between the server's units (db, platform, each adapter, each domain, the portal) and each
//   unit imports only the layers it may;
// - only table owners (*.repo.ts), db/ and the dashboard's analytics SQL import drizzle-orm, and a repo
//   names only its own area's tables, but for the joins listed in JOINS;
// - no cycle between the web app's feature folders.
// Prints what breaks a rule and exits 1; `--graph` prints the server's unit graph.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const problems = [];

function sourceFiles(dir) {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(name) && !/\.d\.ts$/.test(name) ? [full] : [];
  });
}

/** Every module a file imports (type-only imports and re-exports included), relative ones resolved to files. */
function importsOf(file) {
  const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
  return importedFiles.map(({ fileName }) => {
    if (!fileName.startsWith('.')) return { module: fileName };
    const target = path.resolve(path.dirname(file), fileName);
    for (const candidate of [target, `${target}.ts`, `${target}.tsx`, path.join(target, 'index.ts')]) {
      try {
        if (statSync(candidate).isFile()) return { file: candidate };
      } catch {
        // not this one
      }
    }
    problems.push(`${rel(file)}: cannot resolve ${fileName}`);
    return { module: fileName };
  });
}

const rel = (file) => path.relative(root, file);
const isTest = (file) => /\.test\.tsx?$/.test(file);

/** The strongly connected groups of more than one node (or a node importing itself): the cycles. */
function cycles(graph) {
  let index = 0;
  const indexOf = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const found = [];
  function visit(node) {
    indexOf.set(node, index);
    low.set(node, index++);
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!graph.has(next)) continue;
      if (!indexOf.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node), low.get(next)));
      } else if (onStack.has(next)) low.set(node, Math.min(low.get(node), indexOf.get(next)));
    }
    if (low.get(node) !== indexOf.get(node)) return;
    const group = [];
    let member;
    do {
      member = stack.pop();
      onStack.delete(member);
      group.push(member);
    } while (member !== node);
    if (group.length > 1 || graph.get(node)?.has(node)) found.push(group.sort());
  }
  for (const node of graph.keys()) if (!indexOf.has(node)) visit(node);
  return found;
}

function fileGraph(files) {
  const graph = new Map();
  for (const file of files) graph.set(file, new Set(importsOf(file).flatMap((i) => (i.file ? [i.file] : []))));
  return graph;
}

function unitGraph(files, unitOf) {
  const graph = new Map();
  for (const file of files) {
    const from = unitOf(file);
    if (!from) continue;
    if (!graph.has(from)) graph.set(from, new Set());
    for (const i of importsOf(file)) {
      const to = i.file && unitOf(i.file);
      if (to && to !== from) graph.get(from).add(to);
    }
  }
  return graph;
}

// ---- Server ------------------------------------------------------------------------------------

const server = path.join(root, 'server/src');
const serverFiles = sourceFiles(server).filter((f) => !isTest(f));

/** db, platform, adapters/<name>, domains/<name>, portal, or the top-level file's own name. */
function serverUnit(file) {
  const parts = path.relative(server, file).split(path.sep);
  if (parts[0]?.startsWith('..')) return null;
  if (parts.length === 1) return parts[0].replace(/\.ts$/, '');
  if (parts[0] === 'adapters' || parts[0] === 'domains') return parts.length > 2 ? `${parts[0]}/${parts[1]}` : parts[0];
  return parts[0];
}

/** Which layers a unit's layer may import (its own layer too, as long as there is no cycle). */
const MAY_IMPORT = {
  config: [],
  db: [],
  adapters: [],
  platform: ['config', 'db'],
  domains: ['config', 'db', 'platform', 'adapters', 'domains'],
  portal: ['config', 'db', 'platform', 'adapters', 'domains'],
};
const layerOf = (unit) => unit.split('/')[0];

const serverUnits = unitGraph(serverFiles, serverUnit);
for (const [from, targets] of serverUnits) {
  const allowed = MAY_IMPORT[layerOf(from)];
  if (!allowed) continue; // app.ts and main.ts put everything together
  for (const to of targets) {
    if (!allowed.includes(layerOf(to)) && layerOf(to) !== layerOf(from))
      problems.push(`server: ${from} imports ${to}, which a ${layerOf(from)} unit may not`);
  }
}
for (const group of cycles(serverUnits)) problems.push(`server: units import each other in a cycle: ${group.join(' -> ')}`);
for (const group of cycles(fileGraph(serverFiles)))
  problems.push(`server: files import each other in a cycle: ${group.map(rel).join(', ')}`);

const QUERIES_ALLOWED = [/^db\//, /\.repo\.ts$/, /^domains\/dashboard\/analytics\//];
for (const file of serverFiles) {
  const where = path.relative(server, file);
  if (QUERIES_ALLOWED.some((re) => re.test(where))) continue;
  if (importsOf(file).some((i) => i.module === 'drizzle-orm'))
    problems.push(`server: ${where} queries the database: only a table's owner (*.repo.ts) does`);
}

/** Each table's owner: the only folder (or platform file) whose repos name it. */
const OWNER = {
  accounts: 'platform/accounts.repo.ts',
  users: 'platform/accounts.repo.ts',
  clientSiteAccess: 'platform/accounts.repo.ts',
  sessions: 'platform/accounts.repo.ts',
  oneTimeTokens: 'platform/accounts.repo.ts',
  rateLimits: 'platform/rate-limits.repo.ts',
  secretKeyFingerprint: 'platform/secret-key.repo.ts',
  outboxEmails: 'platform/outbox.repo.ts',
  sites: 'domains/sites',
  splashDesigns: 'domains/splash',
  splashMethodSettings: 'domains/splash',
  splashUploads: 'domains/splash',
  controllerSettings: 'domains/routers',
  nasClients: 'domains/routers',
  radiusSessions: 'domains/routers',
  macEntries: 'domains/whitelist',
  smsGateways: 'domains/sms',
  unifiScheduledTasks: 'domains/unifi-tasks',
  dashboardConfigs: 'domains/dashboard',
  analyticsSiteHours: 'domains/dashboard',
  analyticsGuestDays: 'domains/dashboard',
  analyticsAccountHours: 'domains/dashboard',
  analyticsAccountDays: 'domains/dashboard',
  analyticsAccountSegments: 'domains/dashboard',
  guests: 'domains/guests',
  guestSearchText: 'domains/guests',
  guestDevices: 'domains/guests',
  guestSessions: 'domains/guests',
  consentTexts: 'domains/guests',
  guestConsents: 'domains/guests',
  guestSeenDays: 'domains/guests',
  portalChallenges: 'domains/guests',
  guestExports: 'domains/guests',
  openNdsAuthQueue: 'domains/opennds',
  guestAccounts: 'domains/guest-accounts',
  guestAccountDevices: 'domains/guest-accounts',
  guestAccountImports: 'domains/guest-accounts',
  voucherBatches: 'domains/vouchers',
  voucherBatchSites: 'domains/vouchers',
  vouchers: 'domains/vouchers',
  voucherDevices: 'domains/vouchers',
  voucherSessions: 'domains/vouchers',
  voucherActivationCounts: 'domains/vouchers',
  voucherDesigns: 'domains/vouchers',
  voucherLogos: 'domains/vouchers',
  customDomains: 'domains/custom-domain',
  teamInvitations: 'domains/team',
  teamEvents: 'domains/team',
  brandingSettings: 'domains/branding',
  stripeEvents: 'domains/billing',
  planDeviceUsage: 'domains/plan-limits',
  planDeviceCounts: 'domains/plan-limits',
  planLimitAlerts: 'domains/plan-limits',
  paymentConnections: 'domains/payments',
  paymentPackages: 'domains/payments',
  paymentAccounts: 'domains/payments',
  paymentAccountDevices: 'domains/payments',
  paymentTransactions: 'domains/payments',
  paymentRefunds: 'domains/payments',
  paymentStripeEvents: 'domains/payments',
  emailCampaigns: 'domains/campaigns',
  campaignRecipients: 'domains/campaigns',
  campaignUnsubscribes: 'domains/campaigns',
  campaignSiteSettings: 'domains/campaigns',
  campaignOptIns: 'domains/campaigns',
  accountMailSettings: 'domains/campaigns',
  splashAds: 'domains/campaigns',
  splashAdDailyCounts: 'domains/campaigns',
  splashAbTests: 'domains/campaigns',
  splashAbVariants: 'domains/campaigns',
  splashFunnelCounts: 'domains/campaigns',
  integrations: 'domains/integrations',
  integrationContacts: 'domains/integrations',
  integrationDeliveries: 'domains/integrations',
  userIdentities: 'domains/auth',
  reportSchedules: 'domains/reports',
  reportRuns: 'domains/reports',
  accessNotices: 'domains/access-notices',
};
/**
 * Queries that must read two areas' tables in one statement live with one owner: these repos may name
 * these other tables too.
 */
const JOINS = {
  // A session's voucher (its usage, the voucher's devices online) and the openNDS grant that confirmed it.
  'domains/guests/guest-sessions.repo.ts': ['voucherSessions', 'vouchers', 'openNdsAuthQueue'],
  // A trigger run picks its recipients from the site's guests and their sessions in one statement, and an
  // unsubscribe withdraws the guest's marketing consent in its own transaction.
  'domains/campaigns/delivery/recipients.repo.ts': ['guests', 'guestSessions', 'sites'],
  // The portal's ad rules read a device's earlier visits and its guest's gender and birthday in one place.
  'domains/campaigns/splash-ads/ad-audience.repo.ts': ['guestDevices', 'guests', 'guestSessions'],
  // The collector queues the site's guests seen since it last looked, and a delivery reads its guest, in one statement each.
  'domains/integrations/delivery/collector.repo.ts': ['guests', 'sites'],
  // A backfill counts the consenting guests it queues.
  'domains/integrations/settings/backfill.repo.ts': ['guests'],
};

const schemaIndex = path.join(server, 'db/schema/index.ts');
/** The schema exports a file imports (values only: a type names no table's rows). */
function tablesNamed(file) {
  const named = [];
  for (const m of readFileSync(file, 'utf8').matchAll(/import\s+(type\s+)?\{([^}]*)\}\s+from\s+['"]([^'"]+)['"]/g)) {
    if (m[1] || path.resolve(path.dirname(file), m[3]) !== schemaIndex) continue;
    for (const name of m[2].split(',')) if (name.trim() && !/^\s*type\s/.test(name)) named.push(name.trim().split(/\s+as\s+/)[0]);
  }
  return named;
}
for (const file of sourceFiles(path.join(server, 'db/schema'))) {
  for (const [, table] of readFileSync(file, 'utf8').matchAll(/export const (\w+) = pgTable\(/g))
    if (!(table in OWNER)) problems.push(`server: table ${table} (${rel(file)}) has no owner in scripts/check-architecture.mjs`);
}
for (const file of serverFiles.filter((f) => f.endsWith('.repo.ts'))) {
  const where = path.relative(server, file);
  for (const table of tablesNamed(file)) {
    const owner = OWNER[table];
    if (!owner || where === owner || where.startsWith(`${owner}/`) || JOINS[where]?.includes(table)) continue;
    problems.push(`server: ${where} queries ${table}, which ${owner} owns`);
  }
}

// ---- Web ---------------------------------------------------------------------------------------

const web = path.join(root, 'web/src');
const webFiles = sourceFiles(web).filter((f) => !isTest(f));
for (const group of cycles(fileGraph(webFiles)))
  problems.push(`web: files import each other in a cycle: ${group.map(rel).join(', ')}`);
const featureOf = (file) => {
  const parts = path.relative(web, file).split(path.sep);
  return parts[0] === 'features' && parts.length > 2 ? `features/${parts[1]}` : parts.length > 1 ? parts[0] : null;
};
const webUnits = unitGraph(webFiles, featureOf);
const WEB_MAY_IMPORT = {
  locales: [],
  app: ['locales'],
  components: ['app'],
  layout: ['app', 'components'],
  features: ['app', 'components', 'layout', 'locales'],
};
for (const [from, targets] of webUnits) {
  const allowed = WEB_MAY_IMPORT[layerOf(from)];
  if (!allowed) continue; // routes/ and main.tsx put everything together
  for (const to of targets)
    if (!allowed.includes(layerOf(to)) && layerOf(to) !== layerOf(from))
      problems.push(`web: ${from} imports ${to}, which a ${layerOf(from)} folder may not`);
}
for (const group of cycles(webUnits)) problems.push(`web: folders import each other in a cycle: ${group.join(' -> ')}`);

if (process.argv.includes('--graph'))
  for (const [from, targets] of [...serverUnits].sort()) console.log(`${from} -> ${[...targets].sort().join(', ')}`);
if (problems.length) {
  console.error(problems.join('\n'));
  process.exit(1);
}
console.log(`architecture: ${serverFiles.length} server and ${webFiles.length} web files keep the import rules`);
