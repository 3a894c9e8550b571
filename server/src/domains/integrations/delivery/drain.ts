import { INTEGRATIONS, type IntegrationKind } from '@splashboard/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../../config.ts';
import type { SecretBox } from '../../../platform/crypto.ts';
import type { JobQueue } from '../../../platform/jobs.ts';
import { VENDOR_ADAPTERS, type VendorConnection } from '../../../adapters/integrations/index.ts';
import { connectionFor, isKind, mustStayPublic } from '../connection.ts';
import type { IntegrationsRepo } from '../integrations.repo.ts';
import { drainJob } from '../jobs.ts';
import type { CollectorRepo } from './collector.repo.ts';
import type { ContactsRepo } from './contacts.repo.ts';
import type { DeliveriesRepo } from './deliveries.repo.ts';
import { createBatchSender } from './send-batch.ts';

/** How long one drain sends before it hands over to a new job (other integrations get their turn). */
export const DRAIN_BUDGET_MS = 20_000;

export interface DrainDeps {
  config: Config;
  secrets: SecretBox;
  log: FastifyBaseLogger;
  jobs: Pick<JobQueue, 'enqueue'>;
  collector: CollectorRepo;
  deliveries: DeliveriesRepo;
  contacts: ContactsRepo;
  integrations: IntegrationsRepo;
}

const ONLY_WHEN_OFF = ['erase', 'unsubscribe'] as const;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * One integration's drain: holds it (a lease, so that no two drains send the same guest), collects its
 * new guests, sends what is due in the adapter's batches at the vendor's pace and records the outcomes,
 * until nothing is due, the vendor asked to wait, or its time is up (then a new drain is queued).
 */
export function createDrain(deps: DrainDeps) {
  const { collector, deliveries, log } = deps;

  return async function drain(integrationId: number): Promise<void> {
    let row = await deliveries.lease(integrationId);
    if (!row) return;
    const started = Date.now();
    let unfinished = false;
    try {
      if (!isKind(row.kind)) return;
      const adapter = VENDOR_ADAPTERS[row.kind];
      if (!adapter) {
        log.warn({ integration: row.id, kind: row.kind }, 'no adapter for this integration: nothing is sent');
        return;
      }
      const descriptor = INTEGRATIONS[row.kind];
      const consentAction = descriptor.transport === 'webhook' || descriptor.transport === 'teams' ? 'login' : 'upsert';
      await deliveries.recoverOrphans(row.id);
      if (row.enabled) await collector.collect(row.id, consentAction, descriptor.unsubscribes);

      let conn: VendorConnection | undefined;
      const gap = 1000 / Math.max(adapter.callsPerSecond, 0.01);
      let nextCallAt = 0;
      let renewedAt = Date.now();
      const pace = async () => {
        const wait = nextCallAt - Date.now();
        if (wait > 0) await sleep(wait);
        nextCallAt = Date.now() + gap;
        // A batch of slow calls keeps the lease (it lasts LEASE_SECONDS).
        if (Date.now() - renewedAt > 15_000) {
          await deliveries.renew(integrationId);
          renewedAt = Date.now();
        }
      };

      while (row && !deliveries.isPaused(row)) {
        if (Date.now() - started > DRAIN_BUDGET_MS) {
          unfinished = true;
          break;
        }
        // Turned off: nothing new goes, but a guest erased or unsubscribed here still is there.
        const batch = await deliveries.claim(row.id, adapter.batchSize, row.enabled ? undefined : ONLY_WHEN_OFF);
        if (!batch.length) {
          // Guests who logged in while this drain was sending are collected before it lets go.
          if (!row.enabled || !(await collector.collect(row.id, consentAction, descriptor.unsubscribes))) break;
          continue;
        }
        const current = row;
        const send = createBatchSender(deps, {
          row: current,
          adapter,
          pace,
          publicOnly: mustStayPublic(deps.config, current.kind as IntegrationKind),
          conn: async () => (conn ??= await connectionFor({ ...deps, repo: deps.integrations }, current)),
        });
        await send(batch);
        row = await deliveries.renew(row.id);
        renewedAt = Date.now();
      }
    } finally {
      await deliveries.release(integrationId);
    }
    if (unfinished) await deps.jobs.enqueue(drainJob, { integrationId });
  };
}
export type Drain = ReturnType<typeof createDrain>;
