import type {
  FieldMapEntry,
  IntegrationDetails,
  IntegrationFieldSpec,
  IntegrationField,
  IntegrationSettings,
  IntegrationUpdate,
} from '@splashboard/contract/integrations';

/** The form as typed: secrets start empty (empty keeps the saved one); the field map's rows. */
export interface IntegrationFormValues {
  settings: Partial<Record<IntegrationField, string>>;
  field_map: FieldMapEntry[];
}

export function formOf(fields: readonly IntegrationFieldSpec[], d: IntegrationDetails): IntegrationFormValues {
  return {
    settings: Object.fromEntries(fields.map((f) => [f.name, f.secret ? '' : (d.settings[f.name] ?? '')])),
    field_map: d.field_map.map((e) => ({ ...e })),
  };
}

/** The typed settings the server takes: a secret left empty is not sent (the saved one is kept). */
export function settingsOf(fields: readonly IntegrationFieldSpec[], v: IntegrationFormValues): IntegrationSettings {
  return Object.fromEntries(
    fields
      .map((f) => [f.name, (v.settings[f.name] ?? '').trim()] as const)
      .filter(([name, value]) => {
        const secret = fields.find((f) => f.name === name)!.secret;
        return !secret || value !== '';
      }),
  );
}

export function updateOf(fields: readonly IntegrationFieldSpec[], v: IntegrationFormValues, maps: boolean): IntegrationUpdate {
  return { settings: settingsOf(fields, v), ...(maps ? { field_map: v.field_map } : {}) };
}

/** Whether a field must be typed here: required, not a secret already saved, not satisfied by an OAuth connection. */
export function mustType(f: IntegrationFieldSpec, d: IntegrationDetails): boolean {
  if (f.secret && d.secrets_set.includes(f.name)) return false;
  if (f.required === 'unlessOAuth') return d.connection.method !== 'oauth';
  return f.required;
}

/** The server's schema_errors keys as the form's names: `url` or `settings.url`, `field_map.0.target`. */
export function formKeyOf(key: string, fields: readonly IntegrationFieldSpec[]): string | null {
  if (fields.some((f) => f.name === key)) return `settings.${key}`;
  if (/^settings\.\w+$/.test(key) || /^field_map\.\d+\.(source|target)$/.test(key)) return key;
  return null;
}

/** The fields whose value is a vendor list's id: once a test returns the vendor's lists, they are picked from them. */
export const LIST_FIELDS: readonly IntegrationField[] = ['list_id', 'address_book_id'];
