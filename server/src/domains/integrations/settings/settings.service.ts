import {
  GUEST_SOURCE_FIELDS,
  INTEGRATION_KINDS,
  INTEGRATIONS,
  SIGNATURE_HEADER,
  messageText,
  type DeliveryList,
  type DeliveryStatus,
  type FieldMapEntry,
  type IntegrationDetails,
  type IntegrationKind,
  type IntegrationSettings,
  type IntegrationSummary,
  type IntegrationTestResult,
  type IntegrationUpdate,
  type MessageCode,
  type MessageParams,
} from '@splashboard/contract';
import { VENDOR_ADAPTERS, VendorError } from '../../../adapters/integrations/index.ts';
import { withCallPolicy } from '../../../adapters/integrations/vendor-http.ts';
import type { AccessMode, Actor } from '../../../platform/access.ts';
import { AppError, invalid, notFound } from '../../../platform/errors.ts';
import type { SiteRow } from '../../../platform/site-access.ts';
import { methodFieldsOf, mergeGuestFields } from '../../splash/guest-fields.ts';
import { createSplashRepo } from '../../splash/splash.repo.ts';
import {
  connectionFor,
  isKind,
  mustStayPublic,
  oauthClientOf,
  openSecrets,
  sealSecrets,
  type IntegrationSecrets,
} from '../connection.ts';
import type { IntegrationDeps } from '../deps.ts';
import { createIntegrationsRepo, type IntegrationRow } from '../integrations.repo.ts';
import { drainJob } from '../jobs.ts';
import { createBackfillRepo } from './backfill.repo.ts';
import { createDeliveriesLogRepo, type DeliveryRow } from './deliveries-log.repo.ts';
import { secretHint } from './secret-hints.ts';
import { createSettingsRepo } from './settings.repo.ts';
import { isConfigured, settingsErrors } from './settings-rules.ts';

/** Connection tests a site may run a minute (each is a real call to the vendor). */
const TESTS_PER_MINUTE = 10;
const FALLBACK_FIELD_MAP: FieldMapEntry[] = [{ source: 'email', target: 'email' }];
const CUSTOM_FIELD_TYPES = new Set(['custom_text', 'custom_number', 'custom_checkbox', 'custom_select']);

const defaultFieldMapOf = (kind: IntegrationKind) => VENDOR_ADAPTERS[kind]?.defaultFieldMap ?? FALLBACK_FIELD_MAP;
const NO_SECRETS: IntegrationSecrets = { settings: {}, oauth: null };

/** A kind's form values split into what is stored in the clear and what is sealed. */
function splitSettings(kind: IntegrationKind, values: IntegrationSettings) {
  const plain: IntegrationSettings = {};
  const secret: IntegrationSettings = {};
  for (const f of INTEGRATIONS[kind].fields) {
    const value = values[f.name];
    if (value) (f.secret ? secret : plain)[f.name] = value;
  }
  return { plain, secret };
}

/**
 * Stored values with the sent ones over them, the kind's fields only: a secret sent empty (or not sent)
 * keeps the stored one; another field sent empty is cleared, not sent is kept.
 */
function mergeSettings(kind: IntegrationKind, stored: IntegrationSettings, sent: IntegrationSettings = {}) {
  const merged: IntegrationSettings = {};
  for (const f of INTEGRATIONS[kind].fields) {
    const given = sent[f.name];
    merged[f.name] = given === undefined || (f.secret && given === '') ? stored[f.name] : given;
  }
  return merged;
}

/** What a vendor's refusal means, in the operator's words. */
function testFailure(err: VendorError): { code: MessageCode; params?: MessageParams } {
  switch (err.reason) {
    case 'auth':
      return { code: 'integrations.badKey' };
    case 'not_found':
      return { code: 'integrations.notFoundAtVendor', params: { what: err.info.what ?? 'list' } };
    case 'region':
      return { code: 'integrations.wrongRegion', params: { region: err.info.region ?? '' } };
    case 'rate_limited':
      return { code: 'integrations.rateLimited', params: { seconds: err.info.retryAfterSeconds ?? 30 } };
    case 'unavailable':
      return { code: 'integrations.vendorDown', params: { detail: err.detail } };
    case 'rejected':
      return { code: 'integrations.vendorRejected', params: { detail: err.detail } };
  }
}

