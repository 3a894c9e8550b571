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
import { createSmtpTransport } from './adapters/smtp/smtp.ts';
import type { RadiusServer } from './adapters/radius/server.ts';
import { createAppContext, type AppContext } from './platform/context.ts';
import { installAuthHooks } from './platform/auth-hooks.ts';
import { installErrorHandler } from './platform/error-handler.ts';
import { notFound } from './platform/errors.ts';
import { authArea } from './domains/auth/index.ts';
import { profileArea } from './domains/profile/index.ts';
import { registrationArea } from './domains/registration/index.ts';
import { subscriptionArea } from './domains/subscription/index.ts';
import { metaArea } from './domains/meta/index.ts';
import { createSites, sitesArea } from './domains/sites/index.ts';
import { whitelistArea } from './domains/whitelist/index.ts';
import { splashArea } from './domains/splash/index.ts';
import { smsArea } from './domains/sms/index.ts';
import { createControllersOf, routersArea } from './domains/routers/index.ts';
import { accessHealthArea } from './domains/access-health/index.ts';
import { unifiTasksArea } from './domains/unifi-tasks/index.ts';
import { guestsArea } from './domains/guests/index.ts';
import { guestAccountsArea } from './domains/guest-accounts/index.ts';
import { vouchersArea } from './domains/vouchers/index.ts';
import { dashboardArea } from './domains/dashboard/index.ts';
import { createRadiusServerOf } from './domains/radius/index.ts';
import { portalArea } from './portal/index.ts';
import { createAuthmonQueues } from './portal/opennds-authmon.ts';

/**
 * The areas of the product, in the order their routes are registered (and listed in the API document).
 * Each is a folder that registers its own routes and jobs from the dependencies below.
 */
const AREAS = [
  authArea,
  profileArea,
  registrationArea,
  subscriptionArea,
  metaArea,
  sitesArea,
  whitelistArea,
  splashArea,
  smsArea,
  routersArea,
  accessHealthArea,
  unifiTasksArea,
  guestsArea,
  guestAccountsArea,
  vouchersArea,
  dashboardArea,
  portalArea,
];

/** What the areas are built from: the platform, and the two services most areas share. */
export type AppDeps = AppContext & {
  /** Site access, checked first by every site-scoped service. */
  sites: ReturnType<typeof createSites>;
  /** Each site's controller adapter, one cache per process (a UniFi login serves many guests). */
  controllers: ReturnType<typeof createControllersOf>;
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
  const ctx = createAppContext({
    config,
    handle,
    log: app.log,
    mailTransport: config.smtpUrl ? createSmtpTransport(config.smtpUrl) : null,
  });
  const deps: AppDeps = {
    ...ctx,
    sites: createSites(ctx),
    controllers: createControllersOf(ctx, createAuthmonQueues(ctx.db)),
  };

  await app.register(cookie);
  installAuthHooks(app, ctx.sessions);
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

  for (const area of AREAS) await area.register(app, deps);

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
    throw notFound(`No route ${request.method} ${request.url.split('?')[0]}`);
  });

  let radius: RadiusServer | undefined;
  return {
    app,
    ctx: deps,
    startWorkers: () => ctx.jobs.start({ work: config.roles.has('worker') }),
    async startRadius() {
      radius = createRadiusServerOf(deps);
      await radius.start();
      return radius;
    },
    async close() {
      await radius?.stop();
      await app.close();
      await ctx.jobs.stop();
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
