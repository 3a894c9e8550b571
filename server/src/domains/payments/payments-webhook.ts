import Stripe from 'stripe';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import type { PaymentConnectionRow, PaymentConnectionsRepo } from './payment-connections.repo.ts';
import type { PaymentEventsRepo } from './payment-events.repo.ts';

/**
 * What one part of payments does with an event of a site's Stripe account (the checkout with
 * payment_intent.*, the connection with account.updated, refunds with charge.refunded...). A handler must be
 * idempotent: two deliveries of one event can race (the event is recorded as applied after its handlers
 * ran, so a failure makes Stripe send it again).
 */
export type PaymentEventHandler = (
  event: Stripe.Event,
  connection: PaymentConnectionRow,
  log: FastifyBaseLogger,
) => Promise<void>;

type Deps = Pick<AppContext, 'config' | 'secrets' | 'log'> & {
  connections: PaymentConnectionsRepo;
  events: PaymentEventsRepo;
};

/**
 * The events of the operators' Stripe accounts, on two endpoints:
 * - POST /webhooks/stripe/connect: Connect's endpoint, events of every connected account (event.account),
 *   signed with STRIPE_CONNECT_WEBHOOK_SECRET (or STRIPE_WEBHOOK_SECRET);
 * - POST /webhooks/stripe/payments/{connectionId}: the endpoint our server made on an operator's own account
 *   when their keys were pasted, signed with the secret Stripe gave for it (stored sealed).
 */
export function createPaymentsWebhook(deps: Deps) {
  const handlers = new Map<string, PaymentEventHandler[]>();
  // constructEvent needs no key: any client checks signatures the same way.
  const verifier = new Stripe('sk_unused', { telemetry: false });

  function verify(raw: Buffer, signature: string | undefined, secret: string): Stripe.Event {
    if (!signature || !secret) throw new AppError(400, 'payments.webhookSignature');
    try {
      return verifier.webhooks.constructEvent(raw, signature, secret);
    } catch {
      throw new AppError(400, 'payments.webhookSignature');
    }
  }

  async function apply(event: Stripe.Event, connection: PaymentConnectionRow, requestId: string) {
    if (await deps.events.seen(event.id)) return;
    const log = deps.log.child({ reqId: requestId, stripeEvent: event.id, type: event.type, site: connection.siteId });
    for (const handler of handlers.get(event.type) ?? []) await handler(event, connection, log);
    await deps.events.record({ id: event.id, type: event.type, stripeAccountId: connection.stripeAccountId });
  }

  return {
    /** Registers what a part of payments does with these event types. */
    on(types: readonly string[], handler: PaymentEventHandler) {
      for (const type of types) handlers.set(type, [...(handlers.get(type) ?? []), handler]);
    },

    async receiveConnect(raw: Buffer, signature: string | undefined, requestId: string) {
      const event = verify(raw, signature, deps.config.stripe.connectWebhookSecret);
      const accountId = event.account;
      // An event of the platform's own account (billing's) or of an account no site uses any more.
      const connections = accountId ? await deps.connections.byStripeAccount(accountId) : [];
      for (const connection of connections.filter((c) => c.mode === 'connect')) await apply(event, connection, requestId);
      return { received: true };
    },

    async receiveKeys(connectionId: number, raw: Buffer, signature: string | undefined, requestId: string) {
      const connection = await deps.connections.byId(connectionId);
      if (!connection || connection.mode !== 'keys' || !connection.webhookSecretEnc)
        throw new AppError(400, 'payments.webhookSignature');
      const event = verify(raw, signature, deps.secrets.open(connection.webhookSecretEnc));
      await apply(event, connection, requestId);
      return { received: true };
    },
  };
}
export type PaymentsWebhook = ReturnType<typeof createPaymentsWebhook>;
