import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  okSchema,
  packageCreateSchema,
  packageListSchema,
  packageOrderSchema,
  packageSchema,
  packageUpdateSchema,
  positiveIdParam,
} from '@splashboard/contract';
import { AppError } from '../../../platform/errors.ts';
import type { PackagesService } from './packages.service.ts';

const site = z.object({ siteId: positiveIdParam });
const siteAndId = site.extend({ id: positiveIdParam });
const tags = ['Payment packages'];
const base = '/paymentloginconfig';

/** /s/{siteId}/api/v1/paymentloginconfig/packages and package/{id}: the packages guests buy. */
export const packagesRoutes =
  (packages: PackagesService): FastifyPluginAsyncZod =>
  async (app) => {
    // The packages page shows 'Failed to load packages' when its list fails: a failure of ours (the
    // database) answers that, logged with the request's id; access and validation answer as everywhere.
    const listOf = (status: 'active' | 'archived') =>
      app.get(
        status === 'active' ? `${base}/packages` : `${base}/packages/archived`,
        { schema: { tags, params: site, response: { 200: packageListSchema } } },
        async (r) => {
          try {
            return await packages.list(r.actor, r.params.siteId, status);
          } catch (e) {
            if (e instanceof AppError) throw e;
            r.log.error({ err: e, reqId: r.id }, 'packages: the list failed');
            throw new AppError(500, 'payments.failedToLoadPackages');
          }
        },
      );
    listOf('active');
    listOf('archived');

    app.post(
      `${base}/packages`,
      { schema: { tags, params: site, body: packageCreateSchema, response: { 200: packageSchema } } },
      async (r) => packages.create(r.actor, r.params.siteId, r.body),
    );
    app.post(
      `${base}/packages/order`,
      { schema: { tags, params: site, body: packageOrderSchema, response: { 200: packageListSchema } } },
      async (r) => packages.reorder(r.actor, r.params.siteId, r.body.display_order),
    );
    app.get(`${base}/package/:id`, { schema: { tags, params: siteAndId, response: { 200: packageSchema } } }, async (r) =>
      packages.get(r.actor, r.params.siteId, r.params.id),
    );
    app.put(
      `${base}/package/:id`,
      { schema: { tags, params: siteAndId, body: packageUpdateSchema, response: { 200: packageSchema } } },
      async (r) => packages.update(r.actor, r.params.siteId, r.params.id, r.body),
    );
    app.delete(`${base}/package/:id`, { schema: { tags, params: siteAndId, response: { 200: okSchema } } }, async (r) =>
      packages.remove(r.actor, r.params.siteId, r.params.id),
    );
  };
