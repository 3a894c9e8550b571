import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { customDomainInputSchema, customDomainSchema } from '@splashboard/contract';
import { forbidden, notFound } from '../../platform/errors.ts';
import type { CustomDomainService } from './custom-domain.service.ts';
import { TOKEN_PATH_PREFIX } from './domain-check.ts';

/** The account's white-label domain: /a/api/v1/branding/domain. */
export const customDomainRoutes =
  (domains: CustomDomainService): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['White-label domain'];
    const response = { 200: customDomainSchema };
    app.get('/branding/domain', { schema: { tags, response } }, async (r) => domains.get(r.actor));
    app.put('/branding/domain', { schema: { tags, body: customDomainInputSchema, response } }, async (r) =>
      domains.put(r.actor, r.body),
    );
    app.delete('/branding/domain', { schema: { tags, response } }, async (r) => domains.remove(r.actor));
    app.post('/branding/domain/check', { schema: { tags, response } }, async (r) => domains.checkNow(r.actor));
  };

const LOOPBACK = /^(127\.|::1$|::ffff:127\.)/;

/**
 * What the web server in front (Caddy) and the domain check reach on any host: the token path, and the
 * on-demand TLS `ask` (only from loopback or the addresses allowed, and never for a request Caddy forwarded
 * from outside, so that nobody can list the customers' domains through it).
 */
export const customDomainHostRoutes =
  (domains: CustomDomainService, askFrom: string[]): FastifyPluginAsyncZod =>
  async (app) => {
    const open = { public: true, csrf: false as const };
    app.get(
      `${TOKEN_PATH_PREFIX}:token`,
      { config: open, schema: { hide: true, params: z.object({ token: z.string().max(100) }) } },
      async (r, reply) => {
        const token = await domains.tokenFor(r.hostname.toLowerCase(), r.params.token);
        if (!token) throw notFound();
        return reply.type('text/plain; charset=utf-8').header('cache-control', 'no-store').send(token);
      },
    );
    app.get(
      '/internal/tls/ask',
      { config: open, schema: { hide: true, querystring: z.object({ domain: z.string().max(300).default('') }) } },
      async (r, reply) => {
        const peer = r.socket.remoteAddress ?? '';
        const forwarded = r.headers['x-forwarded-for'] !== undefined || r.headers.forwarded !== undefined;
        if (forwarded || !(LOOPBACK.test(peer) || askFrom.includes(peer.replace(/^::ffff:/, '')))) throw forbidden();
        const allowed = r.query.domain !== '' && (await domains.certificateAllowed(r.query.domain.toLowerCase()));
        return reply
          .code(allowed ? 200 : 404)
          .type('text/plain; charset=utf-8')
          .send(allowed ? 'yes' : 'no');
      },
    );
  };
