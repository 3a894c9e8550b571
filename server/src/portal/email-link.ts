import { and, eq, gt, isNull } from 'drizzle-orm';
import type { GuestLang } from '@splashboard/splash';
import { guestSessions, guests, portalChallenges } from '../db/schema/index.ts';
import { sha256 } from '../platform/crypto.ts';
import type { PortalDeps } from './deps.ts';
import { grantSession } from './grant.ts';
import { limitsOf } from './limits.ts';
import { bareMessage, messagePage, methodSettings, type PortalAnswer } from './views.ts';

/**
 * The link in a guest's verification email. It confirms the address; when the guest is still inside
 * their grace period on the same device, their short session becomes a full one.
 */
export async function verifyEmailLink(deps: PortalDeps, token: string, lang: GuestLang): Promise<PortalAnswer> {
  const [challenge] = await deps.db
    .select()
    .from(portalChallenges)
    .where(
      and(
        eq(portalChallenges.id, sha256(token)),
        eq(portalChallenges.kind, 'email_verify'),
        gt(portalChallenges.expiresAt, new Date()),
      ),
    );
  const invalid = () => bareMessage(lang, (t) => ({ tone: 'error', title: t.expiredTitle, body: t.emailLinkInvalid }), 410);
  if (!challenge) return invalid();
  const data = challenge.data as { guestId: number; email: string; sessionId: number | null; pass: string };
  const snap = await deps.snapshots.byId(challenge.siteId);
  if (!snap) return invalid();
  const firstUse = !challenge.usedAt;
  if (firstUse) {
    await deps.db.update(portalChallenges).set({ usedAt: new Date() }).where(eq(portalChallenges.id, challenge.id));
    await deps.db
      .update(guests)
      .set({ emailVerifiedAt: new Date() })
      .where(and(eq(guests.id, data.guestId), eq(guests.siteId, challenge.siteId), isNull(guests.emailVerifiedAt)));
  }
  const pass = deps.signer.verify(data.pass);
  const confirmed = messagePage(
    snap,
    pass?.lang ?? lang,
    (t) => ({ tone: 'success', title: t.emailVerifiedTitle, body: t.emailVerifiedBody }),
    200,
    false,
  );
  if (!firstUse || !pass || !data.sessionId) return confirmed;
  const [session] = await deps.db
    .select()
    .from(guestSessions)
    .where(and(eq(guestSessions.id, data.sessionId), isNull(guestSessions.endedAt), gt(guestSessions.expiresAt, new Date())));
  if (!session) return confirmed;
  const full = limitsOf(methodSettings(snap, 'email').values);
  await deps.db
    .update(guestSessions)
    .set({ minutes: full.minutes, expiresAt: new Date(session.startedAt.getTime() + full.minutes * 60_000) })
    .where(eq(guestSessions.id, session.id));
  return grantSession(deps, snap, pass, session.id);
}
