import { z } from 'zod';
import { NOT_ACCEPTED } from './splash.ts';
import { SMS_MAX_EXTRA_PARAMS, SMS_MESSAGES, SMS_TIMEOUT_MAX, SMS_TIMEOUT_MIN } from './messages/sms.ts';

/**
 * A site's SMS gateway: any HTTP API that sends a text when called with the number and the message
 * (GET query, form POST or JSON POST), for the guest portal's phone login codes. Shared by the server
 * (validation, defaults) and the dashboard's SMS settings page.
 */

export const SMS_REQUEST_TYPES = ['get', 'post', 'jsonpost'] as const;
export type SmsRequestType = (typeof SMS_REQUEST_TYPES)[number];
export const SMS_AUTH_TYPES = ['none', 'httpbasic', 'apiheader'] as const;
export type SmsAuthType = (typeof SMS_AUTH_TYPES)[number];
/** e164: +34600111222; e164_no_plus: 34600111222 (what many gateways expect). */
export const SMS_NUMBER_FORMATS = ['e164', 'e164_no_plus'] as const;
export type SmsNumberFormat = (typeof SMS_NUMBER_FORMATS)[number];

export { SMS_MAX_EXTRA_PARAMS, SMS_TIMEOUT_MAX, SMS_TIMEOUT_MIN };

// Hop-by-hop and body headers the request sets itself; letting a setting override them breaks it.
const RESERVED_HEADERS = new Set([
  'host',
  'content-length',
  'content-type',
  'transfer-encoding',
  'connection',
  'keep-alive',
  'upgrade',
  'expect',
  'te',
  'trailer',
]);

function isGatewayUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

function hasCredentials(value: string): boolean {
  try {
    const url = new URL(value);
    return url.username !== '' || url.password !== '';
  } catch {
    return false;
  }
}

const urlField = z
  .string({ error: SMS_MESSAGES.url })
  .trim()
  .max(500, 'Use at most 500 characters')
  .refine((v) => v === '' || isGatewayUrl(v), SMS_MESSAGES.url)
  .refine((v) => !hasCredentials(v), SMS_MESSAGES.urlCredentials);
const paramName = z
  .string({ error: SMS_MESSAGES.paramRequired })
  .trim()
  .min(1, SMS_MESSAGES.paramRequired)
  .max(64, 'Use at most 64 characters')
  .regex(/^[A-Za-z0-9_.\-[\]]+$/, SMS_MESSAGES.paramName);
const headerName = z
  .string({ error: SMS_MESSAGES.headerName })
  .trim()
  .max(100, 'Use at most 100 characters')
  .refine((v) => v === '' || /^[A-Za-z0-9-]+$/.test(v), SMS_MESSAGES.headerName)
  .refine((v) => !RESERVED_HEADERS.has(v.toLowerCase()), SMS_MESSAGES.headerNameReserved);

export const smsExtraParamSchema = z.object({
  key: paramName,
  value: z.string({ error: 'Enter the value as text' }).trim().max(500, 'Use at most 500 characters'),
  /** A secret value (an API key in the query) is stored encrypted and never shown again. */
  secret: z.boolean({ error: 'Choose true or false' }).default(false),
});
export type SmsExtraParam = z.infer<typeof smsExtraParamSchema>;

/** The settings that are not secret: stored as they are and shown whole. */
const configShape = {
  enabled: z.boolean({ error: 'Choose true or false' }),
  url: urlField,
  request_type: z.enum(SMS_REQUEST_TYPES, 'Choose get, post or jsonpost'),
  auth_type: z.enum(SMS_AUTH_TYPES, 'Choose none, httpbasic or apiheader'),
  username: z
    .string({ error: 'Enter the user name as text' })
    .trim()
    .max(200, 'Use at most 200 characters')
    .refine((v) => !v.includes(':'), SMS_MESSAGES.username),
  api_header_name: headerName,
  number_param: paramName,
  message_param: paramName,
  extra_params: z
    .array(smsExtraParamSchema, { error: 'Send a list of {key, value}' })
    .max(SMS_MAX_EXTRA_PARAMS, SMS_MESSAGES.tooManyParams),
  number_format: z.enum(SMS_NUMBER_FORMATS, 'Choose e164 or e164_no_plus'),
  timeout: z
    .number({ error: SMS_MESSAGES.timeout })
    .int(SMS_MESSAGES.timeout)
    .min(SMS_TIMEOUT_MIN, SMS_MESSAGES.timeout)
    .max(SMS_TIMEOUT_MAX, SMS_MESSAGES.timeout),
};
export const smsGatewayConfigSchema = z.object(configShape);
export type SmsGatewayConfig = z.infer<typeof smsGatewayConfigSchema>;

