import type { SmsAuthType, SmsGateway, SmsGatewayUpdate, SmsNumberFormat, SmsRequestType } from '@splashboard/contract';

export interface ExtraParamRow {
  /** Stable React key: rows are added and removed in place. */
  id: number;
  key: string;
  value: string;
  secret: boolean;
  /** The key a secret value is saved under; renaming the parameter leaves that value behind. */
  savedKey: string | null;
  hint: string;
}

/** The form as typed: secrets start empty (empty keeps the saved one), the timeout as the field's text. */
export interface SmsFormValues {
  enabled: boolean;
  url: string;
  request_type: SmsRequestType;
  auth_type: SmsAuthType;
  username: string;
  password: string;
  api_header_name: string;
  api_header_value: string;
  number_param: string;
  message_param: string;
  extra_params: ExtraParamRow[];
  number_format: SmsNumberFormat;
  timeout: string;
}

let nextId = 1;
export const newParamRow = (): ExtraParamRow => ({ id: nextId++, key: '', value: '', secret: false, savedKey: null, hint: '' });

export function formOf(g: SmsGateway): SmsFormValues {
  return {
    enabled: g.enabled,
    url: g.url,
    request_type: g.request_type,
    auth_type: g.auth_type,
    username: g.username,
    password: '',
    api_header_name: g.api_header_name,
    api_header_value: '',
    number_param: g.number_param,
    message_param: g.message_param,
    extra_params: g.extra_params.map((p) => ({
      id: nextId++,
      key: p.key,
      value: p.value,
      secret: p.secret,
      savedKey: p.secret && p.value_set ? p.key : null,
      hint: p.value_hint,
    })),
    number_format: g.number_format,
    timeout: String(g.timeout),
  };
}

/** The PUT body: every setting, and a secret only when one was typed (empty keeps the saved one). */
export function updateOf(v: SmsFormValues): SmsGatewayUpdate {
  return {
    enabled: v.enabled,
    url: v.url,
    request_type: v.request_type,
    auth_type: v.auth_type,
    username: v.username,
    api_header_name: v.api_header_name,
    number_param: v.number_param,
    message_param: v.message_param,
    extra_params: v.extra_params.map(({ key, value, secret }) => ({ key, value, secret })),
    number_format: v.number_format,
    // An empty field is sent as 0, which the server answers with the allowed range.
    timeout: Number(v.timeout.trim() || 0),
    ...(v.password ? { password: v.password } : {}),
    ...(v.api_header_value ? { api_header_value: v.api_header_value } : {}),
  };
}

/** Whether the form differs from what is saved (a test SMS uses the saved settings). */
export const differs = (v: SmsFormValues, saved: SmsGateway) =>
  JSON.stringify(updateOf(v)) !== JSON.stringify(updateOf(formOf(saved)));

/** What every part of the form gets: the values, the first error per field (by its schema_errors key), and whether it may be changed. */
export interface SmsFieldsProps {
  values: SmsFormValues;
  errors: Record<string, string>;
  disabled: boolean;
  onChange: (values: SmsFormValues) => void;
}