/** A row for a kind never saved: what a connection test is built from. */
function transientRow(site: SiteRow, kind: IntegrationKind): IntegrationRow {
  const now = new Date();
  return {
    id: 0,
    accountId: site.accountId,
    siteId: site.id,
    kind,
    enabled: false,
    settings: {},
    secretsEnc: null,
    fieldMap: [],
    connectionMethod: null,
    connectionAccount: null,
    status: 'inactive',
    lastError: null,
    lastErrorAt: null,
    enabledAt: null,
    collectFrom: now,
    pausedUntil: null,
    leaseUntil: null,
    createdAt: now,
    updatedAt: now,
  };
}

function deliveryOf(row: DeliveryRow) {
  return {
    id: row.id,
    guest_id: row.guestId,
    guest: row.guestLabel,
    action: row.action as DeliveryList['items'][number]['action'],
    status: row.status as DeliveryStatus,
    attempts: row.attempts,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    next_attempt_at: ['queued', 'retrying'].includes(row.status) ? row.nextAttemptAt.toISOString() : null,
    http_status: row.httpStatus,
    answer: row.answer,
  };
}

/**
 * The integrations of a site as their settings pages use them (permission integrations): the list with
 * states, one integration's form (secrets as hints), saving it, turning it on and off, removing it, a
 * connection test, the delivery log with resends, and a backfill.
 */