export const DEFAULT_SMS_GATEWAY: SmsGatewayConfig = {
  enabled: false,
  url: '',
  request_type: 'get',
  auth_type: 'none',
  username: '',
  api_header_name: '',
  number_param: 'to',
  message_param: 'text',
  extra_params: [],
  number_format: 'e164',
  timeout: 10,
};

/** A secret field of an update: a new value; '' or left out keeps the saved one; null removes it. */
const secretField = (max: number) =>
  z
    .string({ error: 'Enter the value as text, or null to remove it' })
    .max(max, `Use at most ${max} characters`)
    .nullable()
    .optional();

const updateShape = {
  ...configShape,
  password: secretField(200),
  api_header_value: secretField(1000).refine((v) => !v || /^[\x20-\x7e]+$/.test(v), SMS_MESSAGES.headerValue),
};

/** A PUT carries any subset of the settings; fields left out keep their value, unknown fields are named. */
export const smsGatewayUpdateSchema = z
  .looseObject(updateShape)
  .partial()
  .superRefine((value, ctx) => {
    for (const key of Object.keys(value))
      if (!(key in updateShape)) ctx.addIssue({ code: 'custom', path: [key], message: NOT_ACCEPTED });
  });
export type SmsGatewayUpdate = z.infer<typeof smsGatewayUpdateSchema>;

/** What GET answers: the settings with every secret replaced by whether it is set (and a hint for keys). */
export const smsGatewaySchema = z.object({
  ...configShape,
  extra_params: z.array(
    smsExtraParamSchema.extend({
      /** For a secret parameter: whether a value is saved (its value is always ''). */
      value_set: z.boolean(),
      value_hint: z.string(),
    }),
  ),
  password_set: z.boolean(),
  api_header_value_set: z.boolean(),
  /** The last characters of a long API key, for telling keys apart; '' for short or missing ones. */
  api_header_value_hint: z.string(),
  updated_at: z.string().nullable(),
  /** Whether the signed-in user may change the settings and send a test (a Read Only client may not). */
  editable: z.boolean(),
});
export type SmsGateway = z.infer<typeof smsGatewaySchema>;

/** What counts as a saved secret when the settings are checked as a whole. */
export interface SmsSecretsPresent {
  password: boolean;
  api_header_value: boolean;
  /** Keys of the secret extra parameters that have a value. */
  extra: ReadonlySet<string>;
}

/**
 * The rules that involve more than one field, as schema_errors. What a gateway needs to be called
 * (address, credentials, secret parameter values) is only required while it is enabled, so a
 * half-filled form can be saved switched off; names that would clash are never accepted.
 */
export function smsGatewayProblems(config: SmsGatewayConfig, secrets: SmsSecretsPresent): Record<string, string[]> {
  const problems: Record<string, string[]> = {};
  const add = (field: string, message: string) => (problems[field] ??= []).push(message);
  if (config.enabled) {
    if (!config.url) add('url', SMS_MESSAGES.urlRequired);
    if (config.auth_type === 'httpbasic') {
      if (!config.username) add('username', SMS_MESSAGES.usernameRequired);
      if (!secrets.password) add('password', SMS_MESSAGES.passwordRequired);
    }
    if (config.auth_type === 'apiheader') {
      if (!config.api_header_name) add('api_header_name', SMS_MESSAGES.headerNameRequired);
      if (!secrets.api_header_value) add('api_header_value', SMS_MESSAGES.headerValueRequired);
    }
  }
  if (config.number_param === config.message_param) add('message_param', SMS_MESSAGES.sameParams);
  const seen = new Set<string>();
  config.extra_params.forEach((param, i) => {
    if (param.key === config.number_param || param.key === config.message_param)
      add(`extra_params.${i}.key`, SMS_MESSAGES.reservedParam);
    else if (seen.has(param.key)) add(`extra_params.${i}.key`, SMS_MESSAGES.duplicateParam);
    seen.add(param.key);
    if (config.enabled && param.secret && !secrets.extra.has(param.key))
      add(`extra_params.${i}.value`, SMS_MESSAGES.extraValueRequired);
  });
  return problems;
}

export const smsTestInputSchema = z
  .looseObject({
    phone: z.string({ error: SMS_MESSAGES.phoneRequired }).trim().min(1, SMS_MESSAGES.phoneRequired).max(40, SMS_MESSAGES.phone),
  })
  .superRefine((value, ctx) => {
    for (const key of Object.keys(value))
      if (key !== 'phone') ctx.addIssue({ code: 'custom', path: [key], message: NOT_ACCEPTED });
  });
export type SmsTestInput = z.infer<typeof smsTestInputSchema>;
