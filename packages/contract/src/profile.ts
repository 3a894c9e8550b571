import { z } from 'zod';
import { PERMISSION_NAMES } from './permissions.ts';
import { nameField, emailField } from './common.ts';

export const permissionMapSchema = z.record(z.enum(PERMISSION_NAMES), z.boolean());

export const siteSummarySchema = z.object({ id: z.number().int(), name: z.string() });

export const profileSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  name: z.string(),
  permissions: permissionMapSchema,
  sites: z.array(siteSummarySchema),
  isProvider: z.boolean(),
  billing_access: z.boolean(),
  sub_active: z.boolean(),
  card_updated_required: z.boolean(),
  site_creation_needed: z.boolean(),
  crisp_hash: z.string(),
  role: z.enum(['admin', 'client']),
  email_verified: z.boolean(),
  tf_enabled: z.boolean(),
  language: z.string(),
});
export type Profile = z.infer<typeof profileSchema>;

export const profileUpdateSchema = z
  .object({
    name: nameField,
    email: emailField,
    language: z.enum(['en-US', 'es-ES']),
  })
  .partial();
