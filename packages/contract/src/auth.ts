import { z } from 'zod';
import { emailField, passwordField } from './common.ts';
import { profileSchema } from './profile.ts';

export const loginBodySchema = z.object({
  email: emailField,
  password: z.string().min(1).max(200),
});

export const loginResponseSchema = z.object({
  csrf_token: z.string(),
  user: profileSchema.nullable(),
  tf_required: z.boolean(),
  /** '2faRequired' when a second factor must be given, with `token` to give it with. */
  error: z.string().nullable(),
  token: z.string().optional(),
});

export const tfValidateBodySchema = z.object({
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, 'Enter the 6-digit code'),
  csrf_token: z.string().min(1).max(200),
});

export const tfValidateResponseSchema = z.object({
  user: profileSchema,
  csrf_token: z.string(),
});

export const tfSetupStatusSchema = z.object({
  enabled: z.boolean(),
  /** Present only while enabling: the secret is shown once, then only used to verify. */
  secret: z.string().optional(),
  otpauth_url: z.string().optional(),
  qr_code: z.string().optional(),
});

/** setup true with a code enables two-factor; setup false with a code disables it. */
export const tfSetupBodySchema = z.object({
  setup: z.boolean(),
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, 'Enter the 6-digit code'),
  csrf_token: z.string().max(200).optional(),
});

export const passwordChangeBodySchema = z
  .object({
    current_password: z.string().min(1).max(200),
    password: passwordField,
    confirm_password: z.string().max(200).optional(),
  })
  .refine((v) => v.confirm_password === undefined || v.confirm_password === v.password, {
    message: 'Passwords must match',
    path: ['confirm_password'],
  });

export const apiKeySchema = z.object({
  /** The whole key only right after a reset; otherwise its first characters and a mask. */
  apikey: z.string().nullable(),
  masked: z.boolean(),
  created_at: z.string().nullable(),
});
