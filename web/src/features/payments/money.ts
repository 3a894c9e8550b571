import { minorToDecimal, minorUnitDigits } from '@splashboard/contract';

/** An amount in minor units, in the reader's language and the site's currency (499, 'USD' -> '$4.99'). */
export function formatMoney(amount: number, currency: string, lang: string): string {
  const digits = minorUnitDigits(currency);
  try {
    return new Intl.NumberFormat(lang, {
      style: 'currency',
      currency,
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
    }).format(amount / 10 ** digits);
  } catch {
    // A currency code Intl does not know: the amount and the code.
    return `${minorToDecimal(amount, currency)} ${currency}`;
  }
}

/** A decimal price as typed ("4.99", "4,99", "5"), in minor units, counted without floats; null when it is not one. */
export function decimalToMinor(typed: string, currency: string): number | null {
  const digits = minorUnitDigits(currency);
  const match = /^(\d{1,9})(?:[.,](\d*))?$/.exec(typed.trim());
  if (!match) return null;
  const fraction = match[2] ?? '';
  if (fraction.length > digits) return null;
  return Number(match[1]) * 10 ** digits + Number(fraction.padEnd(digits, '0') || '0');
}

export { minorToDecimal, minorUnitDigits };
