import type { FastifyInstance } from 'fastify';
import type { IntegrationDeps } from '../deps.ts';
import { createIntegrationsRepo } from '../integrations.repo.ts';
import { drainJob, pruneJob, sweepJob } from '../jobs.ts';
import { createCollectorRepo } from './collector.repo.ts';
import { createContactsRepo } from './contacts.repo.ts';
import { createDeliveriesRepo } from './deliveries.repo.ts';
import { createDrain } from './drain.ts';
import { registerGuestChangeSteps } from './erasure.ts';

/** A drain queued and not started yet is not queued again by the poll before this. */
const KICK_AGAIN_MS = 10_000;

/** The drain of one integration, built from the platform (the jobs below and tests use it). */
export function createIntegrationDrain(deps: Pick<IntegrationDeps, 'config' | 'secrets' | 'log' | 'jobs' | 'db'>) {
  return createDrain({
    ...deps,
    collector: createCollectorRepo(deps.db),
    deliveries: createDeliveriesRepo(deps.db),
    contacts: createContactsRepo(deps.db),
    integrations: createIntegrationsRepo(deps.db),
  });
}

/**
 * Delivery of guests to the integrations' vendors: the quick poll that queues a drain for each
 * integration with work, the drain job, the sweep every minute (logins committed late), the daily
 * pruning of the log, and the steps of a guest's erasure and withdrawn consent. The login writes
 * nothing for integrations: the drain collects from the guests table.
 */
export async function registerIntegrationDelivery(_app: FastifyInstance, deps: IntegrationDeps): Promise<void> {
  const collector = createCollectorRepo(deps.db);
  const deliveries = createDeliveriesRepo(deps.db);
  const drain = createIntegrationDrain(deps);
  const kicked = new Map<number, number>();

  deps.jobs.register(drainJob, async ({ integrationId }) => {
    kicked.delete(integrationId);
    await drain(integrationId);
  });
  deps.jobs.register(sweepJob, async () => {
    for (const integrationId of await deliveries.enabledIds()) await deps.jobs.enqueue(drainJob, { integrationId });
  });
  deps.jobs.schedule(sweepJob, '* * * * *');
  deps.jobs.register(pruneJob, async () => {
    const pruned = await deliveries.prune();
    if (pruned) deps.log.info({ pruned }, 'integration deliveries older than the log keeps removed');
  });
  deps.jobs.schedule(pruneJob, '41 3 * * *');

  deps.jobs.every('integrations.poll', deps.config.integrations.pollMs, async () => {
    const now = Date.now();
    for (const integrationId of await collector.withWork()) {
      if (now - (kicked.get(integrationId) ?? 0) < KICK_AGAIN_MS) continue;
      kicked.set(integrationId, now);
      await deps.jobs.enqueue(drainJob, { integrationId });
    }
  });

  registerGuestChangeSteps(deps.guestChanges);
}
