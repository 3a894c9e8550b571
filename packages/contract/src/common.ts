import { z } from 'zod';

/** Every error the API answers has this shape. */
export const apiErrorSchema = z.object({
  status: z.number().int(),
  message: z.string(),
  schema_errors: z.record(z.string(), z.array(z.string())),
});
export type ApiError = z.infer<typeof apiErrorSchema>;

export const MESSAGES = {
  unknown: 'Something went wrong',
  unauthenticated: 'Please sign in to continue',
  csrf: 'Your session token is missing or invalid. Please reload the page.',
  forbidden: 'You do not have permission to do this',
  notFound: 'Not found',
  validation: 'Please correct the highlighted fields',
  rateLimited: 'Too many attempts. Please wait a few minutes and try again.',
  invalidCredentials: 'Invalid email or password',
  tfInvalid: 'The code you have entered is invalid/expired. Please try again.',
  emailValidationFailed: 'Email Validation Failed (your link might have expired)',
  passwordMin: 'Password must be at least 7 characters',
  passwordMatch: 'Passwords must match',
  required: 'This field is required',
  invalidEmail: 'Please enter a valid email address',
  selectOneMethod: 'Please select at least one',
  imageOnly: 'Only image files are accepted',
  fileTooLarge: 'The file is too large',
  subscriptionExpired: 'Please contact your administrator to get it renewed',
} as const;

export const PASSWORD_MIN = 7;

export const idParam = z.coerce.number().int().min(0).max(2_147_483_647);
export const positiveIdParam = z.coerce.number().int().min(1).max(2_147_483_647);

export const emailField = z.string().trim().toLowerCase().max(254).pipe(z.email(MESSAGES.invalidEmail));
export const passwordField = z.string().min(PASSWORD_MIN, MESSAGES.passwordMin).max(200);
export const nameField = z.string().trim().min(1, MESSAGES.required).max(120);

export const okSchema = z.object({ status: z.literal(200), message: z.string() });
