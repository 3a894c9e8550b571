import { z } from 'zod';
import { defineJob, defineScheduledJob } from '../../platform/jobs.ts';

/** Collect the guests seen since last time and send what is due, for one integration (a worker holds it meanwhile). */
export const drainJob = defineJob('integrations.drain', z.object({ integrationId: z.number().int().positive() }), {
  // One drain waits and one runs per integration; a process drains several integrations at once.
  keyOf: ({ integrationId }) => String(integrationId),
  concurrency: 4,
});
/** Every minute: collects and drains every turned-on integration (what the quick poll would have missed). */
export const sweepJob = defineScheduledJob('integrations.sweep');
/** Daily: the delivery log keeps 30 days. */
export const pruneJob = defineScheduledJob('integrations.prune');
