import { z } from 'zod';

/** What a site may ask of a guest beyond the public profile and email (its collect_* settings). */
export type FacebookExtra = 'birthday' | 'gender' | 'location';

export interface FacebookProfile {
  /** App-scoped user id: stable for this app, different in every other app. */
  id: string;
  name: string;
  firstName: string;
  lastName: string;
  /** Null when the guest declined the email permission or has no confirmed address. */
  email: string | null;
  /** `YYYY-MM-DD`; null when not asked, declined, or shared without a day or a year. */
  birthday: string | null;
  gender: string | null;
  /** The current city's name, e.g. `Madrid, Spain`. */
  location: string | null;
}

export const EXTRA_PERMISSIONS: Record<FacebookExtra, string> = {
  birthday: 'user_birthday',
  gender: 'user_gender',
  location: 'user_location',
};

const BASE_FIELDS = ['id', 'name', 'first_name', 'last_name', 'email'];
const EXTRA_ORDER: FacebookExtra[] = ['birthday', 'gender', 'location'];

export function graphFields(extras: readonly FacebookExtra[]): string {
  return [...BASE_FIELDS, ...EXTRA_ORDER.filter((extra) => extras.includes(extra))].join(',');
}

export function loginScopes(extras: readonly FacebookExtra[]): string {
  return ['email', ...EXTRA_ORDER.filter((extra) => extras.includes(extra)).map((extra) => EXTRA_PERMISSIONS[extra])].join(',');
}

// Loose on purpose: a field Facebook leaves out or changes shape must not cost the guest the login.
const meSchema = z.object({
  id: z.union([z.string(), z.number()]).transform(String).pipe(z.string().min(1).max(64)),
  name: z.string().optional().catch(undefined),
  first_name: z.string().optional().catch(undefined),
  last_name: z.string().optional().catch(undefined),
  email: z.string().optional().catch(undefined),
  birthday: z.string().optional().catch(undefined),
  gender: z.string().optional().catch(undefined),
  location: z
    .object({ name: z.string().optional().catch(undefined) })
    .optional()
    .catch(undefined),
});

const text = (value: string | undefined, max: number) => value?.trim().slice(0, max) ?? '';
const orNull = (value: string) => (value === '' ? null : value);

/** Reads Facebook's `/me` answer; null when it has no user id. */
export function readProfile(body: unknown): FacebookProfile | null {
  const parsed = meSchema.safeParse(body);
  if (!parsed.success) return null;
  const me = parsed.data;
  return {
    id: me.id,
    name: text(me.name, 200),
    firstName: text(me.first_name, 100),
    lastName: text(me.last_name, 100),
    email: orNull(text(me.email, 254)),
    birthday: isoBirthday(me.birthday),
    gender: orNull(text(me.gender, 50)),
    location: orNull(text(me.location?.name, 200)),
  };
}

/**
 * Facebook gives `MM/DD/YYYY`, or `MM/DD` or `YYYY` when the guest shares only part of it; only a whole,
 * real date becomes `YYYY-MM-DD`.
 */
export function isoBirthday(birthday: string | undefined): string | null {
  const match = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(birthday?.trim() ?? '');
  if (!match) return null;
  const [, mm, dd, yyyy] = match as unknown as [string, string, string, string];
  const date = new Date(Date.UTC(Number(yyyy), Number(mm) - 1, Number(dd)));
  const iso = `${yyyy}-${mm}-${dd}`;
  return date.toISOString().slice(0, 10) === iso ? iso : null;
}
