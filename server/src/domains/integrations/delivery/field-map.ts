import type { FieldMapEntry } from '@splashboard/contract';
import type { guests } from '../../../db/schema/index.ts';

/** What the field map reads of a guest (their row's columns) and of their site, at delivery time. */
export type MappedGuest = Pick<
  typeof guests.$inferSelect,
  | 'email'
  | 'phone'
  | 'firstName'
  | 'lastName'
  | 'gender'
  | 'birthday'
  | 'country'
  | 'postcode'
  | 'fields'
  | 'visits'
  | 'firstSeenAt'
  | 'lastSeenAt'
  | 'lastMethod'
> & { siteName: string };

type Value = string | number | boolean | null;

function sourceValue(source: string, g: MappedGuest): Value {
  if (source.startsWith('custom:')) return g.fields[source.slice('custom:'.length)] ?? null;
  switch (source) {
    case 'email':
      return g.email;
    case 'first_name':
      return g.firstName;
    case 'last_name':
      return g.lastName;
    case 'phone':
      return g.phone;
    case 'gender':
      return g.gender;
    case 'birthday':
      return g.birthday;
    case 'country':
      return g.country;
    case 'postcode':
      return g.postcode;
    case 'site_name':
      return g.siteName;
    case 'visits':
      return g.visits;
    case 'first_seen':
      return g.firstSeenAt.toISOString();
    case 'last_seen':
      return g.lastSeenAt.toISOString();
    case 'login_method':
      return g.lastMethod;
    default:
      return null;
  }
}

/** The vendor's fields of a guest: each line of the map, its guest field's value under the vendor's name. */
export function applyFieldMap(map: readonly FieldMapEntry[], guest: MappedGuest): Record<string, Value> {
  const out: Record<string, Value> = {};
  for (const { source, target } of map) out[target] = sourceValue(source, guest);
  return out;
}

/** An erased guest's email or phone as the log keeps showing it: `a•••@example.com`, `•••67`. */
export function maskLabel(label: string): string {
  const at = label.lastIndexOf('@');
  if (at > 0) return `${label[0]}•••${label.slice(at)}`;
  return `•••${label.slice(-2)}`;
}
