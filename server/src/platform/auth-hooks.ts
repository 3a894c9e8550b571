import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError, unauthenticated } from './errors.ts';
import { safeEqual } from './crypto.ts';
import type { Actor } from './access.ts';
import type { SessionStore } from './sessions.ts';
import { SESSION_COOKIE, XSRF_HEADER } from './http.ts';

declare module 'fastify' {
  interface FastifyRequest {
    actor: Actor | null;
  }
  interface FastifyContextConfig {
    /** Reachable without signing in. */
    public?: boolean;
    /** Skip the XSRF check (routes that start a session rather than use one). */
    csrf?: false;
  }
}

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
export const API_KEY_PREFIX = 'sbk_';
const PUBLIC_PREFIXES = ['/api/docs', '/uploads/', '/newapp'];

function apiKeyOf(request: FastifyRequest): string | null {
  const header = request.headers['x-api-key'];
  if (typeof header === 'string' && header) return header;
  const auth = request.headers.authorization;
  if (auth?.startsWith('Bearer ') && auth.slice(7).startsWith(API_KEY_PREFIX)) return auth.slice(7);
  return null;
}

/**
 * Resolves who is asking (session cookie or API key) before anything else runs, answers 401 on
 * non-public routes without one, and checks the XSRF token on state-changing cookie requests.
 */
export function installAuthHooks(app: FastifyInstance, sessions: SessionStore) {
  app.decorateRequest('actor', null);

  // Routes added by plugins (API docs, uploaded images, the dashboard's files) are public.
  app.addHook('onRoute', (route) => {
    if (PUBLIC_PREFIXES.some((p) => route.url.startsWith(p))) route.config = { ...route.config, public: true };
  });

  // Callback hooks: they run on every request, guest pages included, and most requests need no await.
  app.addHook('onRequest', (request, _reply, done) => {
    const key = apiKeyOf(request);
    const token = key ? undefined : request.cookies[SESSION_COOKIE];
    if (!key && !token) return done(missingActor(request));
    const resolving = key ? sessions.resolveApiKey(key) : sessions.resolve(token!);
    resolving.then((actor) => {
      request.actor = actor;
      if (key && !actor) return done(new AppError(401, 'common.invalidApiKey'));
      done(missingActor(request));
    }, done);
  });

  app.addHook('preValidation', (request, _reply, done) => {
    const actor = request.actor;
    if (!actor || actor.via !== 'session' || !STATE_CHANGING.has(request.method)) return done();
    if (request.routeOptions.config.csrf === false) return done();
    const header = request.headers[XSRF_HEADER];
    const fromBody = (request.body as { csrf_token?: unknown } | undefined)?.csrf_token;
    const given = typeof header === 'string' ? header : typeof fromBody === 'string' ? fromBody : '';
    done(!given || !safeEqual(given, actor.csrfToken ?? '') ? new AppError(403, 'common.csrf') : undefined);
  });
}

/** 401 for a route that is not public when nobody is signed in. */
function missingActor(request: FastifyRequest): Error | undefined {
  const config = request.routeOptions.config;
  return !request.actor && !config.public && request.routeOptions.url ? unauthenticated() : undefined;
}
