import Stripe from 'stripe';
import type { FastifyInstance } from 'fastify';
import type { MessageCode } from '@splashboard/contract';
import type { Config } from '../../config.ts';
import { AppError } from '../../platform/errors.ts';

/** How long one call to Stripe may take before the SDK gives up on it (and retries, twice). */
const STRIPE_TIMEOUT_MS = 20_000;

/** The one place the SDK is made: api.stripe.com, or the Stripe-compatible server STRIPE_API_BASE names. */
export function createStripeClient(settings: Pick<Config['stripe'], 'secretKey' | 'apiBase'>): Stripe {
  const base = settings.apiBase ? new URL(settings.apiBase) : null;
  return new Stripe(settings.secretKey, {
    maxNetworkRetries: 2,
    timeout: STRIPE_TIMEOUT_MS,
    telemetry: false,
    ...(base
      ? {
          host: base.hostname,
          port: base.port || (base.protocol === 'http:' ? 80 : 443),
          protocol: base.protocol === 'http:' ? 'http' : 'https',
        }
      : {}),
  });
}

/** A card's refusal by its code or decline code, as the user reads it. */
export function cardMessage(error: { code?: string | null; decline_code?: string | null }): MessageCode {
  const reason = error.decline_code ?? error.code;
  if (reason === 'expired_card') return 'billing.cardExpired';
  if (reason === 'incorrect_cvc') return 'billing.cardIncorrectCvc';
  if (reason === 'insufficient_funds') return 'billing.cardInsufficientFunds';
  return 'billing.cardDeclined';
}

const isStripeError = (e: unknown): e is Stripe.errors.StripeError => e instanceof Stripe.errors.StripeError;

/** Whether a Stripe error is a card refusing a charge or a setup (also as the cause of an invoice's failed payment). */
export function isCardError(e: unknown): boolean {
  return isStripeError(e) && (e.type === 'StripeCardError' || e.code === 'card_declined' || Boolean(e.decline_code));
}

/** A failure of Stripe as the user's answer, with what we asked and what Stripe said, for the log. */
export class StripeFailure extends AppError {
  constructor(
    status: number,
    code: MessageCode,
    readonly what: string,
    readonly stripeError: Stripe.errors.StripeError,
  ) {
    super(status, code);
  }
}

/**
 * Stripe's failures as the user's answer: a refused card says why (402), Stripe out of reach says to try
 * again later (503), anything else is 'Plan update failed'. Logged by logStripeFailures with the request.
 */
export function stripeFailure(e: unknown, what: string): Error {
  if (e instanceof AppError || !isStripeError(e)) return e instanceof Error ? e : new Error(String(e));
  if (isCardError(e)) return new StripeFailure(402, cardMessage(e), what, e);
  const unreachable =
    e.type === 'StripeConnectionError' ||
    e.type === 'StripeAPIError' ||
    e.type === 'StripeRateLimitError' ||
    (e.statusCode ?? 0) >= 500;
  return new StripeFailure(
    unreachable ? 503 : 502,
    unreachable ? 'billing.stripeUnavailable' : 'billing.planUpdateFailed',
    what,
    e,
  );
}

/** Logs each failure of Stripe with our request's id and Stripe's (a refused card as info, the rest as errors). */
export function logStripeFailures(app: FastifyInstance) {
  app.addHook('onError', (request, _reply, error, done) => {
    if (error instanceof StripeFailure) {
      const e = error.stripeError;
      const line = { stripeRequestId: e.requestId, type: e.type, code: e.code, declineCode: e.decline_code };
      if (error.status === 402) request.log.info(line, `stripe: card refused (${error.what})`);
      else request.log.error({ ...line, status: e.statusCode, err: e.message }, `stripe: ${error.what} failed`);
    }
    done();
  });
}

/** Runs a call to Stripe, turning its failures into the user's answers (stripeFailure). */
export async function callStripe<T>(what: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (e) {
    throw stripeFailure(e, what);
  }
}
