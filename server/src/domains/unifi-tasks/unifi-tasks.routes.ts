import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  UNIFI_TASK_KINDS,
  positiveIdParam,
  unifiTaskInputSchema,
  unifiTaskSchema,
  unifiTasksSchema,
} from '@splashboard/contract';
import type { UnifiTasksService } from './unifi-tasks.service.ts';

const site = z.object({ siteId: positiveIdParam });
const siteAndKind = site.extend({ kind: z.enum(UNIFI_TASK_KINDS) });

/** /s/{siteId}/api/v1/unifi/scheduledtasks: reboot all APs, RF scan and restart UDM Pro on a schedule. */
export const unifiTasksRoutes =
  (tasks: UnifiTasksService): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['UniFi scheduled tasks'];
    app.get('/unifi/scheduledtasks', { schema: { tags, params: site, response: { 200: unifiTasksSchema } } }, async (r) =>
      tasks.list(r.actor, r.params.siteId),
    );
    app.put(
      '/unifi/scheduledtasks/:kind',
      { schema: { tags, params: siteAndKind, body: unifiTaskInputSchema, response: { 200: unifiTaskSchema } } },
      async (r) => tasks.update(r.actor, r.params.siteId, r.params.kind, r.body),
    );
    app.post(
      '/unifi/scheduledtasks/:kind/run',
      {
        schema: {
          tags,
          params: siteAndKind,
          description: 'Queues one run now; its result shows in last_status once the controller has answered.',
          response: { 200: unifiTaskSchema },
        },
      },
      async (r) => tasks.runNow(r.actor, r.params.siteId, r.params.kind),
    );
  };
