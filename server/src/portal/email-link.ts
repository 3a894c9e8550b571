import type { GuestLang } from '@splashboard/splash';
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
  const challenge = await deps.challenges.unexpired(sha256(token), 'email_verify');
  const invalid = () => bareMessage(lang, (t) => ({ tone: 'error', title: t.expiredTitle, body: t.emailLinkInvalid }), 410);
  if (!challenge) return invalid();
  const data = challenge.data as { guestId: number; email: string; sessionId: number | null; pass: string };
  const snap = await deps.snapshots.byId(challenge.siteId);
  if (!snap) return invalid();
  const firstUse = !challenge.usedAt;
  if (firstUse) {
    await deps.challenges.markUsed(challenge.id);
    await deps.guests.markEmailVerified(data.guestId, challenge.siteId);
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
  const session = await deps.guestSessions.openById(data.sessionId);
  if (!session) return confirmed;
  const full = limitsOf(methodSettings(snap, 'email').values);
  await deps.guestSessions.extend(session.id, full.minutes, new Date(session.startedAt.getTime() + full.minutes * 60_000));
  return grantSession(deps, snap, pass, session.id);
}