export function createIntegrationSettingsService(deps: IntegrationDeps) {
  const integrations = createIntegrationsRepo(deps.db);
  const settingsRepo = createSettingsRepo(deps.db);
  const log = createDeliveriesLogRepo(deps.db);
  const backfills = createBackfillRepo(deps.db);
  const splash = createSplashRepo(deps.db);
  const allowPrivateUrls = deps.config.integrations.allowPrivateUrls;

  async function access(actor: Actor | null, siteId: number, mode: AccessMode) {
    return (await deps.sites.siteFor(actor, siteId, 'integrations', mode)).row;
  }

  function kindOf(kind: string): IntegrationKind {
    if (!isKind(kind)) throw notFound('integrations.unknownKind', { kind });
    return kind;
  }

  const secretsOf = (row: IntegrationRow | null) => (row ? openSecrets(deps.secrets, row) : NO_SECRETS);
  const oauthConnected = (row: IntegrationRow | null) => row?.connectionMethod === 'oauth';

  function summaryOf(
    kind: IntegrationKind,
    row: IntegrationRow | null,
    counts: { delivered: number; parked: number } | undefined,
  ): IntegrationSummary {
    const sealed = secretsOf(row);
    return {
      kind,
      name: INTEGRATIONS[kind].name,
      state: (row?.status ?? 'inactive') as IntegrationSummary['state'],
      configured: isConfigured(kind, { ...row?.settings, ...sealed.settings }, oauthConnected(row)),
      enabled: row?.enabled ?? false,
      last_error: row?.lastError ?? null,
      delivered_30d: counts?.delivered ?? 0,
      parked_30d: counts?.parked ?? 0,
    };
  }

  async function sourceFields(site: SiteRow): Promise<string[]> {
    const custom = mergeGuestFields(await methodFieldsOf(splash, site))
      .filter((f) => CUSTOM_FIELD_TYPES.has(f.field_type))
      .map((f) => `custom:${f.title}`);
    return [...GUEST_SOURCE_FIELDS, ...custom];
  }

  async function details(site: SiteRow, kind: IntegrationKind, row: IntegrationRow | null): Promise<IntegrationDetails> {
    const counts = row ? (await log.countsOfSite(site.id)).get(row.id) : undefined;
    const sealed = secretsOf(row);
    const descriptor = INTEGRATIONS[kind];
    const settings: Record<string, string> = {};
    for (const f of descriptor.fields)
      settings[f.name] = f.secret ? secretHint(sealed.settings[f.name]) : (row?.settings[f.name] ?? '');
    const defaultFieldMap = defaultFieldMapOf(kind);
    return {
      ...summaryOf(kind, row, counts),
      settings,
      secrets_set: descriptor.fields.filter((f) => f.secret && sealed.settings[f.name]).map((f) => f.name),
      field_map: row?.fieldMap.length ? row.fieldMap : defaultFieldMap,
      default_field_map: defaultFieldMap,
      source_fields: await sourceFields(site),
      connection: {
        method: (row?.connectionMethod ?? null) as IntegrationDetails['connection']['method'],
        account: row?.connectionAccount ?? null,
        oauth_available: oauthClientOf(deps.config, kind) !== null && descriptor.connection === 'oauth',
      },
      enabled_at: row?.enabledAt?.toISOString() ?? null,
      signature:
        descriptor.transport === 'signed_post' || descriptor.transport === 'webhook'
          ? { header: SIGNATURE_HEADER, algorithm: 'HMAC-SHA256' }
          : null,
    };
  }

  async function enabledRow(siteId: number, kind: IntegrationKind) {
    const row = await integrations.bySiteKind(siteId, kind);
    if (!row?.enabled) throw new AppError(422, 'integrations.notConfigured');
    return row;
  }

  /** The drain runs once what it depends on has committed; a queue that is down does not undo the change. */
  async function drainSoon(integrationId: number) {
    try {
      await deps.jobs.enqueue(drainJob, { integrationId });
    } catch (err) {
      deps.log.warn({ err, integrationId }, 'integration drain not queued; the sweep will send it');
    }
  }

  return {
    async list(actor: Actor | null, siteId: number): Promise<IntegrationSummary[]> {
      await access(actor, siteId, 'read');
      const rows = new Map((await integrations.ofSite(siteId)).map((r) => [r.kind, r]));
      const counts = await log.countsOfSite(siteId);
      return INTEGRATION_KINDS.map((kind) => {
        const row = rows.get(kind) ?? null;
        return summaryOf(kind, row, row ? counts.get(row.id) : undefined);
      });
    },

    async get(actor: Actor | null, siteId: number, kindName: string): Promise<IntegrationDetails> {
      const site = await access(actor, siteId, 'read');
      const kind = kindOf(kindName);
      return details(site, kind, await integrations.bySiteKind(siteId, kind));
    },

    /**
     * Saves the form (only the kind's fields), the field map and the switch. Settings sent are checked
     * whole once merged with the stored ones; turning it on needs it configured, and the first time
     * starts collecting from now (older guests go by a backfill). Nothing is stored on an error.
     */
    async update(actor: Actor | null, siteId: number, kindName: string, input: IntegrationUpdate): Promise<IntegrationDetails> {
      const site = await access(actor, siteId, 'write');
      const kind = kindOf(kindName);
      const row = await integrations.bySiteKind(siteId, kind);
      const sealed = secretsOf(row);
      const merged = mergeSettings(kind, { ...row?.settings, ...sealed.settings }, input.settings);
      if (input.settings) {
        const errors = settingsErrors(kind, merged, { oauthConnected: oauthConnected(row), allowPrivateUrls });
        if (Object.keys(errors).length) throw invalid(errors, 'integrations.updateFailed');
      }
      const { plain, secret } = splitSettings(kind, merged);
      const switched: { enabled?: boolean; status?: 'active' | 'inactive'; enabledAt?: Date; collectFrom?: Date } = {};
      if (input.enabled === true && !row?.enabled) {
        if (!isConfigured(kind, merged, oauthConnected(row))) throw new AppError(422, 'integrations.notConfigured');
        const now = new Date();
        Object.assign(switched, { enabled: true, status: 'active' }, row?.enabledAt ? {} : { enabledAt: now, collectFrom: now });
      } else if (input.enabled === false) Object.assign(switched, { enabled: false, status: 'inactive' });
      const saved = await settingsRepo.save(site, kind, {
        settings: plain,
        secretsEnc: sealSecrets(deps.secrets, { settings: secret, oauth: sealed.oauth }),
        fieldMap: input.field_map ?? row?.fieldMap ?? [],
        ...switched,
      });
      return details(site, kind, saved);
    },

    /** Forgets its settings, secrets, tokens and field map, and turns it off; the log stays. */
    async remove(actor: Actor | null, siteId: number, kindName: string): Promise<IntegrationDetails> {
      const site = await access(actor, siteId, 'write');
      const kind = kindOf(kindName);
      const row = await integrations.bySiteKind(siteId, kind);
      return details(site, kind, row ? await settingsRepo.forget(row.id) : null);
    },

    /** A harmless real call with these settings over the stored ones: what the vendor said, in our words. */
    async test(
      actor: Actor | null,
      siteId: number,
      kindName: string,
      unsaved: IntegrationSettings = {},
    ): Promise<IntegrationTestResult> {
      const site = await access(actor, siteId, 'write');
      const kind = kindOf(kindName);
      await deps.rateLimiter.consume(`integrations:test:site:${siteId}`, TESTS_PER_MINUTE, 60);
      const row = (await integrations.bySiteKind(siteId, kind)) ?? transientRow(site, kind);
      const sealed = secretsOf(row);
      const merged = mergeSettings(kind, { ...row.settings, ...sealed.settings }, unsaved);
      const errors = settingsErrors(kind, merged, { oauthConnected: oauthConnected(row), allowPrivateUrls });
      if (Object.keys(errors).length) throw invalid(errors, 'integrations.updateFailed');
      const adapter = VENDOR_ADAPTERS[kind];
      if (!adapter)
        return { ok: false, message: messageText('integrations.vendorDown', { detail: 'no adapter on this server' }) };
      try {
        const conn = await connectionFor({ config: deps.config, secrets: deps.secrets, repo: integrations }, row, merged);
        const found = await withCallPolicy({ publicOnly: mustStayPublic(deps.config, kind) }, () => adapter.test(conn));
        return {
          ok: true,
          message: messageText('integrations.connectionOk'),
          account: found.account ?? null,
          ...(found.lists ? { lists: found.lists } : {}),
        };
      } catch (err) {
        if (!(err instanceof VendorError)) throw err;
        const { code, params } = testFailure(err);
        return { ok: false, message: messageText(code, params) };
      }
    },

    async deliveries(
      actor: Actor | null,
      siteId: number,
      kindName: string,
      q: { page: number; per_page: number; status?: DeliveryStatus },
    ): Promise<DeliveryList> {
      await access(actor, siteId, 'read');
      const kind = kindOf(kindName);
      const row = await integrations.bySiteKind(siteId, kind);
      const found = row ? await log.page(row.id, { page: q.page, perPage: q.per_page, status: q.status }) : null;
      return {
        items: (found?.items ?? []).map(deliveryOf),
        metadata: { page: q.page, per_page: q.per_page, total: found?.total ?? 0 },
      };
    },

    /** A parked delivery queued again; the drain is queued once that has committed. */
    async resend(actor: Actor | null, siteId: number, kindName: string, id: number) {
      await access(actor, siteId, 'write');
      const kind = kindOf(kindName);
      const row = await integrations.bySiteKind(siteId, kind);
      const delivery = row && (await log.byId(row.id, id));
      if (!row || !delivery) throw notFound('integrations.deliveryNotFound');
      if (delivery.status !== 'parked') throw new AppError(422, 'integrations.notParked');
      const n = await log.requeueParked(row.id, id);
      await drainSoon(row.id);
      return { status: 200 as const, message: messageText('integrations.requeued', { n }), queued: n };
    },

    async resendParked(actor: Actor | null, siteId: number, kindName: string) {
      await access(actor, siteId, 'write');
      const kind = kindOf(kindName);
      const row = await integrations.bySiteKind(siteId, kind);
      const n = row ? await log.requeueParked(row.id) : 0;
      if (row && n) await drainSoon(row.id);
      return { status: 200 as const, message: messageText('integrations.requeued', { n }), queued: n };
    },

    /** The consenting guests seen since `since` (or ever) brought in: the collector starts from there. */
    async backfill(actor: Actor | null, siteId: number, kindName: string, since?: string) {
      await access(actor, siteId, 'write');
      const kind = kindOf(kindName);
      const row = await enabledRow(siteId, kind);
      const n = await backfills.moveBack(row, since ? new Date(since) : new Date(0));
      await drainSoon(row.id);
      return { status: 200 as const, message: messageText('integrations.backfillQueued', { n }), queued: n };
    },
  };
}
export type IntegrationSettingsService = ReturnType<typeof createIntegrationSettingsService>;
