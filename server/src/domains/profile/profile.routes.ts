import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiKeySchema, passwordChangeBodySchema, profileSchema, profileUpdateSchema } from '@splashboard/contract';
import type { ProfileService } from './profile.service.ts';

const tags = ['Profile'];

export const profileRoutes =
  (profiles: ProfileService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get('/profile/', { schema: { tags, response: { 200: profileSchema } } }, async (request) =>
      profiles.getProfile(request.actor),
    );

    app.post(
      '/profile/',
      { schema: { tags, body: profileUpdateSchema, response: { 200: z.object({ data: profileSchema }) } } },
      async (request) => ({
        data: await profiles.updateProfile(request.actor, request.body),
      }),
    );

    app.post(
      '/profile/password',
      {
        schema: {
          tags,
          body: passwordChangeBodySchema,
          response: { 200: z.object({ status: z.literal(200), message: z.string() }) },
        },
      },
      async (request) => profiles.changePassword(request.actor, request.body),
    );

    app.get('/profile/apikey', { schema: { tags, response: { 200: apiKeySchema } } }, async (request) =>
      profiles.getApiKey(request.actor),
    );

    app.post('/profile/apikey/reset', { schema: { tags, response: { 200: apiKeySchema } } }, async (request) =>
      profiles.resetApiKey(request.actor),
    );
  };
