import { z } from 'zod';
import { nameField } from './common.ts';
import { MESSAGES } from './messages/common.ts';
import { AUTH_METHODS, ROUTER_TYPES } from './routers.ts';
import { permissionMapSchema } from './profile.ts';
import { PERMISSION_NAMES } from './permissions.ts';
import { imageLinkField } from './splash.ts';

const isTimeZone = (tz: string) => {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
};

export const timezoneField = z.string().trim().min(1, MESSAGES.required).max(64).refine(isTimeZone, MESSAGES.unknownTimeZone);
export const currencyField = z
  .string()
  .trim()
  .regex(/^[A-Za-z]{3}$/, MESSAGES.currencyCode)
  .transform((c) => c.toUpperCase());
export const countryCodeField = z
  .string()
  .trim()
  .regex(/^[A-Za-z]{2}$/, MESSAGES.countryCode)
  .transform((c) => c.toUpperCase());
export const redirectUrlField = z
  .string()
  .trim()
  .max(2000)
  .refine((u) => u === '' || /^https?:\/\/[^\s]+$/i.test(u), MESSAGES.redirectUrl);

export const siteCreateSchema = z
  .object({
    name: nameField,
    router_type: z.enum(ROUTER_TYPES, MESSAGES.required),
    auth_methods: z.array(z.enum(AUTH_METHODS)).min(1, MESSAGES.selectOneMethod).max(AUTH_METHODS.length),
    timezone: timezoneField.default('UTC'),
    currency: currencyField.default('USD'),
    default_countrycode: countryCodeField.default('US'),
    logo_image: imageLinkField.optional(),
    html_image: imageLinkField.optional(),
    skip_image: z.boolean().default(false),
  })
  .refine((s) => s.skip_image || Boolean(s.logo_image) || Boolean(s.html_image), {
    message: MESSAGES.imageOrSkip,
    path: ['skip_image'],
  });

export const siteUpdateSchema = z
  .object({
    name: nameField,
    router_type: z.enum(ROUTER_TYPES),
    auth_methods: z.array(z.enum(AUTH_METHODS)).min(1, MESSAGES.selectOneMethod).max(AUTH_METHODS.length),
    logo_image: imageLinkField,
    html_image: imageLinkField,
  })
  .partial();

export const siteSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  router_type: z.string().nullable(),
  auth_methods: z.array(z.string()),
  timezone: z.string(),
  currency: z.string(),
  default_countrycode: z.string(),
  validate_email: z.boolean(),
  redirect_url: z.string(),
  logo_image: z.string(),
  html_image: z.string(),
  permissions: permissionMapSchema,
  /** The permissions held here only at Read Only (a client's): their pages show, their write controls do not work. */
  read_only: z.array(z.enum(PERMISSION_NAMES)).optional(),
  created_at: z.string().nullable(),
});
export type Site = z.infer<typeof siteSchema>;

export const redirectUrlSchema = z.object({ redirect_url: redirectUrlField });

export const siteGeneralSchema = z.object({
  name: nameField,
  currency: currencyField,
  default_countrycode: countryCodeField,
  timezone: timezoneField,
  validate_email: z.boolean(),
});

/** A field the site collects: one per kind (custom fields one per title), with the methods that ask for it. */
export const guestFieldSchema = z.object({
  field_type: z.string(),
  title: z.string(),
  methods: z.array(z.string()),
  /** The methods of `methods` where a guest cannot log in without it. */
  mandatory_in: z.array(z.string()),
});
export type GuestField = z.infer<typeof guestFieldSchema>;

export const fileLinkSchema = z.object({ filelink: z.string() });
