import { randomBytes, randomUUID } from 'node:crypto';
import type { VendorAnswer, VendorRequest } from '../vendor-server.ts';
import type { FakeVendor } from './fake-vendor.ts';
import { LoopbackFake } from './loopback-fake.ts';
import { authorizeRedirect, validEmail } from './fault-gate.ts';

interface Contact {
  id: string;
  properties: Record<string, string>;
}

const error = (status: number, category: string, message: string): VendorAnswer => ({
  status,
  json: { status: 'error', message, correlationId: randomUUID(), category },
});

/**
 * HubSpot as its API answers (api.hubapi.com, and app.hubspot.com's authorize page): Bearer private-app or
 * OAuth tokens, contacts upserted by email in batches of up to 100 (207 with `errors` for invalid ones),
 * manual lists and their memberships, unsubscribe-all, GDPR delete, account details, and OAuth (authorize
 * auto-approves; token exchanges single-use codes and refresh tokens; access-token info names the portal).
 */
export class HubSpotFake extends LoopbackFake implements FakeVendor {
  readonly kind = 'hubspot' as const;
  readonly portalId = 6_000_000 + Math.floor(Math.random() * 999_999);
  readonly privateAppToken = `pat-na1-${randomUUID()}`;
  readonly clientId = randomUUID();
  readonly clientSecret = randomUUID();
  readonly lists = new Map<string, { name: string; members: Set<string> }>([
    ['12', { name: 'Wi-Fi guests', members: new Set() }],
    ['13', { name: 'Newsletter', members: new Set() }],
  ]);
  /**
   * How an invalid address in a batch is answered: 207 with the others done and an error naming it, or
   * (as HubSpot also answers some batches) a 400 for the whole batch naming it, nothing stored.
   */
  invalidInBatch: 'multi-status' | 'whole-batch' = 'multi-status';
  /** Seconds an OAuth access token lives (HubSpot: 30 minutes). */
  tokenLifetimeSeconds = 1800;
  private readonly contacts = new Map<string, Contact>();
  private readonly unsubscribedSet = new Set<string>();
  private readonly erasedSet = new Set<string>();
  private readonly codes = new Map<string, { redirectUri: string }>();
  private readonly accessTokens = new Map<string, number>();
  /** OAuth tokens granted without the optional lists scopes. */
  private readonly withoutLists = new Set<string>();
  private readonly refreshTokens = new Set<string>();
  private nextId = 101;

  get settings() {
    return { api_key: this.privateAppToken, list_id: '12' };
  }

  /** The OAuth calls that asked for a new access token from a refresh token. */
  refreshes() {
    return this.requests.filter(
      (r) => r.path === '/oauth/v1/token' && new URLSearchParams(r.raw).get('grant_type') === 'refresh_token',
    );
  }

  /** A valid OAuth pair as if connected earlier (its access token already expired when `expired`). */
  issueTokens(expired = false, listsScope = true) {
    const accessToken = `oauth-${randomBytes(12).toString('hex')}`;
    const refreshToken = `refresh-${randomBytes(12).toString('hex')}`;
    this.accessTokens.set(accessToken, Date.now() + (expired ? -1000 : this.tokenLifetimeSeconds * 1000));
    this.refreshTokens.add(refreshToken);
    if (!listsScope) this.withoutLists.add(accessToken);
    return { accessToken, refreshToken };
  }

  protected handle(req: VendorRequest): VendorAnswer {
    if (req.path === '/oauth/authorize' && req.method === 'GET') return this.authorize(req);
    if (req.path === '/oauth/v1/token' && req.method === 'POST') return this.token(req);
    const info = /^\/oauth\/v1\/access-tokens\/([^/]+)$/.exec(req.path);
    if (info && req.method === 'GET') return this.tokenInfo(decodeURIComponent(info[1]!));

    const token = /^Bearer (\S+)$/.exec((req.headers.authorization as string | undefined) ?? '')?.[1];
    const oauthExpiry = token ? this.accessTokens.get(token) : undefined;
    if (oauthExpiry !== undefined && oauthExpiry < Date.now())
      return error(401, 'EXPIRED_AUTHENTICATION', 'The OAuth token used to make this call expired.');
    if (!token || (token !== this.privateAppToken && oauthExpiry === undefined))
      return error(401, 'INVALID_AUTHENTICATION', 'Authentication credentials not found.');
    const fault = this.faults.fault(
      {
        status: 'error',
        message: 'You have reached your secondly limit.',
        errorType: 'RATE_LIMIT',
        correlationId: randomUUID(),
        policyName: 'SECONDLY',
      },
      { status: 'error', message: 'Service Unavailable', category: 'SERVICE_UNAVAILABLE' },
    );
    if (fault) return fault;
    if (req.path.startsWith('/crm/v3/lists') && this.withoutLists.has(token))
      return {
        status: 403,
        json: {
          status: 'error',
          message: "This app hasn't been granted all required scopes to make this call.",
          correlationId: randomUUID(),
          category: 'MISSING_SCOPES',
          errors: [
            {
              message: 'One or more of the following scopes are required.',
              context: { requiredGranularScopes: ['crm.lists.read'] },
            },
          ],
        },
      };
    return this.api(req);
  }

