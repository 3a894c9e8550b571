import { MESSAGE_TEXTS, messageText, placeholdersOf, type MessageCode, type MessageParams } from '@splashboard/contract';

export type SchemaErrors = Record<string, string[]>;

export interface AppErrorOptions {
  /** The values the message names. */
  params?: MessageParams;
  schemaErrors?: SchemaErrors;
  /** A field the message is also given under, in schema_errors. */
  field?: string;
  headers?: Record<string, string>;
}

/**
 * An error meant for the user: it reaches them as {status, message, schema_errors, code, params}, the
 * message being the code's English text with its values filled in.
 */
export class AppError extends Error {
  readonly params: MessageParams | undefined;
  readonly schemaErrors: SchemaErrors;
  readonly headers: Record<string, string>;

  constructor(
    readonly status: number,
    readonly code: MessageCode,
    { params, schemaErrors = {}, field, headers = {} }: AppErrorOptions = {},
  ) {
    super(messageText(code, params));
    this.params = valuesNamed(MESSAGE_TEXTS.get(code)!, params);
    this.schemaErrors = field ? { ...schemaErrors, [field]: [this.message] } : schemaErrors;
    this.headers = headers;
  }
}

/** The values a message's text names, or undefined for a message without values. */
function valuesNamed(template: string, params: MessageParams = {}): MessageParams | undefined {
  const names = placeholdersOf(template);
  return names.length ? Object.fromEntries(names.filter((n) => n in params).map((n) => [n, params[n]!])) : undefined;
}

export const notFound = (code: MessageCode = 'common.notFound', params?: MessageParams) => new AppError(404, code, { params });
export const unauthenticated = () => new AppError(401, 'common.unauthenticated');
export const forbidden = (code: MessageCode = 'common.forbidden') => new AppError(403, code);
export const invalid = (schemaErrors: SchemaErrors, code: MessageCode = 'common.validation') =>
  new AppError(422, code, { schemaErrors });
/** A 422 whose message is also the field's. */
export const fieldError = (field: string, code: MessageCode, params?: MessageParams) =>
  new AppError(422, code, { field, params });
export const rateLimited = (retryAfterSeconds: number) =>
  new AppError(429, 'common.rateLimited', { headers: { 'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))) } });
