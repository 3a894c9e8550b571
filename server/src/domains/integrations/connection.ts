import { INTEGRATION_KINDS, INTEGRATIONS, type IntegrationKind, type IntegrationSettings } from '@splashboard/contract';
import type { Config } from '../../config.ts';
import type { SecretBox } from '../../platform/crypto.ts';
import { hmacSha256 } from '../../platform/crypto.ts';
import { adapterFor, type OAuthTokens, type VendorConnection } from '../../adapters/integrations/index.ts';
import type { IntegrationRow, IntegrationsRepo } from './integrations.repo.ts';

/** What an integration keeps sealed: its secret form values and, once connected by OAuth, the tokens. */
export interface IntegrationSecrets {
  settings: IntegrationSettings;
  oauth: OAuthTokens | null;
}

export function openSecrets(secrets: SecretBox, row: Pick<IntegrationRow, 'secretsEnc'>): IntegrationSecrets {
  if (!row.secretsEnc) return { settings: {}, oauth: null };
  return JSON.parse(secrets.open(row.secretsEnc)) as IntegrationSecrets;
}

export const sealSecrets = (secrets: SecretBox, value: IntegrationSecrets) => secrets.seal(JSON.stringify(value));

export const isKind = (kind: string): kind is IntegrationKind => (INTEGRATION_KINDS as readonly string[]).includes(kind);

/** The OAuth app of a vendor, when this server has one. */
export function oauthClientOf(config: Config, kind: IntegrationKind): { clientId: string; clientSecret: string } | null {
  const client = (config.integrations.oauth as Partial<Record<IntegrationKind, { clientId: string; clientSecret: string }>>)[
    kind
  ];
  return client && client.clientId && client.clientSecret ? client : null;
}

/** The vendor's origin for a kind: INTEGRATION_API_BASES' replacement, else the real one. */
export const originFor = (config: Config, kind: IntegrationKind) => (real: string) =>
  (config.integrations.apiBases[kind] ?? real).replace(/\/$/, '');

/** The signature of a signed POST: `t=<seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">` with the integration's key. */
export function signature(key: string, body: string, timestampSeconds: number): string {
  return `t=${timestampSeconds},v1=${hmacSha256(key, `${timestampSeconds}.${body}`)}`;
}

/**
 * The connection an adapter calls its vendor with: the stored settings and unsealed secrets (a test's
 * unsaved values over them), the origin, and the signer. OAuth tokens about to expire are refreshed
 * first and stored again.
 */
export async function connectionFor(
  deps: { config: Config; secrets: SecretBox; repo: Pick<IntegrationsRepo, 'saveSecrets'> },
  row: IntegrationRow,
  unsaved: IntegrationSettings = {},
): Promise<VendorConnection> {
  const kind = row.kind as IntegrationKind;
  const sealed = openSecrets(deps.secrets, row);
  const given = Object.fromEntries(Object.entries(unsaved).filter(([, v]) => v !== undefined && v !== ''));
  const settings: IntegrationSettings = { ...row.settings, ...sealed.settings, ...given };
  const origin = originFor(deps.config, kind);
  let oauth = row.connectionMethod === 'oauth' ? sealed.oauth : null;
  const refresh = adapterFor(kind).oauth?.refresh;
  const client = oauthClientOf(deps.config, kind);
  if (oauth && refresh && client && oauth.expiresAt !== null && oauth.expiresAt - Date.now() < 60_000) {
    oauth = await refresh({ conn: { origin }, ...client, tokens: oauth });
    await deps.repo.saveSecrets(row.id, sealSecrets(deps.secrets, { ...sealed, oauth }));
  }
  // A signed POST's key is the API key the operator entered (the webhook's: its signing secret).
  const signingKey = settings.private_key ?? settings.api_key ?? '';
  return {
    kind,
    settings,
    oauth,
    origin,
    sign: (body, t) => signature(signingKey, body, t),
  };
}

/** Whether a kind's requests must stay on the internet: its URL is the operator's, and the server does not allow private ones. */
export const mustStayPublic = (config: Config, kind: IntegrationKind) =>
  !config.integrations.allowPrivateUrls && INTEGRATIONS[kind].fields.some((f) => f.name === 'url');

/** The secret fields of a kind (sealed, shown as hints). */
export const secretFieldsOf = (kind: IntegrationKind) => INTEGRATIONS[kind].fields.filter((f) => f.secret).map((f) => f.name);
