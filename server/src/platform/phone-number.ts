import { isSupportedCountry, parsePhoneNumberFromString } from 'libphonenumber-js/max';

const MAX_INPUT = 40;
// Only what people type around digits: no letters (vanity numbers), no extensions.
const TYPED_NUMBER = /^\+?[\d\s\-.()]+$/;

/**
 * A phone number as guests type it, in E.164 (+34600111222), or null when it is not a valid number for
 * its country. Numbers without an international prefix are read in the site's default country; a
 * leading 00 counts as the international prefix whatever that country dials, since that is how most of
 * the world writes it. The full metadata is used so that numbers outside any assigned range fail.
 */
export function normalizePhone(input: string, defaultCountry: string): string | null {
  const typed = input.trim();
  if (!typed || typed.length > MAX_INPUT || !TYPED_NUMBER.test(typed)) return null;
  const international = typed.startsWith('00') ? `+${typed.slice(2)}` : typed;
  const country = defaultCountry.toUpperCase();
  const parsed = parsePhoneNumberFromString(international, isSupportedCountry(country) ? country : undefined);
  return parsed?.isValid() ? parsed.number : null;
}
