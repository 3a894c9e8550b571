import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  fileLinkSchema,
  guestFieldSchema,
  idParam,
  positiveIdParam,
  redirectUrlSchema,
  siteCreateSchema,
  siteGeneralSchema,
  siteSchema,
  siteUpdateSchema,
} from '@splashboard/contract';
import { readUpload } from '../../platform/uploads.ts';
import type { SitesService } from './sites.service.ts';

const tags = ['Sites'];
const siteIdParams = z.object({ id: positiveIdParam });
const ok = z.object({ status: z.literal(200), message: z.string() });

export const sitesRoutes =
  (sitesService: SitesService): FastifyPluginAsyncZod =>
  async (app) => {
    // `/site/:id` names a site: another account's answers 404 before its body is looked at (installSiteGuard).
    app.addHook('onRoute', (route) => {
      if (route.url.includes('/site/:id')) route.config = { ...route.config, siteParam: 'id' };
    });

    app.post('/site/', { schema: { tags, body: siteCreateSchema, response: { 200: siteSchema } } }, async (request) =>
      sitesService.create(request.actor, request.body),
    );

    app.post(
      '/site/landingfile',
      { schema: { tags, consumes: ['multipart/form-data'], response: { 200: fileLinkSchema } } },
      async (request) => sitesService.uploadLandingFile(request.actor, () => readUpload(request)),
    );

    app.get(
      '/site/:id',
      { schema: { tags, params: z.object({ id: idParam }), response: { 200: siteSchema } } },
      async (request) => sitesService.get(request.actor, request.params.id),
    );

    app.put(
      '/site/:id',
      { schema: { tags, params: siteIdParams, body: siteUpdateSchema, response: { 200: siteSchema } } },
      async (request) => sitesService.update(request.actor, request.params.id, request.body),
    );

    app.delete('/site/:id', { schema: { tags, params: siteIdParams, response: { 200: ok } } }, async (request) =>
      sitesService.remove(request.actor, request.params.id, request.log),
    );

    app.get(
      '/site/:id/redirecturl',
      { schema: { tags, params: siteIdParams, response: { 200: redirectUrlSchema } } },
      async (request) => sitesService.getRedirectUrl(request.actor, request.params.id),
    );

    app.put(
      '/site/:id/redirecturl',
      { schema: { tags, params: siteIdParams, body: redirectUrlSchema, response: { 200: redirectUrlSchema } } },
      async (request) => sitesService.setRedirectUrl(request.actor, request.params.id, request.body.redirect_url),
    );

    app.get(
      '/site/:id/general',
      { schema: { tags, params: siteIdParams, response: { 200: siteGeneralSchema } } },
      async (request) => sitesService.getGeneral(request.actor, request.params.id),
    );

    app.put(
      '/site/:id/general',
      { schema: { tags, params: siteIdParams, body: siteGeneralSchema, response: { 200: siteGeneralSchema } } },
      async (request) => sitesService.setGeneral(request.actor, request.params.id, request.body),
    );

    app.get(
      '/site/:id/guestfields',
      { schema: { tags, params: siteIdParams, response: { 200: z.object({ fields: z.array(guestFieldSchema) }) } } },
      async (request) => ({ fields: await sitesService.guestFields(request.actor, request.params.id) }),
    );
  };
