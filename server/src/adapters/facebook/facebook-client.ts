import { createHmac } from 'node:crypto';
import { FacebookError } from './facebook-error.ts';
import { describeGraphError, graphError, graphGet } from './facebook-http.ts';
import { graphFields, loginScopes, readProfile, type FacebookExtra, type FacebookProfile } from './facebook-profile.ts';

export { FacebookError, type FacebookErrorCode } from './facebook-error.ts';
export type { FacebookExtra, FacebookProfile } from './facebook-profile.ts';

export interface FacebookSettings {
  /** The Facebook app's id and secret; either empty means Facebook login is not available. */
  appId: string;
  appSecret: string;
  /** The login dialog, e.g. `https://www.facebook.com/v25.0/dialog/oauth`. */
  dialogUrl: string;
  /** The Graph API root with its version, e.g. `https://graph.facebook.com/v25.0`. */
  graphUrl: string;
  /** Per request. Default 10 s. */
  timeoutMs?: number;
}

export type FacebookCallback =
  | { code: string; state: string }
  /** `cancelled`: the guest said no; `failed`: anything else. `detail` is Facebook's reason, for the log. */
  | { error: 'cancelled' | 'failed'; state: string; detail?: string };

export type CallbackQuery = URLSearchParams | Record<string, unknown>;

export interface FacebookClient {
  readonly configured: boolean;
  /** Where to send the guest: Facebook's login dialog, which comes back to `redirectUri` with a code. */
  loginUrl(request: { redirectUri: string; state: string; scopes: readonly FacebookExtra[] }): string;
  /** Trades the code for a user access token; `redirectUri` must be the one the dialog was opened with. */
  exchangeCode(request: { code: string; redirectUri: string }): Promise<string>;
  profile(accessToken: string, fields: readonly FacebookExtra[]): Promise<FacebookProfile>;
  /** Reads the query Facebook's dialog redirects back with. */
  readCallback(query: CallbackQuery): FacebookCallback;
}

const MAX_CODE_LENGTH = 4096;
const MAX_STATE_LENGTH = 512;
const CREDENTIALS_HINT = '; check FACEBOOK_APP_ID and FACEBOOK_APP_SECRET';
const REDIRECT_HINT = "; the portal's callback address must be listed in the Facebook app's Valid OAuth Redirect URIs";

/**
 * Facebook Login, manual (server-side) flow: the login dialog, the code exchange and `/me` on the Graph
 * API, each call signed with `appsecret_proof` so a leaked user token is useless without our secret.
 */
export function createFacebookClient(config: { facebook: FacebookSettings }): FacebookClient {
  const settings = config.facebook;
  const configured = settings.appId !== '' && settings.appSecret !== '';
  const timeoutMs = settings.timeoutMs ?? 10_000;
  const graphRoot = settings.graphUrl.replace(/\/+$/, '');

  function requireConfigured() {
    if (!configured) {
      throw new FacebookError('not_configured', 'Facebook login is not set up: set FACEBOOK_APP_ID and FACEBOOK_APP_SECRET');
    }
  }

  return {
    configured,

    loginUrl({ redirectUri, state, scopes }) {
      requireConfigured();
      const url = new URL(settings.dialogUrl);
      url.searchParams.set('client_id', settings.appId);
      url.searchParams.set('redirect_uri', redirectUri);
      url.searchParams.set('state', state);
      url.searchParams.set('response_type', 'code');
      url.searchParams.set('scope', loginScopes(scopes));
      return url.toString();
    },

    async exchangeCode({ code, redirectUri }) {
      requireConfigured();
      const url = new URL(`${graphRoot}/oauth/access_token`);
      url.searchParams.set('client_id', settings.appId);
      url.searchParams.set('redirect_uri', redirectUri);
      url.searchParams.set('client_secret', settings.appSecret);
      url.searchParams.set('code', code);
      const { status, body } = await graphGet(url, timeoutMs, 'exchange_failed');
      const token = (body as { access_token?: unknown } | null)?.access_token;
      if (status === 200 && typeof token === 'string' && token !== '') return token;
      const error = graphError(body);
      const message = error?.message ?? '';
      const hint =
        error?.code === 1 || error?.code === 101 || /client secret|application id/i.test(message)
          ? CREDENTIALS_HINT
          : error?.subcode === 36008 || /redirect_uri/i.test(message)
            ? REDIRECT_HINT
            : '';
      throw new FacebookError(
        'exchange_failed',
        `Facebook did not accept the sign-in code: ${describeGraphError(status, error)}${hint}`,
      );
    },

    async profile(accessToken, fields) {
      requireConfigured();
      const url = new URL(`${graphRoot}/me`);
      url.searchParams.set('fields', graphFields(fields));
      url.searchParams.set('access_token', accessToken);
      url.searchParams.set('appsecret_proof', createHmac('sha256', settings.appSecret).update(accessToken).digest('hex'));
      const { status, body } = await graphGet(url, timeoutMs, 'profile_failed');
      if (status === 200) {
        const profile = readProfile(body);
        if (profile) return profile;
        throw new FacebookError('profile_failed', 'Facebook answered the profile request without a user id');
      }
      const error = graphError(body);
      const hint = /appsecret_proof/i.test(error?.message ?? '') ? CREDENTIALS_HINT : '';
      throw new FacebookError(
        'profile_failed',
        `Facebook refused the profile request: ${describeGraphError(status, error)}${hint}`,
      );
    },

    readCallback(query) {
      const read = (name: string) => firstString(query, name);
      const state = read('state').slice(0, MAX_STATE_LENGTH);
      const error = read('error');
      if (error) {
        const detail = (read('error_description') || read('error_reason') || error).slice(0, 300);
        const cancelled = error === 'access_denied' || read('error_reason') === 'user_denied';
        return { error: cancelled ? 'cancelled' : 'failed', state, detail };
      }
      const code = read('code');
      if (!code || code.length > MAX_CODE_LENGTH) {
        const detail = read('error_message').slice(0, 300) || (code ? 'the code is too long' : 'no code in the callback');
        return { error: 'failed', state, detail };
      }
      return { code, state };
    },
  };
}

function firstString(query: CallbackQuery, name: string): string {
  const value = query instanceof URLSearchParams ? query.get(name) : query[name];
  const first = Array.isArray(value) ? (value as unknown[])[0] : value;
  return typeof first === 'string' ? first : '';
}
