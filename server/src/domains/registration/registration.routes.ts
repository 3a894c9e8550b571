import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  emailVerifyBodySchema,
  profileSchema,
  registrationBodySchema,
  tokenBodySchema,
  tokenValidateResponseSchema,
} from '@splashboard/contract';
import type { AppContext } from '../../platform/context.ts';
import { clientMeta, setSessionCookies } from '../../platform/http.ts';
import type { RegistrationService } from './registration.service.ts';

const tags = ['Registration'];
const sessionAnswer = z.object({ user: profileSchema.nullable(), csrf_token: z.string(), error: z.string().nullable() });

export const registrationRoutes =
  (ctx: Pick<AppContext, 'config'>, registration: RegistrationService): FastifyPluginAsyncZod =>
  async (app) => {
    const open = { public: true, csrf: false as const };

    app.post(
      '/registration/',
      { config: open, schema: { tags, body: registrationBodySchema, response: { 200: sessionAnswer } } },
      async (request, reply) => {
        const result = await registration.register(request.body, clientMeta(request));
        setSessionCookies(reply, ctx.config, result.session);
        return result.body;
      },
    );

    app.post(
      '/registration/email/verify',
      {
        config: open,
        schema: {
          tags,
          body: emailVerifyBodySchema,
          response: { 200: z.object({ status: z.literal(200), message: z.string() }) },
        },
      },
      async (request) => registration.requestVerification(request.body, request.actor, clientMeta(request)),
    );

    app.post(
      '/registration/email/resend',
      {
        config: open,
        schema: {
          tags,
          description:
            "Sends a new verification link to the address an expired or used link was for (the link's token). The same answer whatever the token; rate limited (429 with Retry-After).",
          body: tokenBodySchema,
          response: { 200: z.object({ status: z.literal(200), message: z.string() }) },
        },
      },
      async (request) => registration.resendVerification(request.body.token, clientMeta(request)),
    );

    app.post(
      '/registration/token/validate',
      { config: open, schema: { tags, body: tokenBodySchema, response: { 200: tokenValidateResponseSchema } } },
      async (request) => registration.validateToken(request.body.token, clientMeta(request)),
    );

    app.post(
      '/registration/activate',
      {
        config: open,
        schema: { tags, body: tokenBodySchema, response: { 200: sessionAnswer.extend({ verified: z.boolean() }) } },
      },
      async (request, reply) => {
        const result = await registration.activate(request.body.token, clientMeta(request));
        if (result.session) setSessionCookies(reply, ctx.config, result.session);
        return result.body;
      },
    );
  };
