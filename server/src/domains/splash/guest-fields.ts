import {
  AUTH_METHODS,
  DEFAULT_LOGIN_METHOD_VALUES,
  LOGIN_FIELD_TITLES,
  LOGIN_FIELD_TYPES,
  LOGIN_METHOD_OF_PATH,
  LOGIN_METHOD_PATHS,
  defaultFieldListOf,
  type AuthMethod,
  type FieldListName,
  type GuestField,
  type LoginFieldType,
  type LoginMethodPath,
} from '@splashboard/contract';
import type { SplashRepo } from './splash.repo.ts';

/** One field as a method asks for it. */
export interface AskedField {
  field_type: LoginFieldType;
  title: string;
  mandatory: boolean;
}

/** What one enabled method asks guests for, in the order its screens show it. */
export interface MethodFields {
  method: AuthMethod;
  fields: AskedField[];
}

const PATH_OF_METHOD = Object.fromEntries(LOGIN_METHOD_PATHS.map((path) => [LOGIN_METHOD_OF_PATH[path], path])) as Record<
  AuthMethod,
  LoginMethodPath
>;

/** The lists whose fields guests fill in: guest accounts also register, paid logins also open an account. */
const LISTS_OF: Partial<Record<LoginMethodPath, FieldListName[]>> = {
  guestuserloginconfig: ['login_fields', 'registration_fields'],
  paymentloginconfig: ['login_fields', 'account_login_fields'],
};

// Codes that prove the guest may connect; they are checked and dropped, not kept about the guest.
const NOT_GUEST_DATA = new Set<LoginFieldType>(['otp', 'voucher']);
const CUSTOM_TYPES = new Set<LoginFieldType>(['custom_text', 'custom_number', 'custom_checkbox', 'custom_select']);

/** The title the portal keeps the guest's Facebook city under, as a custom answer (server/src/portal/methods/facebook.ts). */
const FACEBOOK_LOCATION = 'Facebook location';

/**
 * Facebook's screen shows no fields (the portal draws only the button): the guest record takes what the
 * profile shares, which the guest may decline, so none of it is mandatory.
 */
function facebookFields(values: Record<string, unknown>): AskedField[] {
  const shared = (field_type: LoginFieldType, title = LOGIN_FIELD_TITLES[field_type]) => ({
    field_type,
    title,
    mandatory: false,
  });
  const fields = [shared('firstname'), shared('lastname'), shared('email')];
  if (values.collect_birthday === true) fields.push(shared('birthday'));
  if (values.collect_gender === true) fields.push(shared('gender'));
  if (values.collect_location === true) fields.push(shared('custom_text', FACEBOOK_LOCATION));
  return fields;
}

const isFieldType = (value: unknown): value is LoginFieldType => LOGIN_FIELD_TYPES.includes(value as LoginFieldType);

/** A stored list as fields; entries an older version stored that are no longer fields are left out. */
function askedFields(list: unknown[]): AskedField[] {
  return list.flatMap((entry) => {
    const f = (entry ?? {}) as Record<string, unknown>;
    if (!isFieldType(f.field_type)) return [];
    const title = typeof f.title === 'string' && f.title.trim() ? f.title.trim() : LOGIN_FIELD_TITLES[f.field_type];
    return [{ field_type: f.field_type, title, mandatory: f.mandatory === true }];
  });
}

/**
 * What each enabled method of a site asks for, from its splash settings (or their defaults when the
 * operator never saved them), in the order the site lists its methods.
 */
export async function methodFieldsOf(
  splash: Pick<SplashRepo, 'methodSettings'>,
  site: { id: number; authMethods: string[] },
): Promise<MethodFields[]> {
  const rows = await splash.methodSettings(site.id);
  const methods = site.authMethods.filter((m): m is AuthMethod => AUTH_METHODS.includes(m as AuthMethod));
  return methods.map((method) => {
    const path = PATH_OF_METHOD[method];
    const row = rows.find((r) => r.method === path);
    if (method === 'facebook')
      return { method, fields: facebookFields({ ...DEFAULT_LOGIN_METHOD_VALUES[path], ...row?.values }) };
    const lists = LISTS_OF[path] ?? ['login_fields'];
    return { method, fields: lists.flatMap((list) => askedFields(row?.fieldLists[list] ?? defaultFieldListOf(path, list))) };
  });
}

/**
 * The site's guest fields: one entry per kind of field (custom fields one per title, the name their
 * answers are kept under), with the methods that ask for it and those where it is mandatory. Verification
 * and voucher codes are left out: they are not kept about the guest.
 */
export function mergeGuestFields(perMethod: MethodFields[]): GuestField[] {
  const byKey = new Map<string, GuestField>();
  for (const { method, fields } of perMethod) {
    for (const field of fields) {
      if (NOT_GUEST_DATA.has(field.field_type)) continue;
      const key = CUSTOM_TYPES.has(field.field_type) ? `custom:${field.title}` : field.field_type;
      let entry = byKey.get(key);
      if (!entry) {
        entry = { field_type: field.field_type, title: field.title, methods: [], mandatory_in: [] };
        byKey.set(key, entry);
      }
      if (!entry.methods.includes(method)) entry.methods.push(method);
      if (field.mandatory && !entry.mandatory_in.includes(method)) entry.mandatory_in.push(method);
    }
  }
  return [...byKey.values()];
}
