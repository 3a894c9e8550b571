import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadConfig } from './config.ts';
import { lastAppliedMigration, latestShippedMigration, openDatabase, schemaAgainstBuild } from './db/client.ts';
import { demoLoginState, seedDemo } from './db/seed.ts';
import { fillDemoData } from './db/demo-data.ts';
import { hashPassword, verifyPassword } from './platform/passwords.ts';
import { buildApp } from './app.ts';
import { survivingQueueConnectionLoss } from './platform/jobs.ts';
import { createStripeClient, ensureStripePlans } from './domains/billing/index.ts';
import { archiveMonths, createSessionPartitionsRepo, monthStart, restoreMonth } from './domains/session-partitions/index.ts';

const USAGE = 'usage: main <start|migrate|seed|demo-data|billing-setup|archive>';
const here = path.dirname(fileURLToPath(import.meta.url));
const webDist = process.env.WEB_DIST ?? path.resolve(here, '../../web/dist');

async function main(command: string | undefined) {
  const config = loadConfig();
  if (command === 'billing-setup') return setUpBilling(config);
  const handle = await openDatabase({ url: config.databaseUrl, pgliteDir: path.join(config.dataDir, 'pglite') });
  if (command === 'migrate' || command === 'seed' || command === 'start' || command === 'demo-data') {
    await handle.migrate();
    if (schemaAgainstBuild(await lastAppliedMigration(handle)) === 'ahead')
      console.log(
        `The database has migrations newer than this build's last (${latestShippedMigration().tag}): a newer release ` +
          'migrated it. Serving on it (migrations only expand the schema); replace this node with the new release.',
      );
  }
  if (command === 'seed' || command === 'start' || command === 'demo-data') {
    const created = await seedDemo(handle.db, config.demo, hashPassword);
    if (created) console.log(`Demo account created: ${config.demo.email}`);
  }
  if (command === 'demo-data') {
    for (const s of (await fillDemoData(handle.db, config.demo)).sites) {
      const paid = s.payments
        ? `, ${s.payments.transactions} transactions (${s.payments.refunds} refunded) of ${s.payments.packages} packages`
        : '';
      console.log(`${s.name}: ${s.guests} guests, ${s.logins} logins, ${s.vouchers} vouchers${paid} over the last 120 days`);
    }
  }
  if (command === 'archive') {
    try {
      await archive(createSessionPartitionsRepo(handle.db), process.argv.slice(3));
    } finally {
      await handle.close();
    }
    return;
  }
  if (command !== 'start') {
    await handle.close();
    return;
  }
  const built = await buildApp(config, { handle, webDist });
  process.on('unhandledRejection', survivingQueueConnectionLoss(built.app.log));
  await built.startWorkers();
  if (config.roles.has('radius')) {
    const radius = await built.startRadius();
    console.log(
      `RADIUS listening on ${config.radius.host} udp/${radius.ports.auth} (auth) and udp/${radius.ports.acct} (accounting)`,
    );
  }
  await built.app.listen({ port: config.port, host: config.host });
  const db = config.databaseUrl ? 'PostgreSQL' : `embedded PGlite in ${path.join(config.dataDir, 'pglite')}`;
  const demoLogin = config.demo.email
    ? {
        works: `  Sign in with ${config.demo.email} / ${config.demo.password}`,
        password_changed: `  Sign in with ${config.demo.email} and the password you gave it (it is no longer ${config.demo.password})`,
        gone: `  Sign in with your account (the demo login ${config.demo.email} is no longer there)`,
      }[await demoLoginState(handle.db, config.demo, verifyPassword)]
    : '  Sign in with your account (no demo account: DEMO_EMAIL is empty)';
  console.log(
    [
      '',
      `  Splashboard is running at ${config.publicUrl}/newapp  (database: ${db})`,
      demoLogin,
      `  API docs: ${config.publicUrl}/api/docs`,
      '  Ctrl-C stops it.',
      '',
    ].join('\n'),
  );
  const stop = async () => {
    await built.close();
    await handle.close();
    process.exit(0);
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

/** The plans' products and prices in the Stripe account STRIPE_SECRET_KEY names (npm run billing:setup). */
async function setUpBilling(config: ReturnType<typeof loadConfig>) {
  if (!config.stripe.enabled) throw new Error('STRIPE_SECRET_KEY is not set: billing is off, there is nothing to set up.');
  const created = await ensureStripePlans(createStripeClient(config.stripe));
  console.log(created.length ? `Created the Stripe prices ${created.join(', ')}` : 'The Stripe prices were all there already.');
}

const ARCHIVE_USAGE = [
  'usage: npm run archive -- --before YYYY-MM [--dir DIR] [--dry-run]   archive the session months before that month',
  '       npm run archive -- --restore DIR/<table>_pYYYY_MM.csv.gz        put an archived month back',
].join('\n');

/** `npm run archive`: the session tables' old months to files and out of the database, or one back (README, "Archiving old sessions"). */
async function archive(repo: ReturnType<typeof createSessionPartitionsRepo>, args: string[]) {
  const value = (flag: string) => {
    const at = args.indexOf(flag);
    return at >= 0 ? args[at + 1] : undefined;
  };
  const restore = value('--restore');
  if (restore) {
    await restoreMonth(repo, restore, console.log);
    return;
  }
  const before = monthStart(value('--before') ?? '');
  if (!before) throw new Error(`--before needs a month, as YYYY-MM\n${ARCHIVE_USAGE}`);
  const dir = path.resolve(value('--dir') ?? path.join(loadConfig().dataDir, 'archive'));
  const months = await archiveMonths(repo, { before, dir, dryRun: args.includes('--dry-run'), now: new Date() }, console.log);
  if (months.length > 0 && !args.includes('--dry-run'))
    console.log(`${months.length} months archived to ${dir}; restore one with npm run archive -- --restore <file>`);
}

const command = process.argv[2];
if (!['start', 'migrate', 'seed', 'demo-data', 'billing-setup', 'archive'].includes(command ?? '')) {
  console.error(USAGE);
  process.exit(2);
}
main(command).catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
