import { z } from 'zod';
import { loginResponseSchema } from './auth.ts';
import { PLAN_TYPES } from './plans.ts';

/** GET /google/start: where the user came from (the sign-in or the register page) and, from the latter, the plan. */
export const googleStartQuerySchema = z.object({
  intent: z.enum(['login', 'register']).default('login'),
  plan: z.enum(PLAN_TYPES).optional(),
});

/** What Google sent back to /newapp/google, as the page posts it: a code, or an error (the user said no). */
export const googleCallbackBodySchema = z.strictObject({
  state: z.string().min(1).max(200),
  code: z.string().min(1).max(2000).optional(),
  error: z.string().max(200).optional(),
});

/**
 * The sign-in's answer, as POST /login answers it (a session, or `2faRequired` with a token); for an email
 * no account has, `error: 'registrationRequired'` and a registration ticket (a verified-email token the
 * registration form takes as its `token`).
 */
export const googleCallbackResponseSchema = loginResponseSchema.extend({
  registration: z
    .object({ token: z.string(), email: z.string(), name: z.string(), plan_type: z.enum(PLAN_TYPES).nullable() })
    .optional(),
});
export type GoogleCallbackAnswer = z.infer<typeof googleCallbackResponseSchema>;
