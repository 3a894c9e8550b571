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

/** A recovery code as shown (`abcde-fghij`); case, spaces and the dash do not matter when it is typed. */
export const recoveryCodeField = z.string().trim().min(1).max(40);

/** The code from the app, or one of the recovery codes instead (spent once used). */
export const tfValidateBodySchema = z
  .object({
    code: z
      .string()
      .trim()
      .regex(/^\d{6}$/, 'Enter the 6-digit code')
      .optional(),
    recovery_code: recoveryCodeField.optional(),
    csrf_token: z.string().min(1).max(200),
  })
  .refine((v) => v.code !== undefined || v.recovery_code !== undefined, {
    message: 'Enter the 6-digit code',
    path: ['code'],
  });

export const tfValidateResponseSchema = z.object({
  user: profileSchema,
  csrf_token: z.string(),
  /** After signing in with a recovery code: how many unused ones are left. */
  recovery_codes_left: z.number().int().optional(),
});

export const tfSetupStatusSchema = z.object({
  enabled: z.boolean(),
  /** Present only while enabling: the secret is shown once, then only used to verify. */
  secret: z.string().optional(),
  otpauth_url: z.string().optional(),
  qr_code: z.string().optional(),
  /** Right after two-factor is turned on: the ten recovery codes, shown this once (stored hashed). */
  recovery_codes: z.array(z.string()).optional(),
  /** While two-factor is on: how many recovery codes are unused. */
  recovery_codes_left: z.number().int().optional(),
});

/** New recovery codes need the current password or a code from the app (or a recovery code). */
export const recoveryCodesBodySchema = z
  .object({
    current_password: z.string().min(1).max(200).optional(),
    code: z.string().trim().min(1).max(40).optional(),
    csrf_token: z.string().max(200).optional(),
  })
  .refine((v) => v.current_password !== undefined || v.code !== undefined, {
    message: 'This field is required',
    path: ['current_password'],
  });

export const recoveryCodesSchema = z.object({ recovery_codes: z.array(z.string()) });

/** Asks for a password reset link: the answer is the same whether an account has the address or not. */
export const passwordForgotBodySchema = z.object({ email: emailField });

export const passwordResetBodySchema = z
  .object({
    token: z.string().min(1).max(200),
    password: passwordField,
    confirm_password: z.string().max(200).optional(),
  })
  .refine((v) => v.confirm_password === undefined || v.confirm_password === v.password, {
    message: 'Passwords must match',
    path: ['confirm_password'],
  });

/** Signed in afterwards, unless two-factor is on: then `user` is null and the user signs in again. */
export const passwordResetResponseSchema = z.object({
  user: profileSchema.nullable(),
  csrf_token: z.string(),
  tf_required: z.boolean(),
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
