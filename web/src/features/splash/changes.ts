/**
 * Change tracking of the splash page editor. Every setting the editor loads is a resource: what the
 * server answered (original) and what the operator has made of it (draft). Saving sends, per resource,
 * only what changed, in the shape its call takes.
 */

/** How a resource's changes are sent. */
export type ResourceKind =
  /** The design and a method's values: the changed keys. */
  | 'keys'
  /** A method's screen styles: the changed keys that are not empty ("send only the non-empty values"). */
  | 'styles'
  /** A login field list: the whole list, when it changed. */
  | 'list'
  /** The site's login methods and their order. */
  | 'methods';

export interface Resource<T = unknown> {
  kind: ResourceKind;
  /** Where it is read and written. */
  url: string;
  /** The body's key for lists (login_fields, registration_fields, account_login_fields). */
  bodyKey?: string;
  original: T;
  draft: T;
}

export interface SaveCall {
  id: string;
  url: string;
  body: Record<string, unknown>;
}

/** Values as JSON would carry them: arrays and objects compare by content. */
export function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  return JSON.stringify(a) === JSON.stringify(b);
}

type Versions = Record<string, Record<string, string>>;

/**
 * The texts' versions in other languages that changed, per language (an emptied one is sent: it clears
 * the version, and guests read the English text), or nothing.
 */
export function changedTranslations(original: unknown, draft: unknown): Versions | undefined {
  const before = (original ?? {}) as Versions;
  const out: Versions = {};
  for (const [lang, texts] of Object.entries((draft ?? {}) as Versions)) {
    const changed = Object.entries(texts).filter(([k, v]) => (before[lang]?.[k] ?? '') !== v);
    if (changed.length) out[lang] = Object.fromEntries(changed);
  }
  return Object.keys(out).length ? out : undefined;
}

const withTranslations = (body: Record<string, unknown>, original: Record<string, unknown>, draft: Record<string, unknown>) => {
  const translations = changedTranslations(original.translations, draft.translations);
  return translations ? { ...body, translations } : body;
};

/** The keys whose value differs from the original, with their new value. */
export function changedKeys(original: Record<string, unknown>, draft: Record<string, unknown>): Record<string, unknown> {
  const body = Object.fromEntries(Object.entries(draft).filter(([k, v]) => k !== 'translations' && !sameValue(original[k], v)));
  return withTranslations(body, original, draft);
}

/** Changed styles, without the emptied ones: an empty style is not sent (the server keeps what it has). */
export function changedStyles(original: Record<string, unknown>, draft: Record<string, unknown>): Record<string, unknown> {
  const body = Object.fromEntries(
    Object.entries(draft).filter(([k, v]) => typeof v === 'string' && v.trim() !== '' && original[k] !== v),
  );
  return withTranslations(body, original, draft);
}

/** The body to send for a resource, or null when there is nothing to send. */
export function bodyOf(resource: Resource): Record<string, unknown> | null {
  const { kind, original, draft } = resource;
  let body: Record<string, unknown> | null = null;
  switch (kind) {
    case 'keys':
      body = changedKeys(original as Record<string, unknown>, draft as Record<string, unknown>);
      break;
    case 'styles':
      body = changedStyles(original as Record<string, unknown>, draft as Record<string, unknown>);
      break;
    case 'list':
      body = sameValue(original, draft) ? null : { [resource.bodyKey ?? 'login_fields']: draft };
      break;
    case 'methods':
      body = sameValue(original, draft) ? null : { auth_methods: draft };
      break;
  }
  return body && Object.keys(body).length ? body : null;
}

/** The calls a save makes: one per resource with something to send, the login methods first. */
export function planSave(resources: Record<string, Resource>): SaveCall[] {
  const calls: SaveCall[] = [];
  for (const [id, resource] of Object.entries(resources)) {
    const body = bodyOf(resource);
    if (body) calls.push({ id, url: resource.url, body });
  }
  return calls.sort((a, b) => Number(resources[b.id]!.kind === 'methods') - Number(resources[a.id]!.kind === 'methods'));
}

/** Whether anything would be sent. */
export const hasChanges = (resources: Record<string, Resource>) => Object.values(resources).some((r) => bodyOf(r) !== null);

/**
 * A resource's field errors from a failed call, by the editor's own keys: list errors lose their list
 * prefix (`login_fields.2.regex` → `2.regex`; the list's own error becomes ''), email list errors
 * (`usage_notification_emails.1`) go to their field.
 */
export function errorsFor(resource: Resource, schemaErrors: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, message] of Object.entries(schemaErrors)) {
    let k = key;
    if (resource.kind === 'list' && resource.bodyKey) {
      if (k === resource.bodyKey) k = '';
      else if (k.startsWith(`${resource.bodyKey}.`)) k = k.slice(resource.bodyKey.length + 1);
    } else if (resource.kind === 'methods') k = 'auth_methods';
    else k = k.replace(/\.\d+$/, '');
    out[k] ??= message;
  }
  return out;
}
