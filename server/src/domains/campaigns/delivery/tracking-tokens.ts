import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The tokens of a campaign email's links: the recipient's id signed with a key of its own purpose (so an
 * id cannot be guessed or walked), and a click's target signed with the recipient, so that the redirect
 * goes only where the email pointed.
 */
export function createTrackingTokens(deriveKey: (purpose: string) => string) {
  const key = deriveKey('campaigns.recipient-token');
  const mac = (text: string) => createHmac('sha256', key).update(text).digest('base64url').slice(0, 22);
  const same = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));
  return {
    tokenOf: (recipientId: number) => `${recipientId.toString(36)}.${mac(`r:${recipientId}`)}`,
    /** The recipient id of a token, or null when it is not one of ours. */
    recipientOf(token: string): number | null {
      const [id36, sig] = token.split('.');
      if (!id36 || !sig || !/^[0-9a-z]{1,12}$/.test(id36)) return null;
      const id = parseInt(id36, 36);
      return same(sig, mac(`r:${id}`)) ? id : null;
    },
    linkSignature: (recipientId: number, url: string) => mac(`c:${recipientId}:${url}`),
    linkSigned: (recipientId: number, url: string, sig: string) => same(sig, mac(`c:${recipientId}:${url}`)),
  };
}
export type TrackingTokens = ReturnType<typeof createTrackingTokens>;
