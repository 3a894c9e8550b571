import Stripe from 'stripe';
import { StripeFailure } from '../../billing/stripe-client.ts';

/**
 * A failure of an operator's Stripe (or of the platform's, acting for them) as the user's answer: 503
 * payments.stripeUnavailable, logged with our request's id and Stripe's by billing's logStripeFailures hook.
 * Our own errors pass through.
 */
export function paymentsStripeFailure(e: unknown, what: string): Error {
  if (e instanceof Stripe.errors.StripeError) return new StripeFailure(503, 'payments.stripeUnavailable', what, e);
  return e instanceof Error ? e : new Error(String(e));
}

/** Runs a call to Stripe, its failures answered as paymentsStripeFailure says. */
export async function callPaymentsStripe<T>(what: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (e) {
    throw paymentsStripeFailure(e, what);
  }
}
