import type { FastifyInstance } from 'fastify';
import path from 'node:path';
import type { Config } from './config.ts';
import { openDatabase, type DatabaseHandle } from './db/client.ts';
import { createSmtpTransport } from './adapters/smtp/smtp.ts';
import type { RadiusServer } from './adapters/radius/server.ts';
import { createAppContext, type AppContext } from './platform/context.ts';
import { assertSecretKeyMatches } from './platform/secret-key.ts';
import type { PlanUsageReader } from './platform/plan-usage.ts';
import { createHttpApp, finishHttpApp, registerHttpBasics } from './platform/http-app.ts';
import { installSiteGuard } from './platform/site-access.ts';
import { authArea } from './domains/auth/index.ts';
import { profileArea } from './domains/profile/index.ts';
import { registrationArea } from './domains/registration/index.ts';
import { billingArea } from './domains/billing/index.ts';
import { metaArea } from './domains/meta/index.ts';
import { createSites, sitesArea } from './domains/sites/index.ts';
import { whitelistArea } from './domains/whitelist/index.ts';
import { splashArea } from './domains/splash/index.ts';
import { smsArea } from './domains/sms/index.ts';
import { createControllersOf, routersArea } from './domains/routers/index.ts';
import { accessHealthArea } from './domains/access-health/index.ts';
import { settingsArea } from './domains/settings/index.ts';
import { unifiTasksArea } from './domains/unifi-tasks/index.ts';
import { sessionSweepArea } from './domains/session-sweep/index.ts';
import { sessionPartitionsArea } from './domains/session-partitions/index.ts';
import { guestsArea } from './domains/guests/index.ts';
import { guestAccountsArea } from './domains/guest-accounts/index.ts';
import { vouchersArea } from './domains/vouchers/index.ts';
import { dashboardArea } from './domains/dashboard/index.ts';
import { setupArea } from './domains/setup/index.ts';
import { teamArea } from './domains/team/index.ts';
import { brandingArea } from './domains/branding/index.ts';
import { customDomainArea } from './domains/custom-domain/index.ts';
import { createPayments, paymentSettingsValues, paymentsArea, type Payments } from './domains/payments/index.ts';
import type { ExtraValues } from './domains/splash/extra-values.ts';
import { createRadiusServerOf } from './domains/radius/index.ts';
import { createPlanLimits, type PlanLimits } from './domains/plan-limits/index.ts';
import { campaignsArea } from './domains/campaigns/index.ts';
import { integrationsArea } from './domains/integrations/index.ts';
import { accessNoticesArea } from './domains/access-notices/index.ts';
import { portalArea } from './portal/index.ts';
import { reportsArea } from './domains/reports/index.ts';
import { createAuthmonQueues } from './domains/opennds/opennds-authmon.ts';
import { observabilityArea } from './platform/observability/index.ts';

/**
 * The areas of the product, in the order their routes are registered (and listed in the API document).
 * Each is a folder that registers its own routes and jobs from the dependencies below.
 */
const AREAS = [
  observabilityArea,
  authArea,
  profileArea,
  registrationArea,
  billingArea,
  metaArea,
  sitesArea,
  whitelistArea,
  splashArea,
  smsArea,
  routersArea,
  accessHealthArea,
  settingsArea,
  unifiTasksArea,
  sessionSweepArea,
  sessionPartitionsArea,
  guestsArea,
  guestAccountsArea,
  vouchersArea,
  dashboardArea,
  setupArea,
  teamArea,
  brandingArea,
  customDomainArea,
  paymentsArea,
  campaignsArea,
  integrationsArea,
  accessNoticesArea,
  reportsArea,
  portalArea,
];

/** What the areas are built from: the platform, and the two services most areas share. */
export type AppDeps = AppContext & {
  /** Site access, checked first by every site-scoped service. */
  sites: ReturnType<typeof createSites>;
  /** Each site's controller adapter, one cache per process (a UniFi login serves many guests). */
  controllers: ReturnType<typeof createControllersOf>;
  /** The plan's limits: the usage reader, the guests' device claim and the owner's alert emails. */
  planLimits: PlanLimits;
  /** Each account's plan usage in its billing period (the plan-limits area counts it, the billing area shows it). */
  planUsage: PlanUsageReader;
  /** Paid Wi-Fi's shared parts: each site's Stripe and the webhook of operators' Stripe accounts. */
  payments: Payments;
  /** The payment settings' Stripe connection fields, answered by the splash area's GET paymentloginconfig/. */
  extraValues: ExtraValues;
};

export interface BuiltApp {
  app: FastifyInstance;
  ctx: AppDeps;
  /** Starts the job workers (role `worker`); the API works without them. */
  startWorkers(): Promise<void>;
  /** Starts the RADIUS server (role `radius`) on the configured UDP ports. */
  startRadius(): Promise<RadiusServer>;
  close(): Promise<void>;
}

export interface BuildOptions {
  /** An already open database (tests share one per file); opened from the config otherwise. */
  handle?: DatabaseHandle;
  webDist?: string;
  /** Where the log goes instead of stdout (tests read it). */
  logStream?: { write(line: string): void };
  /** Where what the operator reads outside the log is printed (emails kept without SMTP) instead of stdout. */
  console?: { write(text: string): void };
}

export async function buildApp(config: Config, opts: BuildOptions = {}): Promise<BuiltApp> {
  const app = createHttpApp(config, opts.logStream);
  const handle = opts.handle ?? (await openDatabase({ url: config.databaseUrl, pgliteDir: path.join(config.dataDir, 'pglite') }));
  const ctx = createAppContext({
    config,
    handle,
    log: app.log,
    mailTransport: config.smtpUrl ? createSmtpTransport(config.smtpUrl) : null,
    console: opts.console,
  });
  await assertSecretKeyMatches(ctx.db, config, ctx.deriveKey);
  await ctx.siteChanges.start();
  const planLimits = createPlanLimits(ctx);
  const payments = createPayments(ctx);
  const deps: AppDeps = {
    ...ctx,
    sites: createSites(ctx),
    controllers: createControllersOf(ctx, createAuthmonQueues(ctx.db)),
    planLimits,
    planUsage: planLimits.usage,
    payments,
    extraValues: paymentSettingsValues({ ...ctx, payments }),
  };

  await registerHttpBasics(app, config, ctx.sessions);
  installSiteGuard(app, deps.sites);
  for (const area of AREAS) await area.register(app, deps);
  await finishHttpApp(app, config, opts.webDist, ctx.storage);

  let radius: RadiusServer | undefined;
  return {
    app,
    ctx: deps,
    startWorkers: () => ctx.jobs.start({ work: config.roles.has('worker') }),
    async startRadius() {
      radius = createRadiusServerOf(deps);
      ctx.metrics.sources.radius = radius.stats;
      await radius.start();
      return radius;
    },
    async close() {
      await radius?.stop();
      await app.close();
      await ctx.jobs.stop();
      await ctx.readReplica?.close();
      await ctx.siteChanges.stop();
      if (!opts.handle) await handle.close();
    },
  };
}
