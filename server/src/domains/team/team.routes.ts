import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminDetailsSchema,
  adminInviteSchema,
  adminListSchema,
  adminSchema,
  adminUpdateSchema,
  apiErrorSchema,
  clientDetailsSchema,
  clientInviteSchema,
  clientListSchema,
  clientSchema,
  clientUpdateSchema,
  invitationAcceptSchema,
  invitationSchema,
  loginResponseSchema,
  okSchema,
  positiveIdParam,
  siteClientAccessInputSchema,
  siteClientAccessSchema,
} from '@splashboard/contract';
import type { AppContext } from '../../platform/context.ts';
import { clientMeta, setSessionCookies } from '../../platform/http.ts';
import type { TeamService } from './team.service.ts';

const idParam = z.object({ id: positiveIdParam });
const tokenParam = z.object({ token: z.string().min(1).max(200) });
const errors = { 403: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema, 422: apiErrorSchema };

/** Admins, clients and invitations: /a/api/v1/admins/, /clients/, /invitation/{token}. */
export const teamAccountRoutes =
  (ctx: Pick<AppContext, 'config'>, team: TeamService): FastifyPluginAsyncZod =>
  async (app) => {
    const adminTags = ['Admins'];
    app.get('/admins/', { schema: { tags: adminTags, response: { 200: adminListSchema } } }, async (r) =>
      team.listAdmins(r.actor),
    );
    app.post(
      '/admins/',
      { schema: { tags: adminTags, body: adminInviteSchema, response: { 200: adminSchema, ...errors } } },
      async (r) => team.inviteAdmin(r.actor, r.body),
    );
    app.get(
      '/admins/:id',
      { schema: { tags: adminTags, params: idParam, response: { 200: adminDetailsSchema, ...errors } } },
      async (r) => team.getAdmin(r.actor, r.params.id),
    );
    app.put(
      '/admins/:id',
      { schema: { tags: adminTags, params: idParam, body: adminUpdateSchema, response: { 200: adminDetailsSchema, ...errors } } },
      async (r) => team.updateAdmin(r.actor, r.params.id, r.body),
    );
    app.delete(
      '/admins/:id',
      { schema: { tags: adminTags, params: idParam, response: { 200: okSchema, ...errors } } },
      async (r) => team.removeAdmin(r.actor, r.params.id),
    );
    app.post(
      '/admins/:id/resend',
      { schema: { tags: adminTags, params: idParam, response: { 200: adminSchema, ...errors } } },
      async (r) => team.resendAdmin(r.actor, r.params.id),
    );

    const clientTags = ['Clients'];
    app.get('/clients/', { schema: { tags: clientTags, response: { 200: clientListSchema } } }, async (r) =>
      team.listClients(r.actor),
    );
    app.post(
      '/clients/',
      { schema: { tags: clientTags, body: clientInviteSchema, response: { 200: clientSchema, ...errors } } },
      async (r) => team.inviteClient(r.actor, r.body),
    );
    app.get(
      '/clients/:id',
      { schema: { tags: clientTags, params: idParam, response: { 200: clientDetailsSchema, ...errors } } },
      async (r) => team.getClient(r.actor, r.params.id),
    );
    app.put(
      '/clients/:id',
      {
        schema: {
          tags: clientTags,
          params: idParam,
          body: clientUpdateSchema,
          response: { 200: clientDetailsSchema, ...errors },
        },
      },
      async (r) => team.updateClient(r.actor, r.params.id, r.body),
    );
    app.delete(
      '/clients/:id',
      { schema: { tags: clientTags, params: idParam, response: { 200: okSchema, ...errors } } },
      async (r) => team.removeClient(r.actor, r.params.id),
    );
    app.post(
      '/clients/:id/resend',
      { schema: { tags: clientTags, params: idParam, response: { 200: clientSchema, ...errors } } },
      async (r) => team.resendClient(r.actor, r.params.id),
    );

    const inviteTags = ['Invitations'];
    const inviteErrors = { 404: apiErrorSchema, 410: apiErrorSchema, 422: apiErrorSchema, 429: apiErrorSchema };
    app.get(
      '/invitation/:token',
      {
        config: { public: true },
        schema: { tags: inviteTags, params: tokenParam, response: { 200: invitationSchema, ...inviteErrors } },
      },
      async (r) => team.invitation(r.params.token, clientMeta(r)),
    );
    app.post(
      '/invitation/:token',
      {
        // It starts a session rather than use one, as POST /login does.
        config: { public: true, csrf: false },
        schema: {
          tags: inviteTags,
          params: tokenParam,
          body: invitationAcceptSchema,
          response: { 200: loginResponseSchema, ...inviteErrors },
        },
      },
      async (r, reply) => {
        const result = await team.accept(r.params.token, r.body, clientMeta(r), r.actor);
        setSessionCookies(reply, ctx.config, result.session);
        return result.body;
      },
    );
  };

const site = z.object({ siteId: positiveIdParam });

/** One site's clients and their levels there: /s/{siteId}/api/v1/clientaccess/. */
export const teamSiteRoutes =
  (team: TeamService): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['Client access'];
    app.get('/clientaccess/', { schema: { tags, params: site, response: { 200: siteClientAccessSchema } } }, async (r) =>
      team.siteClientAccess(r.actor, r.params.siteId),
    );
    app.put(
      '/clientaccess/:clientId',
      {
        schema: {
          tags,
          params: site.extend({ clientId: positiveIdParam }),
          body: siteClientAccessInputSchema,
          response: { 200: siteClientAccessSchema, ...errors },
        },
      },
      async (r) => team.setSiteClientAccess(r.actor, r.params.siteId, r.params.clientId, r.body),
    );
  };
