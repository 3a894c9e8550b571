import { and, eq, sql } from 'drizzle-orm';
import type { AuthMethod, SplashDesign } from '@splashboard/contract';
import type { Database, Transaction } from '../db/client.ts';
import { consentTexts, guestConsents, guestDevices, guestSessions, guests } from '../db/schema/index.ts';
import { sha256 } from '../platform/crypto.ts';
import type { Collected } from './login-fields.ts';
import { describeUserAgent } from './user-agent.ts';

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

const consentIds = new Map<string, number>();

/** The version row of the consent texts a guest saw: the same texts always map to the same version. */
export async function consentTextId(db: Database, siteId: number, design: SplashDesign): Promise<number> {
  const texts = Object.fromEntries(CONSENT_KEYS.map((k) => [k, design[k]]));
  const hash = sha256(JSON.stringify(texts));
  const cacheKey = `${siteId}:${hash}`;
  const known = consentIds.get(cacheKey);
  if (known) return known;
  for (let attempt = 0; ; attempt++) {
    try {
      await db
        .insert(consentTexts)
        .values({
          siteId,
          hash,
          texts,
          version: sql`(select coalesce(max(version), 0) + 1 from consent_texts where site_id = ${siteId})`,
        })
        .onConflictDoNothing({ target: [consentTexts.siteId, consentTexts.hash] });
      break;
    } catch (err) {
      // Two new versions at once took the same number: take the next one.
      if (attempt >= 3) throw err;
    }
  }
  const [row] = await db
    .select({ id: consentTexts.id })
    .from(consentTexts)
    .where(and(eq(consentTexts.siteId, siteId), eq(consentTexts.hash, hash)));
  consentIds.set(cacheKey, row!.id);
  return row!.id;
}

/**
 * Writes a login in one transaction: the guest (created or updated with what they just told us), their
 * device, their consents against the exact texts shown, and a pending session for the grant.
 */
export async function recordLogin(db: Database, rec: LoginRecord) {
  const textId = rec.consent.none ? 0 : await consentTextId(db, rec.siteId, rec.consent.design);
  const c = rec.collected;
  const mac = rec.arrival.clientMac;
  const now = new Date();
  return db.transaction(async (tx) => {
    const [guest] = await tx
      .insert(guests)
      .values({
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
        marketingConsent: c.marketingConsent ?? false,
        firstMethod: rec.method,
        lastMethod: rec.method,
        visits: 1,
      })
      .onConflictDoUpdate({
        target: [guests.siteId, guests.identity],
        set: {
          email: sql`coalesce(excluded.email, ${guests.email})`,
          phone: sql`coalesce(excluded.phone, ${guests.phone})`,
          firstName: sql`coalesce(excluded.first_name, ${guests.firstName})`,
          lastName: sql`coalesce(excluded.last_name, ${guests.lastName})`,
          gender: sql`coalesce(excluded.gender, ${guests.gender})`,
          birthday: sql`coalesce(excluded.birthday, ${guests.birthday})`,
          country: sql`coalesce(excluded.country, ${guests.country})`,
          postcode: sql`coalesce(excluded.postcode, ${guests.postcode})`,
          fields: sql`${guests.fields} || excluded.fields`,
          marketingConsent: c.marketingConsent === undefined ? sql`${guests.marketingConsent}` : c.marketingConsent,
          lastMethod: rec.method,
          lastSeenAt: now,
          visits: sql`${guests.visits} + 1`,
        },
      })
      .returning({ id: guests.id });
    const guestId = guest!.id;

    let deviceId: number | null = null;
    if (mac) {
      const ua = describeUserAgent(rec.request.userAgent);
      const [device] = await tx
        .insert(guestDevices)
        .values({
          accountId: rec.accountId,
          siteId: rec.siteId,
          guestId,
          mac,
          userAgent: rec.request.userAgent.slice(0, 500),
          deviceType: ua.deviceType,
          os: ua.os,
        })
        .onConflictDoUpdate({
          target: [guestDevices.siteId, guestDevices.mac],
          set: {
            guestId,
            userAgent: rec.request.userAgent.slice(0, 500),
            deviceType: ua.deviceType,
            os: ua.os,
            lastSeenAt: now,
          },
        })
        .returning({ id: guestDevices.id });
      deviceId = device!.id;
    }

    const consent = (kind: string, granted: boolean) => ({
      accountId: rec.accountId,
      siteId: rec.siteId,
      guestId,
      consentTextId: textId,
      kind,
      granted,
      mac,
      ip: rec.request.ip,
      userAgent: rec.request.userAgent.slice(0, 500),
    });
    // Connecting is agreeing to the terms and privacy policy shown under the form (or on the terms screen).
    if (!rec.consent.none) {
      const consents = [
        consent(rec.consent.termsScreen ? 'terms_screen' : 'terms', true),
        consent('gdpr_contact', true),
        consent('gdpr_device_id', true),
      ];
      if (c.marketingConsent !== undefined) consents.push(consent('marketing', c.marketingConsent));
      await tx.insert(guestConsents).values(consents);
    }

    if (!rec.limits) return { guestId, deviceId, sessionId: null };
    const [session] = await tx
      .insert(guestSessions)
      .values({
        accountId: rec.accountId,
        siteId: rec.siteId,
        guestId,
        deviceId,
        mac,
        clientIp: rec.arrival.clientIp,
        apMac: rec.arrival.apMac,
        ssid: rec.arrival.ssid,
        method: rec.method,
        family: rec.family,
        expiresAt: new Date(now.getTime() + rec.limits.minutes * 60_000),
        minutes: rec.limits.minutes,
        upKbps: rec.limits.upKbps,
        downKbps: rec.limits.downKbps,
        quotaMb: rec.limits.quotaMB,
      })
      .returning({ id: guestSessions.id });
    await rec.onRecorded?.(tx, { guestId, deviceId, sessionId: session!.id });
    return { guestId, deviceId, sessionId: session!.id };
  });
}
