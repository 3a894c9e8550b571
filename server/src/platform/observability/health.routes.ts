import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { safeEqual } from '../crypto.ts';
import type { AppContext } from '../context.ts';
import { AppError, notFound, unauthenticated } from '../errors.ts';
import { latestShippedMigration, schemaAgainstBuild } from '../../db/client.ts';
import type { ReadReplica } from '../../db/read-replica.ts';
import { createHealthRepo } from './health.repo.ts';

type Deps = Pick<AppContext, 'db' | 'readReplica' | 'jobs' | 'config' | 'log' | 'metrics' | 'rateLimiter'>;

/** Wrong metrics tokens one client address may send in a window before it is refused (429) for the rest of it. */
const TOKEN_TRIES = 10;
const TOKEN_WINDOW_SECONDS = 900;

/** How long /readyz waits for the database before calling it unreachable. */
const DB_TIMEOUT_MS = 2000;

/** The last migration this build ships, which the database must have applied (or a newer one). */
const LATEST = latestShippedMigration();

const checkSchema = z.object({ ok: z.boolean(), detail: z.string().optional() });
/** Shown, never checked: a replica down or behind leaves the node serving every read from the primary. */
const replicaSchema = z.object({
  state: z.enum(['starting', 'healthy', 'lagging', 'down']),
  reads: z.enum(['replica', 'primary']),
  lag_seconds: z.number().nullable(),
  bytes_behind: z.number().nullable(),
  detail: z.string().nullable(),
  since: z.string(),
});
const readySchema = z.object({
  status: z.enum(['ready', 'not_ready']),
  checks: z.object({ database: checkSchema, migrations: checkSchema, queue: checkSchema }),
  replica: replicaSchema.optional().describe('The read replica (DATABASE_READ_URL), when there is one.'),
});

const withTimeout = <T>(promise: Promise<T>, ms: number) =>
  Promise.race([
    promise,
    new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`no answer in ${ms} ms`)), ms).unref()),
  ]);

function replicaOf(readReplica: ReadReplica | null): { replica?: z.infer<typeof replicaSchema> } {
  if (!readReplica) return {};
  const s = readReplica.status();
  return {
    replica: {
      state: s.state,
      reads: s.reads,
      lag_seconds: s.lagSeconds,
      bytes_behind: s.bytesBehind,
      detail: s.detail,
      since: s.since.toISOString(),
    },
  };
}

const LOOPBACK = /^(127\.\d+\.\d+\.\d+|::1|::ffff:127\.\d+\.\d+\.\d+)$/;

/**
 * Without a token, /metrics answers a client on this machine that no proxy forwarded (a request through a
 * reverse proxy on the same host arrives from loopback too, but names its client in X-Forwarded-For).
 */
const isLocal = (request: FastifyRequest) =>
  LOOPBACK.test(request.socket.remoteAddress ?? '') && request.headers['x-forwarded-for'] === undefined;

/** /healthz, /readyz and /metrics: for load balancers and Prometheus, outside the API's sessions. */
export const healthRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    const repo = createHealthRepo(deps.db);
    const worker = deps.config.roles.has('worker');

    app.get(
      '/healthz',
      {
        config: { public: true, csrf: false },
        schema: { tags: ['Health'], response: { 200: z.object({ status: z.literal('ok') }) } },
      },
      async () => ({ status: 'ok' as const }),
    );

    app.get(
      '/readyz',
      { config: { public: true, csrf: false }, schema: { tags: ['Health'], response: { 200: readySchema, 503: readySchema } } },
      async (_request, reply) => {
        const database = await withTimeout(repo.ping(), DB_TIMEOUT_MS).then(
          () => ({ ok: true }),
          (err: unknown) => ({ ok: false, detail: `unreachable: ${err instanceof Error ? err.message : String(err)}` }),
        );
        const migrations = !database.ok
          ? { ok: false, detail: 'not checked: the database is unreachable' }
          : await withTimeout(repo.lastMigration(), DB_TIMEOUT_MS).then(
              (last) =>
                ({
                  current: { ok: true },
                  // A newer release's node migrated it: expand-only migrations, so this node still serves.
                  ahead: { ok: true, detail: `the database is ahead of ${LATEST.tag}, the latest migration of this build` },
                  behind: { ok: false, detail: `the database is not at ${LATEST.tag}, the latest migration of this build` },
                })[schemaAgainstBuild(last)],
              (err: unknown) => ({ ok: false, detail: `unreadable: ${err instanceof Error ? err.message : String(err)}` }),
            );
        const state = deps.jobs.state();
        const queue =
          state.started && (state.working || !worker)
            ? { ok: true }
            : { ok: false, detail: state.started ? 'started without its workers' : 'not started' };
        const checks = { database, migrations, queue };
        const replica = replicaOf(deps.readReplica);
        const failed = Object.entries(checks)
          .filter(([, c]) => !c.ok)
          .map(([name]) => name);
        if (failed.length === 0) return { status: 'ready' as const, checks, ...replica };
        deps.log.warn({ checks }, `not ready: ${failed.join(', ')}`);
        return reply.code(503).send({ status: 'not_ready' as const, checks, ...replica });
      },
    );

    app.get(
      '/metrics',
      {
        config: { public: true, csrf: false },
        schema: {
          tags: ['Health'],
          description:
            'Prometheus text format. With METRICS_TOKEN set it asks for `Authorization: Bearer <token>`; without, it answers only loopback clients.',
        },
      },
      async (request, reply) => {
        const token = deps.config.metricsToken;
        if (token) {
          // Guessing the token is rate-limited; a database that is down leaves the metrics readable.
          const key = `metrics-token:${request.ip}`;
          const noLimiter = (err: unknown) => {
            if (err instanceof AppError) throw err;
          };
          await deps.rateLimiter.assertUnder(key, TOKEN_TRIES, TOKEN_WINDOW_SECONDS).catch(noLimiter);
          const given = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1] ?? '';
          if (!safeEqual(given, token)) {
            await deps.rateLimiter.hit(key, TOKEN_WINDOW_SECONDS).catch(noLimiter);
            reply.header('www-authenticate', 'Bearer');
            throw unauthenticated();
          }
        } else if (!isLocal(request)) {
          throw notFound('common.noRoute', { method: request.method, path: request.url.split('?')[0]! });
        }
        const text = await deps.metrics.registry.metrics();
        return reply.type(deps.metrics.registry.contentType).send(text);
      },
    );
  };
