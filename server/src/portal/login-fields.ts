import { Script, createContext } from 'node:vm';
import type { LoginField } from '@splashboard/contract';
import { COUNTRY_CODES, fill, inputName, isCheckbox, type GuestStrings } from '@splashboard/splash';
import { normalizePhone } from '../platform/phone-number.ts';
import type { Collected } from '../domains/guests/login-records.ts';

export type { Collected };

export interface FieldRules {
  t: GuestStrings;
  /** The site's default country (ISO alpha-2), for phone numbers given without a prefix. */
  defaultCountry: string;
  /** Age consent: the youngest allowed age, checked against the birthday. */
  minAge?: number;
}

const EMAIL = /^[^\s@<>()[\]\\,;:"]{1,64}@(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/i;
const UK_POSTCODE = /^(GIR ?0AA|[A-Z]{1,2}\d[A-Z\d]? ?\d[A-Z]{2})$/i;
const MAX_TEXT = 200;

/** A date typed in the field's format (any of / - . as separator) as ISO, or null. */
export function parseBirthday(value: string, format: string): string | null {
  const parts = value.trim().split(/[/.-]/);
  if (parts.length !== 3 || parts.some((p) => !/^\d+$/.test(p))) return null;
  const order = format.split('/');
  const get = (unit: string) => Number(parts[order.indexOf(unit)]);
  const [y, m, d] = [get('YYYY'), get('MM'), get('DD')];
  if (y < 1900 || m < 1 || m > 12 || d < 1 || d > 31) return null;
  const date = new Date(Date.UTC(y, m - 1, d));
  if (date.getUTCMonth() !== m - 1 || date.getTime() > Date.now()) return null;
  return date.toISOString().slice(0, 10);
}

export function ageOn(birthdayIso: string, now = new Date()): number {
  const [y, m, d] = birthdayIso.split('-').map(Number) as [number, number, number];
  let age = now.getUTCFullYear() - y;
  if (now.getUTCMonth() + 1 < m || (now.getUTCMonth() + 1 === m && now.getUTCDate() < d)) age--;
  return age;
}

// Operators write the regular expressions; a careless one must not stall the portal on a guest's input.
const regexContext = createContext({});
const regexScript = new Script('new RegExp(source).test(value)');
function matches(source: string, value: string): boolean {
  try {
    return Boolean(regexScript.runInContext(Object.assign(regexContext, { source, value }), { timeout: 50 }));
  } catch {
    return false;
  }
}

/**
 * Checks a submitted form against a method's login fields with the rules the operator chose (mandatory,
 * regular expression) and each kind's own (email, phone, birthday format, minimum age, options).
 * Answers the first error per input, in the guest's language, and what was collected.
 */
export function checkLoginFields(fields: LoginField[], form: Record<string, string>, rules: FieldRules) {
  const { t } = rules;
  const errors: Record<string, string> = {};
  const collected: Collected = { custom: {} };

  fields.forEach((field, i) => {
    if (field.field_type === 'otp' || field.field_type === 'voucher') return;
    const name = inputName(field, i);
    const fail = (message: string) => (errors[name] = message);

    if (isCheckbox(field.field_type)) {
      const checked = form[name] === 'on' || form[name] === 'true';
      if (field.mandatory && !checked) return fail(t.mustBeChecked);
      if (field.field_type === 'consent') collected.marketingConsent = checked;
      else collected.custom[field.title] = checked;
      return;
    }

    const value = (form[name] ?? '').trim();
    if (!value) return field.mandatory ? fail(t.required) : undefined;
    if (value.length > MAX_TEXT) return fail(t.invalidFormat);
    if (field.regex && !matches(field.regex, value)) return fail(t.invalidFormat);

    switch (field.field_type) {
      case 'email':
        if (!EMAIL.test(value)) return fail(t.invalidEmail);
        collected.email = value.toLowerCase();
        return;
      case 'phonenumber': {
        const phone = normalizePhone(value, rules.defaultCountry);
        if (!phone) return fail(t.invalidPhone);
        collected.phone = phone;
        return;
      }
      case 'birthday': {
        const format = field.format || 'DD/MM/YYYY';
        const iso = parseBirthday(value, format);
        if (!iso) return fail(fill(t.invalidDate, { format }));
        if (rules.minAge && ageOn(iso) < rules.minAge) return fail(fill(t.tooYoung, { age: rules.minAge }));
        collected.birthday = iso;
        return;
      }
      case 'gender':
        if (!['female', 'male', 'other'].includes(value)) return fail(t.invalidOption);
        collected.gender = value;
        return;
      case 'country':
        if (!COUNTRY_CODES.includes(value.toUpperCase())) return fail(t.invalidCountry);
        collected.country = value.toUpperCase();
        return;
      case 'ukpostcode':
        if (!UK_POSTCODE.test(value)) return fail(t.invalidPostcode);
        collected.postcode = value
          .toUpperCase()
          .replace(/\s+/g, '')
          .replace(/(\w{3})$/, ' $1');
        return;
      case 'firstname':
        collected.firstName = value;
        return;
      case 'lastname':
        collected.lastName = value;
        return;
      case 'custom_number':
        if (!/^-?\d+(?:[.,]\d+)?$/.test(value)) return fail(t.invalidNumber);
        collected.custom[field.title] = value.replace(',', '.');
        return;
      case 'custom_select':
        if (!field.options_list.includes(value)) return fail(t.invalidOption);
        collected.custom[field.title] = value;
        return;
      default:
        collected.custom[field.title] = value;
    }
  });
  return { errors, collected };
}

/** The values to put back in the form after an error (never passwords or codes). */
export function refill(form: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(form))
    if (!/password|code/i.test(k) && typeof v === 'string') out[k] = v.slice(0, MAX_TEXT);
  return out;
}
