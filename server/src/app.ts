import Fastify, { type FastifyInstance } from 'fastify';
import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Config } from './config.ts';
import { openDatabase, type DatabaseHandle } from './db/client.ts';
import type { AppContext } from './platform/context.ts';
import { SecretBox, hmacSha256, resolveSecretKey } from './platform/crypto.ts';
import { createJobQueue } from './platform/jobs.ts';
import { createMailer } from './platform/mailer.ts';
import { createRateLimiter } from './platform/rate-limit.ts';
import { createSessionStore } from './platform/sessions.ts';
import { createSiteChanges } from './platform/site-changes.ts';
import { createLocalStorage } from './platform/storage.ts';
import { installAuthHooks } from './platform/auth-hooks.ts';
import { installErrorHandler } from './platform/error-handler.ts';
import { notFound } from './platform/errors.ts';
import { registerMaintenance } from './platform/maintenance.ts';
import { createProfileService } from './domains/profile/profile.service.ts';
import { profileRoutes } from './domains/profile/profile.routes.ts';
import { createAuthService } from './domains/auth/auth.service.ts';
import { authRoutes } from './domains/auth/auth.routes.ts';
import { createRegistrationService } from './domains/registration/registration.service.ts';
import { registrationRoutes } from './domains/registration/registration.routes.ts';
import { createSitesService } from './domains/sites/sites.service.ts';
import { sitesRoutes } from './domains/sites/sites.routes.ts';
import { subscriptionRoutes } from './domains/subscription/subscription.routes.ts';
import { metaRoutes } from './domains/meta/meta.routes.ts';
import { createMacEntriesService } from './domains/whitelist/macentries.service.ts';
import { createNasClientsService } from './domains/routers/nas-clients.service.ts';
import { networkRoutes } from './domains/whitelist/whitelist.routes.ts';
import { createWhitelistSync } from './domains/whitelist/whitelist-sync.ts';
import { createUnifiTaskRunner } from './domains/unifi-tasks/tasks-runner.ts';
import { createUnifiTasksService } from './domains/unifi-tasks/unifi-tasks.service.ts';
import { unifiTasksRoutes } from './domains/unifi-tasks/unifi-tasks.routes.ts';
import { createAccessHealthService } from './domains/access-health/access-health.service.ts';
import { accessHealthRoutes } from './domains/access-health/access-health.routes.ts';
import { createSplashService } from './domains/splash/splash.service.ts';
import { splashRoutes } from './domains/splash/splash.routes.ts';
import { fontsRoutes } from './domains/splash/fonts.routes.ts';
import { createSmsService } from './domains/sms/sms.service.ts';
import { smsRoutes } from './domains/sms/sms.routes.ts';
import { createControllers } from './domains/routers/controllers.ts';
import { createRouterSettingsService } from './domains/routers/router-settings.service.ts';
import { routerSettingsRoutes } from './domains/routers/router-settings.routes.ts';
import { createApiRouterSettingsService } from './domains/routers/api-router-settings.service.ts';
import { apiRouterSettingsRoutes } from './domains/routers/api-router-settings.routes.ts';
import { createRadiusGatewaySettingsService } from './domains/routers/radius-gateway-settings.service.ts';
import { radiusGatewaySettingsRoutes } from './domains/routers/radius-gateway-settings.routes.ts';
import { createGuestsService } from './domains/guests/guests.service.ts';
import { createGuestExports } from './domains/guests/guest-exports.ts';
import { guestsRoutes } from './domains/guests/guests.routes.ts';
import { createGuestAccountsService } from './domains/guest-accounts/guest-accounts.service.ts';
import { createGuestImports } from './domains/guest-accounts/guest-accounts.import.ts';
import { guestAccountsRoutes } from './domains/guest-accounts/guest-accounts.routes.ts';
import { createVoucherDomain } from './domains/vouchers/index.ts';
import { vouchersRoutes } from './domains/vouchers/vouchers.routes.ts';
import { createDashboardService } from './domains/dashboard/dashboard.service.ts';
import { dashboardAdminRoutes, dashboardSiteRoutes } from './domains/dashboard/dashboard.routes.ts';
import { createSmsSender } from './domains/sms/sms-sender.ts';
import { portalRoutes } from './portal/portal.routes.ts';
import { createPassSigner } from './portal/pass.ts';
import { createSiteSnapshots } from './portal/site-snapshot.ts';
import { createEmailDomainChecker } from './portal/email-domain.ts';
import { createFacebookClient } from './adapters/facebook/facebook-client.ts';
import { createAuthmonQueues } from './portal/opennds-authmon.ts';
import { RadiusServer } from './adapters/radius/server.ts';
import { createRadiusHandlers } from './domains/radius/handlers.ts';

