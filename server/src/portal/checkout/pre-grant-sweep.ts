import type Stripe from 'stripe';
import { ControllerError, isRadiusGatewayType } from '../../adapters/controllers/index.ts';
import { sendDisconnect } from '../../adapters/radius/disconnect.ts';
import type { TransactionRow } from '../../domains/payments/ledger.repo.ts';
import type { PaymentsWebhook } from '../../domains/payments/payments-webhook.ts';
import { createNasClientsRepo } from '../../domains/routers/nas-clients.repo.ts';
import { defineScheduledJob, type JobQueue } from '../../platform/jobs.ts';
import type { PortalDeps } from '../deps.ts';
import { preGrantRepoOf, upgradePreGrant } from './pre-grant.ts';

/** Ends the pre-grants whose time is up unpaid (every minute, and when a test queues it). */
export const PRE_GRANT_SWEEP_JOB = defineScheduledJob('payments-pre-grant-sweep');

/**
 * A RADIUS gateway's device is let out by a Disconnect-Message (RFC 5176) to the site's gateways, naming
 * the session's one-time user name and the device; the Session-Timeout of the short grant ends it anyway.
 */
async function disconnectRadius(deps: PortalDeps, siteId: number, mac: string, sessionId: number | null) {
  const session = sessionId ? await deps.guestSessions.byId(sessionId) : undefined;
  const nas = await createNasClientsRepo(deps.db).ofSite(siteId);
  for (const client of nas) {
    const result = await sendDisconnect(
      { host: client.ipAddress, port: deps.config.radius.disconnectPort, secret: deps.secrets.open(client.secretEnc) },
      { userName: session?.radiusUsername ?? undefined, callingStationId: mac.toUpperCase().replace(/:/g, '-') },
      { attempts: 2, timeoutMs: 1500 },
    );
    deps.log.info({ siteId, nas: client.ipAddress, result: result.result }, 'pre-grant: disconnect sent for an unpaid device');
  }
}

/** Lets the device of an unpaid pre-grant out at the site's controller (or its RADIUS gateways). */
async function letOut(deps: PortalDeps, row: TransactionRow) {
  if (!row.mac) return;
  const snap = await deps.snapshots.byId(row.siteId);
  if (!snap) return;
  if (isRadiusGatewayType(snap.site.routerType)) return disconnectRadius(deps, row.siteId, row.mac, row.preGrantSessionId);
  const adapter = await deps.controllers.adapterFor(snap.site.id, snap.site.routerType);
  if (!adapter) return;
  try {
    await adapter.revokeAccess(row.mac);
  } catch (err) {
    // openNDS and the like cannot be told: the grant's own time limit lets the device out.
    if (!(err instanceof ControllerError) || err.code !== 'unsupported')
      deps.log.warn({ err, siteId: row.siteId }, 'pre-grant: the controller did not end an unpaid device');
  }
}

/**
 * One pre-grant whose time is up: a payment that arrived meanwhile is settled (and upgraded) instead;
 * otherwise the intent is canceled first (Stripe refuses once the guest paid, so a payment racing the sweep
 * is never lost), then the transaction, and the device is let out.
 */
async function endUnpaid(deps: PortalDeps, row: TransactionRow) {
  const site = await deps.payments.siteStripe.forSite(row.siteId);
  if (site && row.stripePaymentIntentId) {
    let intent: Stripe.PaymentIntent = await site.stripe.paymentIntents.retrieve(
      row.stripePaymentIntentId,
      {},
      site.requestOptions,
    );
    if (intent.status === 'succeeded') {
      const paid = await deps.checkout.succeedPayment(intent);
      if (paid) await upgradePreGrant(deps, paid, { browser: false });
      return;
    }
    // Stripe is still at it: its webhook says how it ends, the next sweep looks again.
    if (intent.status === 'processing') return;
    if (intent.status !== 'canceled')
      intent = await site.stripe.paymentIntents.cancel(
        intent.id,
        { cancellation_reason: 'abandoned' },
        { ...site.requestOptions, idempotencyKey: `pre-grant-cancel-${row.id}` },
      );
  }
  const canceled = await deps.db.transaction(async (tx) => {
    const locked = await deps.payments.ledger.lockTransaction(row.id, tx);
    if (!locked || locked.status !== 'pending') return false;
    await deps.payments.ledger.updateTransaction(
      row.id,
      { status: 'canceled', failureMessage: 'No payment arrived before the pre-payment grant ended' },
      tx,
    );
    return true;
  });
  if (!canceled) return;
  await letOut(deps, row);
  if (row.preGrantSessionId) await deps.guestSessions.end(row.preGrantSessionId, 'pre_grant_unpaid');
}

/**
 * The pre-grants' worker: the sweep of unpaid ones (a job every minute), and Stripe's word that a payment
 * succeeded, which upgrades a device on its pre-grant to the package at once where the controller can.
 */
export function watchPreGrants(deps: PortalDeps, jobs: JobQueue, webhook: PaymentsWebhook) {
  jobs.register(PRE_GRANT_SWEEP_JOB, async () => {
    for (const row of await preGrantRepoOf(deps).dueUnpaid(new Date()))
      await endUnpaid(deps, row).catch((err: unknown) =>
        deps.log.error(
          { err, transactionId: row.id },
          'pre-grant: an unpaid grant could not be ended; the next sweep tries again',
        ),
      );
  });
  jobs.schedule(PRE_GRANT_SWEEP_JOB, '* * * * *');
  // After the checkout's own handler (registered first): the transaction is already settled.
  webhook.on(['payment_intent.succeeded'], async (event, connection) => {
    const intent = event.data.object as Stripe.PaymentIntent;
    if (intent.metadata?.site_id !== String(connection.siteId)) return;
    const row = await deps.checkout.repo.transactionOfIntent(connection.siteId, intent.id);
    if (row) await upgradePreGrant(deps, row, { browser: false });
  });
}
