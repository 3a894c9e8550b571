/**
 * Stripe's minimum charge per currency, in minor units (docs.stripe.com/currencies, "Minimum and maximum
 * charge amounts"): a paid package below it could never be bought. Currencies not listed take 50, which is
 * what Stripe asks of most.
 */
const STRIPE_MINIMUM_CHARGE: Record<string, number> = {
  USD: 50,
  AED: 200,
  AUD: 50,
  BGN: 100,
  BRL: 50,
  CAD: 50,
  CHF: 50,
  CZK: 1500,
  DKK: 250,
  EUR: 50,
  GBP: 30,
  HKD: 400,
  HUF: 17500,
  INR: 50,
  JPY: 50,
  MXN: 1000,
  MYR: 200,
  NOK: 300,
  NZD: 50,
  PLN: 200,
  RON: 200,
  SEK: 300,
  SGD: 50,
  THB: 1000,
};
const DEFAULT_MINIMUM = 50;

export const minimumChargeOf = (currency: string) => STRIPE_MINIMUM_CHARGE[currency.toUpperCase()] ?? DEFAULT_MINIMUM;
