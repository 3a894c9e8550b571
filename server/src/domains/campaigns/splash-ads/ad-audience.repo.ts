import { and, eq, lt, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { guestDevices, guests, guestSessions } from '../../../db/schema/index.ts';

/** What the ads' rules read of a device at a site: its earlier logins and its guest's gender and birthday. */
export function createAdAudienceRepo(db: Database) {
  return {
    async ofDevice(siteId: number, mac: string, before: Date) {
      const [visits] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(guestSessions)
        .where(and(eq(guestSessions.siteId, siteId), eq(guestSessions.mac, mac), lt(guestSessions.startedAt, before)));
      const [guest] = await db
        .select({ gender: guests.gender, birthday: guests.birthday })
        .from(guestDevices)
        .innerJoin(guests, eq(guests.id, guestDevices.guestId))
        .where(and(eq(guestDevices.siteId, siteId), eq(guestDevices.mac, mac)));
      return { visits: Number(visits?.n ?? 0), gender: guest?.gender ?? null, birthday: guest?.birthday ?? null };
    },
  };
}
