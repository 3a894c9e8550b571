import { and, count, desc, eq, gte, isNull, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client.ts';
import { consentTexts, guestConsents, guestDevices, guests } from '../../db/schema/index.ts';
import { guestSessionsSql } from './guest-sessions.repo.ts';

export type GuestRow = typeof guests.$inferSelect;

/**
 * Consent text versions by `siteId:hash`, per database (site ids of two databases in one process, as in
 * tests, are not the same sites): a version row never changes once written.
 */
const consentIdsOf = new WeakMap<Database, Map<string, number>>();

/**
 * guests, guest_devices, consent_texts and guest_consents: a site's guests as their logins record them,
 * their devices and what they agreed to. The only module that queries these tables (the dashboard's list
 * and downloads of guests are in guest-list.repo.ts).
 */
export function createGuestsRepo(db: Database) {
  let consentIds = consentIdsOf.get(db);
  if (!consentIds) consentIdsOf.set(db, (consentIds = new Map()));
  return {
    // ---- Recording a login ----------------------------------------------------------------------------

    /**
     * The version row of these consent texts at the site: the same texts (by hash) always map to the same
     * version; a new version takes the next number.
     */
    async consentTextId(siteId: number, hash: string, texts: Record<string, string>): Promise<number> {
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
    },

    // ---- The portal -----------------------------------------------------------------------------------

    /** When the device last gave this consent at the site since `since`, if it did. */
    async lastConsentOfDevice(siteId: number, mac: string, kind: string, since: Date): Promise<Date | undefined> {
      const [row] = await db
        .select({ at: guestConsents.createdAt })
        .from(guestConsents)
        .where(
          and(
            eq(guestConsents.siteId, siteId),
            eq(guestConsents.mac, mac),
            eq(guestConsents.kind, kind),
            gte(guestConsents.createdAt, since),
          ),
        )
        .orderBy(desc(guestConsents.createdAt))
        .limit(1);
      return row?.at;
    },

    /** A guest by what they log in with, as email verification needs it. */
    async byIdentity(siteId: number, identity: string) {
      const [known] = await db
        .select({ id: guests.id, verifiedAt: guests.emailVerifiedAt, visits: guests.visits })
        .from(guests)
        .where(and(eq(guests.siteId, siteId), eq(guests.identity, identity)));
      return known;
    },

    async idOfIdentity(siteId: number, identity: string): Promise<number | undefined> {
      const [guest] = await db
        .select({ id: guests.id })
        .from(guests)
        .where(and(eq(guests.siteId, siteId), eq(guests.identity, identity)));
      return guest?.id;
    },

    /** A guest of the site whose email is not confirmed yet. */
    async unverified(id: number, siteId: number): Promise<GuestRow | undefined> {
      const [guest] = await db
        .select()
        .from(guests)
        .where(and(eq(guests.id, id), eq(guests.siteId, siteId), isNull(guests.emailVerifiedAt)));
      return guest;
    },

    async markEmailVerified(id: number, siteId: number) {
      await db
        .update(guests)
        .set({ emailVerifiedAt: new Date() })
        .where(and(eq(guests.id, id), eq(guests.siteId, siteId), isNull(guests.emailVerifiedAt)));
    },

    // ---- The dashboard --------------------------------------------------------------------------------

    async byId(id: number, siteId: number, accountId: number, tx: Executor = db): Promise<GuestRow | undefined> {
      const [row] = await tx
        .select()
        .from(guests)
        .where(and(eq(guests.id, id), eq(guests.siteId, siteId), eq(guests.accountId, accountId)));
      return row;
    },

    /** A guest's devices, last seen first, each with whether it is online now. */
    async devicesOf(guestId: number) {
      return db
        .select({ device: guestDevices, online: guestSessionsSql.deviceOnline })
        .from(guestDevices)
        .where(eq(guestDevices.guestId, guestId))
        .orderBy(desc(guestDevices.lastSeenAt));
    },

    async deviceOf(siteId: number, guestId: number, mac: string) {
      const [device] = await db
        .select({ id: guestDevices.id })
        .from(guestDevices)
        .where(and(eq(guestDevices.siteId, siteId), eq(guestDevices.guestId, guestId), eq(guestDevices.mac, mac)));
      return device;
    },

    /** A guest's latest consent answers, with the version and texts each was given against. */
    async consentsOf(guestId: number, limit: number) {
      return db
        .select({ consent: guestConsents, version: consentTexts.version, texts: consentTexts.texts })
        .from(guestConsents)
        .innerJoin(consentTexts, eq(consentTexts.id, guestConsents.consentTextId))
        .where(eq(guestConsents.guestId, guestId))
        .orderBy(desc(guestConsents.createdAt), desc(guestConsents.id))
        .limit(limit);
    },

    async consentCountOf(guestId: number): Promise<number> {
      const [row] = await db.select({ n: count() }).from(guestConsents).where(eq(guestConsents.guestId, guestId));
      return Number(row?.n ?? 0);
    },

    /** Erases a guest (their devices, sessions and consents go with them: the foreign keys cascade). */
    async remove(id: number, siteId: number, accountId: number, tx: Executor = db): Promise<boolean> {
      const deleted = await tx
        .delete(guests)
        .where(and(eq(guests.id, id), eq(guests.siteId, siteId), eq(guests.accountId, accountId)))
        .returning({ id: guests.id });
      return deleted.length > 0;
    },
  };
}
export type GuestsRepo = ReturnType<typeof createGuestsRepo>;
