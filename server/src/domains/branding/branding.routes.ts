import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { BRANDING_SCHEMAS, BRANDING_SECTIONS, brandSchema, brandingImageAnswerSchema } from '@splashboard/contract';
import { readUpload } from '../../platform/uploads.ts';
import type { BrandingService } from './branding.service.ts';

/** The account's branding, a route pair per section: /a/api/v1/branding/{section}; the public brand: /a/api/v1/brand. */
export const brandingRoutes =
  (branding: BrandingService): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['Branding'];
    for (const section of BRANDING_SECTIONS) {
      const schema = BRANDING_SCHEMAS[section];
      app.get(`/branding/${section}`, { schema: { tags, response: { 200: schema } } }, async (r) =>
        branding.get(r.actor, section),
      );
      app.put(`/branding/${section}`, { schema: { tags, body: schema, response: { 200: schema } } }, async (r) =>
        branding.save(r.actor, section, r.body as never),
      );
    }

    app.post(
      '/branding/image',
      { schema: { tags, consumes: ['multipart/form-data'], response: { 200: brandingImageAnswerSchema } } },
      async (r) => branding.uploadImage(r.actor, () => readUpload(r)),
    );

    app.get('/brand', { config: { public: true }, schema: { tags, response: { 200: brandSchema } } }, async (r) =>
      branding.brand(r.actor, r.hostname),
    );
  };