  private api(req: VendorRequest): VendorAnswer {
    const { method, path } = req;
    if (method === 'GET' && path === '/account-info/v3/details')
      return {
        json: {
          portalId: this.portalId,
          accountType: 'STANDARD',
          timeZone: 'Europe/Madrid',
          companyCurrency: 'EUR',
          uiDomain: 'app.hubspot.com',
          dataHostingLocation: 'na1',
        },
      };
    if (method === 'POST' && path === '/crm/v3/lists/search') {
      const lists = [...this.lists].map(([listId, l]) => ({
        listId,
        name: l.name,
        processingType: 'MANUAL',
        objectTypeId: '0-1',
      }));
      return { json: { lists, hasMore: false, offset: lists.length, total: lists.length } };
    }
    const list = /^\/crm\/v3\/lists\/([^/]+)(\/memberships\/add)?$/.exec(path);
    if (list) {
      const l = this.lists.get(decodeURIComponent(list[1]!));
      if (!l) return error(404, 'OBJECT_NOT_FOUND', `List does not exist with id ${list[1]}.`);
      if (method === 'GET' && !list[2])
        return { json: { list: { listId: list[1], name: l.name, processingType: 'MANUAL', size: l.members.size } } };
      if (method === 'PUT' && list[2]) return this.addMembers(l.members, req.json as unknown);
    }
    if (method === 'POST' && path === '/crm/v3/objects/contacts/batch/upsert') return this.upsert(req);
    if (method === 'POST' && path === '/crm/v3/objects/contacts/gdpr-delete') return this.gdprDelete(req);
    const unsub = /^\/communication-preferences\/v4\/statuses\/([^/]+)\/unsubscribe-all$/.exec(path);
    if (method === 'POST' && unsub && req.query.get('channel') === 'EMAIL') {
      const email = decodeURIComponent(unsub[1]!).toLowerCase();
      this.unsubscribedSet.add(email);
      const result = {
        channel: 'EMAIL',
        status: 'NOT_SUBSCRIBED',
        subscriberIdString: email,
        timestamp: new Date().toISOString(),
        wideStatusType: 'PORTAL_WIDE',
      };
      return {
        json: {
          status: 'COMPLETE',
          results: [result],
          startedAt: new Date().toISOString(),
          completedAt: new Date().toISOString(),
        },
      };
    }
    return error(404, 'OBJECT_NOT_FOUND', 'Not Found');
  }

  private upsert(req: VendorRequest): VendorAnswer {
    const inputs = (req.json?.inputs ?? []) as { idProperty?: string; id?: string; properties?: Record<string, string> }[];
    if (!Array.isArray(inputs) || inputs.length === 0 || inputs.length > 100)
      return error(400, 'VALIDATION_ERROR', 'inputs must hold between 1 and 100 records');
    const invalid = inputs.filter((i) => i.idProperty !== 'email' || !validEmail(i.id));
    if (invalid.length && this.invalidInBatch === 'whole-batch')
      return error(
        400,
        'VALIDATION_ERROR',
        `Property values were not valid: ${invalid.map((i) => `Email address ${i.id} is invalid`).join('; ')}`,
      );
    const results = [];
    const errors = [];
    for (const input of inputs) {
      if (input.idProperty !== 'email' || !validEmail(input.id)) {
        errors.push({
          status: 'error',
          category: 'VALIDATION_ERROR',
          message: `Property values were not valid: [{"isValid":false,"message":"Email address ${input.id} is invalid","error":"INVALID_EMAIL","name":"email"}]`,
          context: { ids: [input.id] },
        });
        continue;
      }
      const email = input.id.toLowerCase();
      const existing = this.contacts.get(email);
      const contact = existing ?? { id: String(this.nextId++), properties: {} };
      contact.properties = { ...contact.properties, ...input.properties, email };
      this.contacts.set(email, contact);
      this.erasedSet.delete(email);
      const now = new Date().toISOString();
      results.push({
        id: contact.id,
        properties: contact.properties,
        createdAt: now,
        updatedAt: now,
        archived: false,
        new: !existing,
      });
    }
    const now = new Date().toISOString();
    const body = {
      status: 'COMPLETE',
      results,
      startedAt: now,
      completedAt: now,
      ...(errors.length ? { errors, numErrors: errors.length } : {}),
    };
    return { status: errors.length ? 207 : 200, json: body };
  }

