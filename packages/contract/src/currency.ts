/*
 * Money's minor units, apart from the payments contract so that the dashboard's shell can format money
 * without loading every payment schema.
 */

/** Currencies without minor units (Stripe's zero-decimal currencies): amounts are whole units. */
export const ZERO_DECIMAL_CURRENCIES = [
  'BIF', 'CLP', 'DJF', 'GNF', 'JPY', 'KMF', 'KRW', 'MGA', 'PYG', 'RWF', 'UGX', 'VND', 'VUV', 'XAF', 'XOF', 'XPF',
] as const; // prettier-ignore
export const minorUnitDigits = (currency: string) =>
  (ZERO_DECIMAL_CURRENCIES as readonly string[]).includes(currency.toUpperCase()) ? 0 : 2;
/** 499, 'USD' -> '4.99'; 500, 'JPY' -> '500' (for inputs; pages use Intl.NumberFormat). */
export const minorToDecimal = (amount: number, currency: string) =>
  (amount / 10 ** minorUnitDigits(currency)).toFixed(minorUnitDigits(currency));
