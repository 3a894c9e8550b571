import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  apiErrorSchema,
  googleCallbackBodySchema,
  googleCallbackResponseSchema,
  googleStartQuerySchema,
} from '@splashboard/contract';
import type { AppContext } from '../../../platform/context.ts';
import { AppError } from '../../../platform/errors.ts';
import { clientMeta, setSessionCookies } from '../../../platform/http.ts';
import type { GoogleService } from './google.service.ts';

/** The browser's half of a started sign-in: the state, which must come back with Google's answer. */
export const GOOGLE_STATE_COOKIE = 'sb_google_state';
const tags = ['Authentication'];

/**
 * GET /google/start (the "Sign in with Google" button's link): 302 to Google. POST /google/callback: what
 * Google sent back to /newapp/google, as that page posts it; answers as POST /login does.
 */
export const googleRoutes =
  (ctx: Pick<AppContext, 'config'>, google: GoogleService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/google/start',
      {
        config: { public: true },
        schema: { tags, querystring: googleStartQuerySchema, response: { 404: apiErrorSchema, 429: apiErrorSchema } },
      },
      async (request, reply) => {
        let started;
        try {
          started = await google.start(request.query, clientMeta(request));
        } catch (e) {
          // A navigation, not a call: the dashboard's Google page tells the user Google cannot be reached.
          if (e instanceof AppError && e.code === 'google.providerUnreachable')
            return reply.redirect(`${ctx.config.publicUrl}/newapp/google?failure=providerUnreachable`, 302);
          throw e;
        }
        reply.setCookie(GOOGLE_STATE_COOKIE, started.state, {
          path: '/',
          httpOnly: true,
          sameSite: 'lax',
          secure: ctx.config.cookieSecure,
          maxAge: started.maxAgeSeconds,
        });
        return reply.redirect(started.url, 302);
      },
    );

    app.post(
      '/google/callback',
      {
        config: { public: true, csrf: false },
        schema: {
          tags,
          body: googleCallbackBodySchema,
          response: { 200: googleCallbackResponseSchema, 404: apiErrorSchema, 422: apiErrorSchema, 429: apiErrorSchema },
        },
      },
      async (request, reply) => {
        const browserState = request.cookies[GOOGLE_STATE_COOKIE];
        // Good once, whatever the outcome.
        reply.clearCookie(GOOGLE_STATE_COOKIE, { path: '/' });
        const result = await google.callback(request.body, browserState, clientMeta(request), request.actor);
        if (result.kind === 'session') setSessionCookies(reply, ctx.config, result.session);
        return result.body;
      },
    );
  };
