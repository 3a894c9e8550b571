import type { OAuthTokens, VendorConnection, VendorOAuth } from '../vendor.ts';
import { VendorError } from '../vendor.ts';
import { failure, vendorRequest } from '../vendor-http.ts';

/**
 * HubSpot's OAuth 2.0 (https://developers.hubspot.com/docs/guides/apps/authentication/working-with-oauth):
 * the browser to app.hubspot.com/oauth/authorize; the code (and later the refresh token) to
 * POST api.hubapi.com/oauth/v1/token, form-encoded; access tokens last `expires_in` seconds (30 minutes);
 * GET /oauth/v1/access-tokens/{token} names the portal (hub_id, hub_domain).
 */

const AUTHORIZE_ORIGIN = 'https://app.hubspot.com';
const API_ORIGIN = 'https://api.hubapi.com';
const SCOPES = 'crm.objects.contacts.read crm.objects.contacts.write';
/** Asked for, not required: without them the list picker is empty and a list_id is refused at the test. */
const OPTIONAL_SCOPES = 'crm.lists.read crm.lists.write';

interface TokenAnswer {
  access_token: string;
  refresh_token?: string;
  expires_in?: number;
}

async function token(conn: Pick<VendorConnection, 'origin'>, form: Record<string, string>) {
  const res = await vendorRequest(`${conn.origin(API_ORIGIN)}/oauth/v1/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded;charset=utf-8', accept: 'application/json' },
    body: new URLSearchParams(form).toString(),
  });
  const body = res.json as TokenAnswer | null;
  if (res.status !== 200 || !body?.access_token) {
    // HubSpot answers a bad code or refresh token with 400 BAD_AUTH_CODE / BAD_REFRESH_TOKEN: the grant is refused.
    if (res.status === 400) throw new VendorError('auth', failure(res).detail, { httpStatus: 400 });
    throw failure(res, 'token');
  }
  return body;
}

const tokensOf = (body: TokenAnswer, extra: Record<string, string>, previousRefresh: string | null = null): OAuthTokens => ({
  accessToken: body.access_token,
  refreshToken: body.refresh_token ?? previousRefresh,
  expiresAt: body.expires_in ? Date.now() + body.expires_in * 1000 : null,
  extra,
});

export const hubspotOAuth: VendorOAuth = {
  authorizeUrl({ conn, clientId, redirectUri, state }) {
    const q = new URLSearchParams({
      client_id: clientId,
      redirect_uri: redirectUri,
      scope: SCOPES,
      optional_scope: OPTIONAL_SCOPES,
      state,
    });
    return `${conn.origin(AUTHORIZE_ORIGIN)}/oauth/authorize?${q}`;
  },

  async exchange({ conn, clientId, clientSecret, redirectUri, code }) {
    const body = await token(conn, {
      grant_type: 'authorization_code',
      client_id: clientId,
      client_secret: clientSecret,
      redirect_uri: redirectUri,
      code,
    });
    const info = await vendorRequest(
      `${conn.origin(API_ORIGIN)}/oauth/v1/access-tokens/${encodeURIComponent(body.access_token)}`,
      { headers: { accept: 'application/json' } },
    );
    if (info.status !== 200) throw failure(info, 'token');
    const meta = (info.json ?? {}) as { hub_id?: number; hub_domain?: string };
    const extra: Record<string, string> = {};
    if (meta.hub_id != null) extra.hub_id = String(meta.hub_id);
    if (meta.hub_domain) extra.hub_domain = meta.hub_domain;
    return { tokens: tokensOf(body, extra), account: meta.hub_domain ?? extra.hub_id ?? null };
  },

  async refresh({ conn, clientId, clientSecret, tokens }) {
    if (!tokens.refreshToken) throw new VendorError('auth', 'no refresh token: connect HubSpot again');
    const body = await token(conn, {
      grant_type: 'refresh_token',
      client_id: clientId,
      client_secret: clientSecret,
      refresh_token: tokens.refreshToken,
    });
    return tokensOf(body, tokens.extra, tokens.refreshToken);
  },
};
