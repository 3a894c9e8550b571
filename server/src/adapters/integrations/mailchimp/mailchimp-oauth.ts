import type { VendorOAuth } from '../vendor.ts';
import { failure, vendorRequest } from '../vendor-http.ts';

/**
 * Mailchimp's OAuth 2 (https://mailchimp.com/developer/marketing/guides/access-user-data-oauth-2/): the
 * browser to login.mailchimp.com/oauth2/authorize; the code to POST /oauth2/token (form-encoded); then
 * GET /oauth2/metadata with `Authorization: OAuth <token>` names the account's datacenter (dc) and
 * api_endpoint. Its tokens do not expire and there is no refresh.
 */

const LOGIN_ORIGIN = 'https://login.mailchimp.com';

export const mailchimpOAuth: VendorOAuth = {
  authorizeUrl({ conn, clientId, redirectUri, state }) {
    const q = new URLSearchParams({ response_type: 'code', client_id: clientId, redirect_uri: redirectUri, state });
    return `${conn.origin(LOGIN_ORIGIN)}/oauth2/authorize?${q}`;
  },

  async exchange({ conn, clientId, clientSecret, redirectUri, code }) {
    const res = await vendorRequest(`${conn.origin(LOGIN_ORIGIN)}/oauth2/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uri: redirectUri,
        code,
      }).toString(),
    });
    const token = (res.json as { access_token?: string } | null)?.access_token;
    if (res.status !== 200 || !token) throw failure(res, 'token');
    const meta = await vendorRequest(`${conn.origin(LOGIN_ORIGIN)}/oauth2/metadata`, {
      headers: { authorization: `OAuth ${token}`, accept: 'application/json' },
    });
    const m = meta.json as { dc?: string; api_endpoint?: string; accountname?: string } | null;
    if (meta.status !== 200 || !m?.dc) throw failure(meta, 'account');
    const extra: Record<string, string> = { dc: m.dc };
    if (m.api_endpoint) extra.api_endpoint = m.api_endpoint;
    if (m.accountname) extra.accountname = m.accountname;
    return { tokens: { accessToken: token, refreshToken: null, expiresAt: null, extra }, account: m.accountname ?? null };
  },
};
