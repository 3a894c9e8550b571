import type { FastifyBaseLogger } from 'fastify';
import { INTEGRATIONS, type IntegrationKind } from '@splashboard/contract';
import type { Config } from '../../../config.ts';
import type { Actor } from '../../../platform/access.ts';
import type { SecretBox } from '../../../platform/crypto.ts';
import { AppError, notFound } from '../../../platform/errors.ts';
import type { SiteAccess } from '../../../platform/site-access.ts';
import { adapterFor, VENDOR_ADAPTERS, VendorError } from '../../../adapters/integrations/index.ts';
import { isKind, oauthClientOf, openSecrets, originFor, sealSecrets } from '../connection.ts';
import type { OAuthRepo } from './oauth.repo.ts';
import { peekKind, signState, verifyState } from './oauth-state.ts';

export interface OAuthDeps {
  config: Config;
  secrets: SecretBox;
  sites: SiteAccess;
  repo: OAuthRepo;
  /** The key states are signed with (deriveKey('integrations.oauth')). */
  stateKey: string;
}

export interface CallbackQuery {
  code?: string;
  state?: string;
  error?: string;
}

/** Where the vendor sends the browser back: one address for every site and kind (the state says which). */
export const callbackUrl = (config: Config) => `${config.publicUrl}/a/api/v1/integrations/oauth/callback`;

const connectionPage = (kind: string, query: string) =>
  isKind(kind) ? `/newapp/app/settings-view/${kind}/connection?${query}` : `/newapp/app/settings-view/integrations?${query}`;

/**
 * Connecting HubSpot or Mailchimp by their OAuth: the address to send the browser to, with a signed state
 * naming the site, kind and user; and, when the vendor sends the browser back, the code exchanged for
 * tokens stored sealed on the site's integration. The callback answers with the page to go to.
 */
export function createOAuthService(deps: OAuthDeps) {
  function clientFor(kind: IntegrationKind) {
    const adapter = VENDOR_ADAPTERS[kind];
    const client = oauthClientOf(deps.config, kind);
    if (INTEGRATIONS[kind].connection !== 'oauth' || !adapter?.oauth || !client) return null;
    return { oauth: adapter.oauth, client };
  }

  return {
    async start(actor: Actor | null, siteId: number, kind: string): Promise<{ url: string }> {
      const site = await deps.sites.siteFor(actor, siteId, 'integrations', 'write');
      if (!isKind(kind)) throw notFound('integrations.unknownKind', { kind });
      const vendor = clientFor(kind);
      if (!vendor) throw new AppError(422, 'integrations.oauthUnavailable', { params: { vendor: INTEGRATIONS[kind].name } });
      const state = signState(deps.stateKey, { siteId: site.row.id, kind, userId: site.actor.userId });
      const url = vendor.oauth.authorizeUrl({
        conn: { origin: originFor(deps.config, kind) },
        clientId: vendor.client.clientId,
        redirectUri: callbackUrl(deps.config),
        state,
      });
      return { url };
    },

    /** The page the browser goes on to: connected, or why not (nothing stored then). */
    async callback(actor: Actor | null, query: CallbackQuery, log: FastifyBaseLogger): Promise<string> {
      const state = verifyState(deps.stateKey, query.state);
      if (!state || !actor || state.userId !== actor.userId || !isKind(state.kind))
        return connectionPage(peekKind(query.state) ?? '', 'error=oauthStateInvalid');
      const kind = state.kind;
      const refused = connectionPage(kind, 'error=oauthStateInvalid');
      const site = await deps.sites.siteFor(actor, state.siteId, 'integrations', 'write').catch(() => null);
      const vendor = clientFor(kind);
      if (!site || !vendor) return refused;
      const failed = connectionPage(kind, 'error=oauthFailed');
      if (query.error || !query.code) return failed;
      let result;
      try {
        result = await vendor.oauth.exchange({
          conn: { origin: originFor(deps.config, kind) },
          ...vendor.client,
          redirectUri: callbackUrl(deps.config),
          code: query.code,
        });
      } catch (err) {
        if (!(err instanceof VendorError)) throw err;
        log.warn({ kind, siteId: state.siteId, reason: err.reason, detail: err.detail }, 'integration OAuth exchange failed');
        return failed;
      }
      await deps.repo.saveConnection({
        accountId: site.row.accountId,
        siteId: site.row.id,
        kind,
        account: result.account,
        defaultFieldMap: adapterFor(kind).defaultFieldMap,
        seal: (row) => {
          const sealed = row ? openSecrets(deps.secrets, row) : { settings: {}, oauth: null };
          return sealSecrets(deps.secrets, { settings: sealed.settings, oauth: result.tokens });
        },
      });
      return connectionPage(kind, 'connected=1');
    },
  };
}
export type OAuthService = ReturnType<typeof createOAuthService>;