export interface BuiltApp {
  app: FastifyInstance;
  ctx: AppContext;
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
}

export async function buildApp(config: Config, opts: BuildOptions = {}): Promise<BuiltApp> {
  const app = Fastify({
    logger: { level: config.logLevel, ...(opts.logStream ? { stream: opts.logStream } : {}) },
    genReqId: () => randomUUID(),
    requestIdHeader: false,
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    // Guest portal addresses carry a signed pass (a few hundred characters).
    routerOptions: { maxParamLength: 4096 },
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // Set on arrival, so every answer carries it, errors included; a callback hook, as it runs on every request.
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    done();
  });

  const handle = opts.handle ?? (await openDatabase({ url: config.databaseUrl, pgliteDir: path.join(config.dataDir, 'pglite') }));
  const db = handle.db;
  const secretKeyHex = resolveSecretKey(config.secretKeyHex, config.dataDir);
  const secrets = new SecretBox(secretKeyHex);
  const jobs = createJobQueue(handle, config.databaseUrl, app.log);
  const sessions = createSessionStore(db, config.sessionDays);
  const ctx: AppContext = {
    config,
    handle,
    db,
    secrets,
    jobs,
    mailer: createMailer({ db, jobs, log: app.log, smtpUrl: config.smtpUrl, from: config.mailFrom }),
    storage: createLocalStorage(path.join(config.dataDir, 'uploads'), '/uploads'),
    rateLimiter: createRateLimiter(db),
    sessions,
    log: app.log,
    siteChanges: createSiteChanges(),
  };

  registerMaintenance(db, jobs);
  const profiles = createProfileService(ctx);
  const auth = createAuthService({ ...ctx, profiles });
  const registration = createRegistrationService({ ...ctx, profiles });
  const sitesService = createSitesService(ctx);
  const controllers = createControllers({ ...ctx, authmon: createAuthmonQueues(db) });
  const smsService = createSmsService({ ...ctx, sites: sitesService });
  const routerSettings = createRouterSettingsService({ ...ctx, sites: sitesService, controllers });
  const apiRouterSettings = createApiRouterSettingsService({ ...ctx, sites: sitesService, controllers });

  await app.register(cookie);
  installAuthHooks(app, sessions);
  installErrorHandler(app);
  await app.register(multipart, { limits: { fileSize: config.uploadMaxBytes, files: 1, fields: 10 } });
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Splashboard API',
        version: '1.0.0',
        description: 'Sign in with a session cookie (and the XSRF-TOKEN header) or an API key (X-API-Key).',
      },
      components: { securitySchemes: { apiKey: { type: 'apiKey', in: 'header', name: 'X-API-Key' } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', uiConfig: { deepLinking: false } });

  await app.register(authRoutes(ctx, auth));
  await app.register(
    async (scope) => {
      await scope.register(profileRoutes(profiles));
      await scope.register(registrationRoutes(ctx, registration));
      await scope.register(subscriptionRoutes(ctx));
      await scope.register(metaRoutes(ctx));
    },
    { prefix: '/a/api/v1' },
  );
  await app.register(sitesRoutes(sitesService), { prefix: '/s/api/v1' });
  await app.register(
    networkRoutes(
      createMacEntriesService({
        db,
        siteChanges: ctx.siteChanges,
        sites: sitesService,
        sync: createWhitelistSync({ ...ctx, controllers }),
      }),
      createNasClientsService({ db, secrets, siteChanges: ctx.siteChanges, sites: sitesService }),
    ),
    { prefix: '/s/:siteId/api/v1' },
  );
  await app.register(
    splashRoutes(createSplashService({ db, storage: ctx.storage, sites: sitesService, siteChanges: ctx.siteChanges })),
    {
      prefix: '/s/:siteId/api/v1',
    },
  );
  await app.register(smsRoutes(smsService), { prefix: '/s/:siteId/api/v1' });
  await app.register(routerSettingsRoutes(routerSettings), { prefix: '/s/:siteId/api/v1' });
  await app.register(accessHealthRoutes(createAccessHealthService({ db, sites: sitesService })), {
    prefix: '/s/:siteId/api/v1',
  });
  await app.register(
    unifiTasksRoutes(
      createUnifiTasksService({ db, sites: sitesService, runner: createUnifiTaskRunner({ ...ctx, controllers }) }),
    ),
    { prefix: '/s/:siteId/api/v1' },
  );
  await app.register(apiRouterSettingsRoutes(apiRouterSettings), { prefix: '/s/:siteId/api/v1' });
  await app.register(
    radiusGatewaySettingsRoutes(createRadiusGatewaySettingsService({ ...ctx, sites: sitesService, controllers })),
    { prefix: '/s/:siteId/api/v1' },
  );
  await app.register(
    guestsRoutes(
      createGuestsService({ ...ctx, sites: sitesService, controllers }),
      createGuestExports({ ...ctx, sites: sitesService }),
    ),
    { prefix: '/s/:siteId/api/v1' },
  );
  await app.register(
    guestAccountsRoutes(
      createGuestAccountsService({ ...ctx, sites: sitesService, controllers }),
      createGuestImports({ ...ctx, sites: sitesService }),
    ),
    { prefix: '/s/:siteId/api/v1' },
  );
  const voucherDomain = createVoucherDomain({ ...ctx, sites: sitesService, controllers });
  await app.register(vouchersRoutes(voucherDomain.vouchers, voucherDomain.designs), { prefix: '/s/:siteId/api/v1' });
  const dashboard = createDashboardService({ ...ctx, sites: sitesService });
  await app.register(dashboardAdminRoutes(dashboard), { prefix: '/a/api/v1' });
  await app.register(dashboardSiteRoutes(dashboard), { prefix: '/s/:siteId/api/v1' });
  await app.register(fontsRoutes);
  await app.register(
    portalRoutes({
      db,
      config,
      log: app.log,
      snapshots: createSiteSnapshots(db, ctx.siteChanges),
      controllers,
      signer: createPassSigner(hmacSha256(secretKeyHex, 'guest portal pass')),
      mailer: ctx.mailer,
      sms: createSmsSender({ db, secrets, log: app.log }),
      rateLimiter: ctx.rateLimiter,
      emailDomains: createEmailDomainChecker({ servers: config.dnsServers }),
      facebook: createFacebookClient(config),
      secrets,
    }),
  );

  mkdirSync(path.join(config.dataDir, 'uploads'), { recursive: true });
  await app.register(fastifyStatic, {
    root: path.join(config.dataDir, 'uploads'),
    prefix: '/uploads/',
    decorateReply: false,
    index: false,
    setHeaders: (res) => {
      res.setHeader('x-content-type-options', 'nosniff');
      res.setHeader('content-security-policy', "default-src 'none'");
    },
  });
  await registerWebApp(app, opts.webDist);

  app.get('/', { config: { public: true }, schema: { hide: true } }, (_req, reply) => reply.redirect('/newapp/'));
  app.setNotFoundHandler({ preHandler: undefined }, async (request) => {
    throw notFound('common.noRoute', { method: request.method, path: request.url.split('?')[0]! });
  });

  let radius: RadiusServer | undefined;
  return {
    app,
    ctx,
    startWorkers: () => jobs.start({ work: config.roles.has('worker') }),
    async startRadius() {
      radius = new RadiusServer({
        ...config.radius,
        handlers: createRadiusHandlers(db, secrets, {
          disconnectPort: config.radius.disconnectPort,
          log: app.log,
          endThroughController: async ({ siteId, family, mac }) => {
            const adapter = await controllers.adapterFor(siteId, family);
            if (!adapter) throw new Error(`The ${family} controller of site ${siteId} is no longer configured`);
            await adapter.revokeAccess(mac);
          },
          siteChanges: ctx.siteChanges,
          cacheTtlMs: config.radius.cacheTtlMs,
        }),
        log: app.log,
      });
      await radius.start();
      return radius;
    },
    async close() {
      await radius?.stop();
      await app.close();
      await jobs.stop();
      if (!opts.handle) await handle.close();
    },
  };
}

/** The dashboard SPA: its files, and index.html for every other path under /newapp. */
async function registerWebApp(app: FastifyInstance, webDist: string | undefined) {
  if (!webDist || !existsSync(path.join(webDist, 'index.html'))) return;
  await app.register(fastifyStatic, { root: webDist, prefix: '/newapp/', decorateReply: true, wildcard: false, index: false });
  const sendIndex = (_req: unknown, reply: { header: (k: string, v: string) => unknown; sendFile: (f: string) => unknown }) => {
    reply.header('cache-control', 'no-cache');
    return reply.sendFile('index.html');
  };
  app.get('/newapp', { config: { public: true }, schema: { hide: true } }, sendIndex as never);
  app.get('/newapp/*', { config: { public: true }, schema: { hide: true } }, sendIndex as never);
}
