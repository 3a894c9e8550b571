import type { FieldMapEntry, IntegrationKind, IntegrationSettings } from '@splashboard/contract';

/**
 * One vendor's adapter: the documented calls that test a connection and deliver contacts, each a
 * function of the connection (settings, tokens, the API's origin) and the contacts. Adapters hold no
 * state and never touch the database: the delivery engine (domains/integrations/delivery) batches,
 * paces, retries and records.
 */

/** A guest as the vendor receives them: the field map already applied. */
export interface VendorContact {
  /** Our guest id (null once erased). */
  guestId: number | null;
  email: string | null;
  phone: string | null;
  /** The vendor's field name → value, from the integration's field map. */
  fields: Record<string, string | number | boolean | null>;
  /** What the vendor calls this contact, when an earlier delivery learnt it (erasure by id). */
  vendorId: string | null;
  /** The list or tags of the settings apply; consent is true for every contact an upsert gets. */
  consentAt: string | null;
}

/** A login as webhook and Teams post it: who, where, when, how. */
export interface LoginNotice {
  /** The delivery's id: a receiver that sees it twice (a retry) ignores the second. */
  id: string;
  event: 'guest.login' | 'guest.unsubscribed' | 'guest.erased';
  site: { id: number; name: string };
  guest: {
    id: number | null;
    email: string | null;
    phone: string | null;
    first_name: string | null;
    last_name: string | null;
    visits: number | null;
    login_method: string | null;
    marketing_consent: boolean;
    /** The mapped fields, as the field map names them. */
    fields: Record<string, string | number | boolean | null>;
  };
  /** When it happened (the login's last_seen_at, the erasure's time). */
  at: string;
}

/** Where and how an adapter reaches its vendor for one integration. */
export interface VendorConnection {
  kind: IntegrationKind;
  /** Every form value, secrets unsealed. */
  settings: IntegrationSettings;
  /** Tokens once connected by OAuth (HubSpot, Mailchimp): the adapter uses them instead of the key. */
  oauth: OAuthTokens | null;
  /** The vendor's origin for this call: `real` unless INTEGRATION_API_BASES replaces this kind's. */
  origin(real: string): string;
  /** Signs a signed_post or webhook body: the value of the Splashboard-Signature header. */
  sign(body: string, timestampSeconds: number): string;
}

export interface OAuthTokens {
  accessToken: string;
  refreshToken: string | null;
  /** Epoch milliseconds; null: does not expire (Mailchimp). */
  expiresAt: number | null;
  /** Vendor data learnt at connection (Mailchimp's api_endpoint and dc, HubSpot's portal id). */
  extra: Record<string, string>;
}

/** One contact's outcome in a call that went through. */
export type ContactOutcome =
  | { ok: true; vendorId?: string | null; httpStatus?: number; answer?: string }
  /** The vendor refused this contact for good (an invalid address): it is parked with the answer. */
  | { ok: false; httpStatus?: number; answer: string };

export interface TestResult {
  /** The vendor's account as it names it. */
  account?: string | null;
  /** Its lists (audiences, address books, groups) to choose from. */
  lists?: { id: string; name: string }[];
}

export interface VendorAdapter {
  kind: IntegrationKind;
  /** Contacts in one upsert call (1 when the vendor takes one at a time). */
  batchSize: number;
  /** Calls a second one vendor account allows (the engine paces to it). */
  callsPerSecond: number;
  /** The field map a new integration starts with: guest fields to the vendor's standard fields. */
  defaultFieldMap: FieldMapEntry[];
  /** A harmless read that proves the settings; throws a VendorError saying what is wrong. */
  test(conn: VendorConnection): Promise<TestResult>;
  /** Creates or updates each contact (never a duplicate), on the list and with the tags of the settings. Outcomes in order. */
  upsert?(conn: VendorConnection, contacts: VendorContact[]): Promise<ContactOutcome[]>;
  /** Unsubscribes a contact whose consent was withdrawn. */
  unsubscribe?(conn: VendorConnection, contact: VendorContact): Promise<ContactOutcome>;
  /** Removes (or, where the vendor allows no more, forgets and suppresses) an erased guest. */
  erase?(conn: VendorConnection, contact: VendorContact): Promise<ContactOutcome>;
  /** Webhook and Teams: posts notices; the engine calls it for every action of these kinds (login, unsubscribe, erase). */
  notify?(conn: VendorConnection, notices: LoginNotice[]): Promise<ContactOutcome[]>;
  /** Vendors with OAuth: how to send the browser to it and turn its code into tokens. */
  oauth?: VendorOAuth;
}

export interface VendorOAuth {
  authorizeUrl(p: { conn: Pick<VendorConnection, 'origin'>; clientId: string; redirectUri: string; state: string }): string;
  /** The code exchanged for tokens, and the vendor's name for the account. */
  exchange(p: {
    conn: Pick<VendorConnection, 'origin'>;
    clientId: string;
    clientSecret: string;
    redirectUri: string;
    code: string;
  }): Promise<{ tokens: OAuthTokens; account: string | null }>;
  /** New tokens from the refresh token (null when the vendor's tokens do not expire). */
  refresh?(p: {
    conn: Pick<VendorConnection, 'origin'>;
    clientId: string;
    clientSecret: string;
    tokens: OAuthTokens;
  }): Promise<OAuthTokens>;
}

/**
 * Why a call failed, in terms the engine and the operator act on:
 * - auth: the key or token was refused (401/403): the integration turns failing, nothing is parked;
 * - not_found: the list, audience or account named does not exist (`what` says which);
 * - region: the account lives in another region (`region` names it);
 * - rate_limited: 429, retried after `retryAfterSeconds`;
 * - unavailable: 5xx, a timeout or no connection: retried with backoff;
 * - rejected: another 4xx for the whole call: parked with the answer.
 */
export type VendorErrorReason = 'auth' | 'not_found' | 'region' | 'rate_limited' | 'unavailable' | 'rejected';

export class VendorError extends Error {
  constructor(
    readonly reason: VendorErrorReason,
    /** The vendor's own words, shortened (shown in the log and the test result). */
    readonly detail: string,
    readonly info: { httpStatus?: number; retryAfterSeconds?: number; what?: string; region?: string } = {},
  ) {
    super(`${reason}: ${detail}`);
    this.name = 'VendorError';
  }

  get temporary(): boolean {
    return this.reason === 'rate_limited' || this.reason === 'unavailable';
  }
}
