import { MESSAGES } from '@splashboard/contract';

export type SchemaErrors = Record<string, string[]>;

/** An error meant for the user: it reaches them as {status, message, schema_errors}. */
export class AppError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly schemaErrors: SchemaErrors = {},
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

export const notFound = (what: string = MESSAGES.notFound) => new AppError(404, what);
export const unauthenticated = () => new AppError(401, MESSAGES.unauthenticated);
export const forbidden = (message: string = MESSAGES.forbidden) => new AppError(403, message);
export const invalid = (schemaErrors: SchemaErrors, message: string = MESSAGES.validation) =>
  new AppError(422, message, schemaErrors);
export const fieldError = (field: string, message: string) => invalid({ [field]: [message] }, message);
export const rateLimited = (retryAfterSeconds: number) =>
  new AppError(429, MESSAGES.rateLimited, {}, { 'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))) });
