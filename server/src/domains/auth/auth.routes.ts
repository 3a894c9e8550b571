import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  apiErrorSchema,
  loginBodySchema,
  loginResponseSchema,
  okSchema,
  passwordForgotBodySchema,
  passwordResetBodySchema,
  passwordResetResponseSchema,
  recoveryCodesBodySchema,
  recoveryCodesSchema,
  tfSetupBodySchema,
  tfSetupStatusSchema,
  tfValidateBodySchema,
  tfValidateResponseSchema,
} from '@splashboard/contract';
import type { AppContext } from '../../platform/context.ts';
import { forbidden } from '../../platform/errors.ts';
import { clearSessionCookies, clientMeta, fromAnotherOrigin, setSessionCookies } from '../../platform/http.ts';
import type { createAuthService } from './auth.service.ts';

type AuthService = ReturnType<typeof createAuthService>;
const tags = ['Authentication'];

export const authRoutes =
  (ctx: Pick<AppContext, 'config'>, auth: AuthService): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/login',
      {
        config: { public: true, csrf: false },
        schema: { tags, body: loginBodySchema, response: { 200: loginResponseSchema, 401: apiErrorSchema, 429: apiErrorSchema } },
      },
      async (request, reply) => {
        const result = await auth.login(request.body, clientMeta(request), request.actor);
        if (result.kind === 'session') setSessionCookies(reply, ctx.config, result.session);
        return result.body;
      },
    );

    app.post(
      '/tf-validate',
      {
        config: { public: true, csrf: false },
        schema: { tags, body: tfValidateBodySchema, response: { 200: tfValidateResponseSchema, 422: apiErrorSchema } },
      },
      async (request, reply) => {
        const result = await auth.validateTwoFactor(request.body, clientMeta(request), request.actor);
        setSessionCookies(reply, ctx.config, result.session);
        return result.body;
      },
    );

    app.post(
      '/password/forgot',
      {
        config: { public: true, csrf: false },
        schema: { tags, body: passwordForgotBodySchema, response: { 200: okSchema, 429: apiErrorSchema } },
      },
      async (request) => auth.forgotPassword(request.body, clientMeta(request)),
    );

    app.post(
      '/password/reset',
      {
        config: { public: true, csrf: false },
        schema: { tags, body: passwordResetBodySchema, response: { 200: passwordResetResponseSchema, 422: apiErrorSchema } },
      },
      async (request, reply) => {
        const result = await auth.resetPassword(request.body, clientMeta(request));
        if (result.session) setSessionCookies(reply, ctx.config, result.session);
        else clearSessionCookies(reply);
        return result.body;
      },
    );

    app.post(
      '/tf-recovery-codes',
      { schema: { tags, body: recoveryCodesBodySchema, response: { 200: recoveryCodesSchema } } },
      async (request) => auth.regenerateRecoveryCodes(request.actor, request.body),
    );

    app.get(
      '/logout',
      {
        config: { public: true },
        schema: { tags, response: { 200: z.object({ status: z.literal(200), message: z.string() }) } },
      },
      async (request, reply) => {
        // A GET the dashboard calls: a link on another site must not sign the user out (SameSite=Lax cookies
        // travel with a top-level navigation).
        if (fromAnotherOrigin(request, ctx.config.publicUrl)) throw forbidden('common.crossSite');
        await auth.logout(request.actor);
        clearSessionCookies(reply);
        return { status: 200 as const, message: 'Signed out' };
      },
    );

    app.get('/tf-setup', { schema: { tags, response: { 200: tfSetupStatusSchema } } }, async (request) =>
      auth.twoFactorStatus(request.actor),
    );

    app.post(
      '/tf-setup',
      { schema: { tags, body: tfSetupBodySchema, response: { 200: tfSetupStatusSchema } } },
      async (request) => auth.setupTwoFactor(request.actor, request.body),
    );
  };
