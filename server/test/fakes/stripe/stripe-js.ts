/** The Stripe.js stand-in (`/v3/`) and the frames it opens. Filled in below the API. */
import type { PageAnswer } from './pages.ts';

export function stripeJsAsset(_path: string, _ctx: { url: string; publishableKey: string }): PageAnswer | null {
  return null;
}
