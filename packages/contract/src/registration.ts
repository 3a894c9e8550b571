import { z } from 'zod';
import { emailField, nameField, passwordField } from './common.ts';
import { MESSAGES } from './messages/common.ts';
import { PLAN_TYPES } from './plans.ts';

export const DEPLOYMENT_TYPES = ['cafe', 'hotel', 'retail', 'venue', 'office', 'education', 'healthcare', 'other'] as const;
export const ACCOUNT_TYPES = ['business', 'reseller'] as const;

/** The registration draft of the specification. The email comes from the verified `token`, or is given. */
export const registrationBodySchema = z
  .object({
    account_name: nameField,
    account_url: z.string().trim().max(200).optional(),
    email: emailField.optional(),
    password: passwordField,
    confirm_password: z.string().max(200).optional(),
    deployment_type: z.enum(DEPLOYMENT_TYPES).default('other'),
    deployment_type_other_text: z.string().trim().max(200).optional(),
    account_type: z.enum(ACCOUNT_TYPES).default('business'),
    displayname: nameField,
    plan_type: z.enum(PLAN_TYPES).default('collect'),
    token: z.string().max(200).optional(),
    for_your_own: z.boolean().default(true),
  })
  .refine((v) => v.confirm_password === undefined || v.confirm_password === v.password, {
    message: MESSAGES.passwordMatch,
    path: ['confirm_password'],
  })
  .refine((v) => Boolean(v.token) || Boolean(v.email), { message: MESSAGES.required, path: ['email'] });
export type RegistrationDraft = z.input<typeof registrationBodySchema>;

/**
 * A business website as people type it (`cafesol.example`, `www.cafesol.example/menu`, `https://...`): with
 * https:// added when it names no scheme (otherwise kept as typed). '' for nothing typed; null for what is not a web address (another
 * scheme, spaces, a host without a dot).
 */
export function normalizeWebsite(typed: string): string | null {
  const value = typed.trim();
  if (!value) return '';
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(value) ? value : `https://${value}`;
  let url: URL;
  try {
    url = new URL(withScheme);
  } catch {
    return null;
  }
  if (!['http:', 'https:'].includes(url.protocol) || /\s/.test(value)) return null;
  if (!/^[^.]+(\.[^.]+)+$/.test(url.hostname)) return null;
  return withScheme;
}

export const emailVerifyBodySchema = z.object({
  email: emailField.optional(),
  plan_type: z.enum(PLAN_TYPES).optional(),
});
export const tokenBodySchema = z.object({ token: z.string().min(1).max(200) });
export const tokenValidateResponseSchema = z.object({
  valid: z.boolean(),
  email: z.string(),
  plan_type: z.string().nullable(),
  registered: z.boolean(),
});
