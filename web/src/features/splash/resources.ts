import {
  AUTH_METHODS,
  LOGIN_METHOD_OF_PATH,
  LOGIN_METHOD_PATHS,
  type AuthMethod,
  type FieldListName,
  type LoginMethodPath,
} from '@splashboard/contract';
import type { ResourceKind } from './changes.ts';

/** The methods guests log in with (the terms page and the start page are not login methods). */
export type LoginMethod = Exclude<AuthMethod, 'atos' | 'multilanding'>;
export const LOGIN_METHODS = AUTH_METHODS.filter((m): m is LoginMethod => m !== 'atos' && m !== 'multilanding');
export const isLoginMethod = (m: string): m is LoginMethod => (LOGIN_METHODS as readonly string[]).includes(m);

/** The login methods of the site's auth_methods, in their order. */
export const loginMethodsOf = (authMethods: readonly string[]): LoginMethod[] => authMethods.filter(isLoginMethod);

/**
 * The site's auth_methods from its login methods and the terms page; a start page entry the site
 * already has stays (the portal shows a start page whenever there is more than one method).
 */
export function authMethodsFrom(login: LoginMethod[], terms: boolean, before: readonly string[]): AuthMethod[] {
  return [
    ...login,
    ...(terms ? (['atos'] as const) : []),
    ...(before.includes('multilanding') ? (['multilanding'] as const) : []),
  ];
}

/** The settings path of each screen prefix (email → emailconfig, clickthrough → clickthrpughloginconfig...). */
export const PATH_OF = Object.fromEntries(LOGIN_METHOD_PATHS.map((p) => [LOGIN_METHOD_OF_PATH[p], p])) as Record<
  AuthMethod,
  LoginMethodPath
>;

/** The field lists a method has: login fields, and guest accounts' sign-up and paid accounts' own. */
export function listsOf(path: LoginMethodPath): FieldListName[] {
  // The terms page has a field list on the server, but its screen shows no fields: nothing to edit.
  if (path === 'multilanding' || path === 'atos') return [];
  if (path === 'guestuserloginconfig') return ['login_fields', 'registration_fields'];
  if (path === 'paymentloginconfig') return ['login_fields', 'account_login_fields'];
  return ['login_fields'];
}

const LIST_URL: Record<FieldListName, string> = {
  login_fields: 'loginfields',
  registration_fields: 'registerfields',
  account_login_fields: 'accountfields',
};

/** A resource's id, how it is saved, and where it lives. */
export interface ResourceRef {
  id: string;
  kind: ResourceKind;
  url: string;
  bodyKey?: string;
}

const siteBase = (siteId: number) => `/s/${siteId}/api/v1`;

export const refs = {
  site: (siteId: number): ResourceRef => ({ id: 'site', kind: 'methods', url: `/s/api/v1/site/${siteId}` }),
  design: (siteId: number): ResourceRef => ({ id: 'design', kind: 'keys', url: `${siteBase(siteId)}/splashpage/design` }),
  values: (siteId: number, path: LoginMethodPath): ResourceRef => ({
    id: `values:${path}`,
    kind: 'keys',
    url: `${siteBase(siteId)}/${path}/`,
  }),
  styles: (siteId: number, path: LoginMethodPath): ResourceRef => ({
    id: `styles:${path}`,
    kind: 'styles',
    url: `${siteBase(siteId)}/${path}/splashpage`,
  }),
  list: (siteId: number, path: LoginMethodPath, list: FieldListName): ResourceRef => ({
    id: `list:${path}:${list}`,
    kind: 'list',
    url: `${siteBase(siteId)}/${path}/${LIST_URL[list]}`,
    bodyKey: list,
  }),
};

export const availableUrl = (siteId: number, path: LoginMethodPath) => `${siteBase(siteId)}/${path}/fields`;
export const thumbnailsUrl = (siteId: number) => `${siteBase(siteId)}/splashpage/thumbnails`;
export const uploadUrl = (siteId: number) => `${siteBase(siteId)}/splashpage/landingfile`;
export const FONTS_URL = '/static/guest/fonts/config.json';

/** Every resource of one method: its values, styles and field lists. */
export const methodRefs = (siteId: number, path: LoginMethodPath): ResourceRef[] => [
  ...(path === 'multilanding' ? [] : [refs.values(siteId, path)]),
  refs.styles(siteId, path),
  ...listsOf(path).map((l) => refs.list(siteId, path, l)),
];

/** What a loaded answer becomes as a resource's value. */
export function valueOfAnswer(ref: ResourceRef, answer: unknown): unknown {
  const body = answer as Record<string, unknown>;
  if (ref.kind === 'list') return body[ref.bodyKey!];
  if (ref.kind === 'methods') return body.auth_methods;
  if (ref.id === 'design') {
    const { can_write: _ignored, ...design } = body;
    return design;
  }
  return body;
}