  private addMembers(members: Set<string>, ids: unknown): VendorAnswer {
    if (!Array.isArray(ids)) return error(400, 'VALIDATION_ERROR', 'the body must be an array of record ids');
    const known = new Set([...this.contacts.values()].map((c) => c.id));
    const added = [];
    const already = [];
    const missing = [];
    for (const id of ids.map(String)) {
      if (!known.has(id)) missing.push(id);
      else if (members.has(id)) already.push(id);
      else {
        members.add(id);
        added.push(id);
      }
    }
    return { json: { recordIdsAdded: added, recordsIdsAlreadyMembers: already, recordIdsMissing: missing } };
  }

  private gdprDelete(req: VendorRequest): VendorAnswer {
    const { objectId, idProperty } = (req.json ?? {}) as { objectId?: string; idProperty?: string };
    const entry = [...this.contacts].find(([email, c]) =>
      idProperty === 'email' ? email === String(objectId).toLowerCase() : c.id === String(objectId),
    );
    if (!entry) return error(404, 'OBJECT_NOT_FOUND', 'resource not found');
    this.contacts.delete(entry[0]);
    for (const l of this.lists.values()) l.members.delete(entry[1].id);
    this.erasedSet.add(entry[0]);
    return { status: 204 };
  }

  private authorize(req: VendorRequest): VendorAnswer {
    const redirectUri = req.query.get('redirect_uri');
    if (req.query.get('client_id') !== this.clientId || !redirectUri)
      return { status: 400, text: 'Invalid client_id or redirect_uri' };
    const code = randomBytes(12).toString('hex');
    this.codes.set(code, { redirectUri });
    return authorizeRedirect(redirectUri, code, req.query.get('state'));
  }

  private token(req: VendorRequest): VendorAnswer {
    const form = new URLSearchParams(req.raw);
    if (form.get('client_id') !== this.clientId || form.get('client_secret') !== this.clientSecret)
      return error(400, 'BAD_CLIENT_ID', 'missing or invalid client_id or client_secret');
    if (form.get('grant_type') === 'authorization_code') {
      const code = this.codes.get(form.get('code') ?? '');
      if (!code || code.redirectUri !== form.get('redirect_uri'))
        return error(400, 'BAD_AUTH_CODE', 'missing or unknown auth code');
      this.codes.delete(form.get('code')!);
    } else if (form.get('grant_type') === 'refresh_token') {
      if (!this.refreshTokens.has(form.get('refresh_token') ?? ''))
        return error(400, 'BAD_REFRESH_TOKEN', 'missing or unknown refresh token');
    } else return error(400, 'BAD_GRANT_TYPE', 'grant_type must be authorization_code or refresh_token');
    const { accessToken, refreshToken } = this.issueTokens();
    return {
      json: {
        token_type: 'bearer',
        access_token: accessToken,
        refresh_token: refreshToken,
        expires_in: this.tokenLifetimeSeconds,
      },
    };
  }

  private tokenInfo(token: string): VendorAnswer {
    const expiry = this.accessTokens.get(token);
    if (expiry === undefined || expiry < Date.now()) return error(404, 'OBJECT_NOT_FOUND', 'access token not found or expired');
    return {
      json: {
        token,
        user: 'owner@example.com',
        hub_domain: `demo-${this.portalId}.hubspot.com`,
        scopes: ['crm.objects.contacts.read', 'crm.objects.contacts.write'],
        hub_id: this.portalId,
        app_id: 123456,
        expires_in: Math.floor((expiry - Date.now()) / 1000),
        user_id: 42,
        token_type: 'access',
      },
    };
  }

  contact(email: string) {
    const c = this.contacts.get(email.toLowerCase());
    return c ? { ...c.properties } : undefined;
  }
  /** The list ids a contact is a member of. */
  listsOf(email: string) {
    const c = this.contacts.get(email.toLowerCase());
    return c ? [...this.lists].filter(([, l]) => l.members.has(c.id)).map(([id]) => id) : [];
  }
  count() {
    return this.contacts.size;
  }
  unsubscribed(email: string) {
    return this.unsubscribedSet.has(email.toLowerCase());
  }
  erased(email: string) {
    return this.erasedSet.has(email.toLowerCase()) && !this.contacts.has(email.toLowerCase());
  }
}
