import { z } from 'zod';
import { MESSAGES } from './messages/common.ts';

/**
 * Every error the API answers has this shape. `code` names the message (`<catalogue>.<key>` of the
 * contract's catalogues, stable across wordings and languages); `params` holds the values a message with
 * values names, and is left out otherwise.
 */
export const apiErrorSchema = z.object({
  status: z.number().int(),
  message: z.string(),
  schema_errors: z.record(z.string(), z.array(z.string())),
  code: z.string(),
  params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
});
export type ApiError = z.infer<typeof apiErrorSchema>;

export const PASSWORD_MIN = 7;

export const idParam = z.coerce.number().int().min(0).max(2_147_483_647);
export const positiveIdParam = z.coerce.number().int().min(1).max(2_147_483_647);

export const emailField = z.string().trim().toLowerCase().max(254).pipe(z.email(MESSAGES.invalidEmail));
export const passwordField = z.string().min(PASSWORD_MIN, MESSAGES.passwordMin).max(200);
export const nameField = z.string().trim().min(1, MESSAGES.required).max(120);

export const okSchema = z.object({ status: z.literal(200), message: z.string() });
