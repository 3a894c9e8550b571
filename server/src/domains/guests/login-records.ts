import type { AuthMethod, SplashDesign } from '@splashboard/contract';
import type { Database, Transaction } from '../../db/client.ts';
import { sha256 } from '../../platform/crypto.ts';
import type { GuestSessionsRepo } from './guest-sessions.repo.ts';
import type { GuestsRepo } from './guests.repo.ts';
import { createLoginRecordsRepo, type LoginRecordsRepo, type LoginRows } from './login-records.repo.ts';
import { describeUserAgent } from './user-agent.ts';

/** What a guest told us, in the shape the guest record keeps. */
export interface Collected {
  email?: string;
  phone?: string;
  firstName?: string;
  lastName?: string;
  gender?: string;
  /** ISO YYYY-MM-DD. */
  birthday?: string;
  country?: string;
  postcode?: string;
  /** Present when the form had a marketing consent box: whether it was ticked. */
  marketingConsent?: boolean;
  /** Custom answers by the field's title. */
  custom: Record<string, string | boolean>;
}

export interface LoginRecord {
  accountId: number;
  siteId: number;
  method: AuthMethod;
  family: string;
  identity: string;
  collected: Collected;
  arrival: { clientMac: string | null; clientIp: string | null; apMac: string | null; ssid: string | null };
  request: { ip: string; userAgent: string };
  /** The session's limits; without them only the guest is recorded (an email still to confirm). */
  limits?: { minutes: number; upKbps: number; downKbps: number; quotaMB: number };
  /**
   * The consent texts as the guest saw them, and whether a terms screen was agreed to. A returning
   * device let in without the splash page saw nothing, so nothing new is recorded for it (`none`).
   */
  consent: { design: SplashDesign; termsScreen: boolean; none?: boolean };
  /**
   * Runs inside the same transaction once the session row exists: a login method writes its own rows
   * there (a voucher seat taken, an account's device), and throwing aborts the whole login.
   */
  onRecorded?: (tx: Transaction, ids: { guestId: number; deviceId: number | null; sessionId: number }) => Promise<void>;
}

/** Where logins are written: the database (for the login's transaction) and the guest tables' repos. */
export interface LoginStore {
  db: Database;
  guests: GuestsRepo;
  guestSessions: GuestSessionsRepo;
}

/** The identity a guest is known by at a site: what they logged in with, else their device. */
export function identityOf(method: AuthMethod, collected: Collected, mac: string | null, socialId?: string): string {
  if (socialId) return `${method}:${socialId}`;
  if (method === 'phone' && collected.phone) return `phone:${collected.phone}`;
  if (collected.email) return `email:${collected.email}`;
  if (collected.phone) return `phone:${collected.phone}`;
  return mac ? `device:${mac}` : `anonymous:${crypto.randomUUID()}`;
}

const CONSENT_KEYS = [
  'partialtos1_text', 'tos_text', 'partialtos2_text', 'privacy_text', 'tos_content', 'privacy_content',
  'optional_h1', 'optional_h2', 'optional_desc', 'gdpr_heading_text', 'gdpr_contact_h1', 'gdpr_contact_h2',
  'gdpr_contact_desc', 'gdpr_device_id_h1', 'gdpr_device_id_h2', 'gdpr_device_id_desc',
] as const; // prettier-ignore

/** The consent texts of a design and their hash, worked out once per design object (the portal keeps them). */
const consentTextsOf = new WeakMap<SplashDesign, { texts: Record<string, string>; hash: string }>();

/** The version row of the consent texts a guest saw: the same texts always map to the same version. */
export async function consentTextId(guests: GuestsRepo, siteId: number, design: SplashDesign): Promise<number> {
  let known = consentTextsOf.get(design);
  if (!known) {
    const texts = Object.fromEntries(CONSENT_KEYS.map((k) => [k, design[k]]));
    known = { texts, hash: sha256(JSON.stringify(texts)) };
    consentTextsOf.set(design, known);
  }
  return guests.consentTextId(siteId, known.hash, known.texts);
}

const loginRecordsOf = new WeakMap<Database, LoginRecordsRepo>();

/**
 * Writes a login at once: the guest (created or updated with what they just told us), their device,
 * their consents against the exact texts shown, and a pending session for the grant, in one statement
 * (login-records.repo.ts). A method with rows of its own (onRecorded) gets them written in the same
 * transaction.
 */
export async function recordLogin(store: LoginStore, rec: LoginRecord) {
  const textId = rec.consent.none ? 0 : await consentTextId(store.guests, rec.siteId, rec.consent.design);
  let repo = loginRecordsOf.get(store.db);
  if (!repo) loginRecordsOf.set(store.db, (repo = createLoginRecordsRepo(store.db)));
  const c = rec.collected;
  const mac = rec.arrival.clientMac;
  const now = new Date();
  const userAgent = rec.request.userAgent.slice(0, 500);
  const ua = mac ? describeUserAgent(rec.request.userAgent) : null;
  // Connecting is agreeing to the terms and privacy policy shown under the form (or on the terms screen).
  const kinds = [
    { kind: rec.consent.termsScreen ? 'terms_screen' : 'terms', granted: true },
    { kind: 'gdpr_contact', granted: true },
    { kind: 'gdpr_device_id', granted: true },
  ];
  if (c.marketingConsent !== undefined) kinds.push({ kind: 'marketing', granted: c.marketingConsent });
  const rows: LoginRows = {
    now,
    guest: {
      accountId: rec.accountId,
      siteId: rec.siteId,
      identity: rec.identity,
      email: c.email ?? null,
      phone: c.phone ?? null,
      firstName: c.firstName ?? null,
      lastName: c.lastName ?? null,
      gender: c.gender ?? null,
      birthday: c.birthday ?? null,
      country: c.country ?? null,
      postcode: c.postcode ?? null,
      fields: c.custom,
      marketingConsent: c.marketingConsent,
      method: rec.method,
    },
    device: mac && ua ? { mac, userAgent, deviceType: ua.deviceType, os: ua.os } : null,
    consents: rec.consent.none ? null : { consentTextId: textId, kinds, mac, ip: rec.request.ip, userAgent },
    session: rec.limits
      ? {
          mac,
          clientIp: rec.arrival.clientIp,
          apMac: rec.arrival.apMac,
          ssid: rec.arrival.ssid,
          family: rec.family,
          expiresAt: new Date(now.getTime() + rec.limits.minutes * 60_000),
          minutes: rec.limits.minutes,
          upKbps: rec.limits.upKbps,
          downKbps: rec.limits.downKbps,
          quotaMb: rec.limits.quotaMB,
        }
      : null,
  };
  const onRecorded = rec.onRecorded;
  const ids = onRecorded
    ? await store.db.transaction(async (tx) => {
        const written = await repo.record(rows, tx);
        if (written.sessionId !== null) await onRecorded(tx, { ...written, sessionId: written.sessionId });
        return written;
      })
    : await repo.record(rows);
  // The session starts at the login's time (the statement writes it): its key, without reading it back.
  return {
    ...ids,
    session: rows.session && ids.sessionId !== null ? { id: ids.sessionId, startedAt: rows.now, ...rows.session } : null,
  };
}
