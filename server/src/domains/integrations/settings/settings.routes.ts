import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  backfillSchema,
  deliveriesQuerySchema,
  deliveryListSchema,
  integrationDetailsSchema,
  integrationSummarySchema,
  integrationTestResultSchema,
  integrationTestSchema,
  integrationUpdateSchema,
  positiveIdParam,
  queuedResultSchema,
} from '@splashboard/contract';
import type { IntegrationSettingsService } from './settings.service.ts';

const site = z.object({ siteId: positiveIdParam });
// Any text: an unknown kind answers the service's 404 (integrations.unknownKind) once access is settled.
const siteKind = site.extend({ kind: z.string().max(40) });
const siteKindId = siteKind.extend({ id: positiveIdParam });
const tags = ['Integrations'];

/** /s/{siteId}/api/v1/integrations... (paths in the contract's integrations.ts). */
export const integrationSettingsRoutes =
  (service: IntegrationSettingsService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/integrations',
      { schema: { tags, params: site, response: { 200: z.array(integrationSummarySchema) } } },
      async (r) => service.list(r.actor, r.params.siteId),
    );
    app.get(
      '/integrations/:kind',
      { schema: { tags, params: siteKind, response: { 200: integrationDetailsSchema } } },
      async (r) => service.get(r.actor, r.params.siteId, r.params.kind),
    );
    app.put(
      '/integrations/:kind',
      { schema: { tags, params: siteKind, body: integrationUpdateSchema, response: { 200: integrationDetailsSchema } } },
      async (r) => service.update(r.actor, r.params.siteId, r.params.kind, r.body),
    );
    app.delete(
      '/integrations/:kind',
      { schema: { tags, params: siteKind, response: { 200: integrationDetailsSchema } } },
      async (r) => service.remove(r.actor, r.params.siteId, r.params.kind),
    );
    app.post(
      '/integrations/:kind/test',
      { schema: { tags, params: siteKind, body: integrationTestSchema, response: { 200: integrationTestResultSchema } } },
      async (r) => service.test(r.actor, r.params.siteId, r.params.kind, r.body.settings),
    );
    app.get(
      '/integrations/:kind/deliveries',
      { schema: { tags, params: siteKind, querystring: deliveriesQuerySchema, response: { 200: deliveryListSchema } } },
      async (r) => service.deliveries(r.actor, r.params.siteId, r.params.kind, r.query),
    );
    app.post(
      '/integrations/:kind/deliveries/resend-parked',
      { schema: { tags, params: siteKind, response: { 200: queuedResultSchema } } },
      async (r) => service.resendParked(r.actor, r.params.siteId, r.params.kind),
    );
    app.post(
      '/integrations/:kind/deliveries/:id/resend',
      { schema: { tags, params: siteKindId, response: { 200: queuedResultSchema } } },
      async (r) => service.resend(r.actor, r.params.siteId, r.params.kind, r.params.id),
    );
    app.post(
      '/integrations/:kind/backfill',
      { schema: { tags, params: siteKind, body: backfillSchema, response: { 200: queuedResultSchema } } },
      async (r) => service.backfill(r.actor, r.params.siteId, r.params.kind, r.body.since),
    );
  };
