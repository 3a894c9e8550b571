import { z } from 'zod';
import { defineJob } from '../../../platform/jobs.ts';
import type { DeliveryDeps } from './delivery-deps.ts';
import { campaignTransportOf, SendFailure } from './campaign-transport.ts';
import { langOfCountry } from './guest-texts.ts';
import { renderCampaignEmail } from './render-campaign-email.ts';

export const CAMPAIGN_DELIVERY_JOB = defineJob('campaigns.deliver', z.object({ campaignId: z.number().int() }), {
  runsLong: true,
});
/** Attempts of a recipient on temporary failures before it is failed for good. */
export const MAX_ATTEMPTS = 5;
const PAGE = 200;
/**
 * Emails in flight at once, over the transport's pooled connections: one at a time, the round trips to the
 * database and the mail server, not the account's pace, set the speed.
 */
const SENDING_AT_ONCE = 4;
/** A run stops at this share of the queue's job time (JOB_TIMEOUT_SECONDS) and leaves the rest to the next job. */
const RUN_SHARE_OF_TIMEOUT = 0.8;

/** The next moment each account may send (a simple pace per account and process). */
const nextSendAt = new Map<number, number>();
async function pace(accountId: number, ratePerMinute: number) {
  const now = Date.now();
  const at = Math.max(now, nextSendAt.get(accountId) ?? 0);
  nextSendAt.set(accountId, at + 60_000 / ratePerMinute);
  if (at > now) await new Promise((r) => setTimeout(r, at - now));
}

/** Runs `work` on every item, `width` at a time. */
async function eachAtOnce<T>(items: T[], width: number, work: (item: T) => Promise<void>) {
  let next = 0;
  const lane = async () => {
    while (next < items.length) await work(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(width, items.length) }, lane));
}

/** Jobs that send a campaign's queued recipients through the account's transport, page by page, at its pace. */
export function registerCampaignDelivery(deps: DeliveryDeps) {
  deps.jobs.register(CAMPAIGN_DELIVERY_JOB, ({ campaignId }) => deliverCampaign(deps, campaignId));
}

export async function deliverCampaign(deps: DeliveryDeps, campaignId: number) {
  const found = await deps.recipients.campaignWithSite(campaignId);
  if (!found) return;
  const { campaign, siteName } = found;
  const log = deps.log.child({ campaignId, siteId: campaign.siteId });
  const transport = await campaignTransportOf(deps, campaign.accountId);
  if (!transport) {
    log.warn('campaign emails wait: no SMTP server for the account (its mail settings or SMTP_URL)');
    throw new Error('no SMTP server for the account');
  }
  const started = Date.now();
  const runBudgetMs = deps.config.jobTimeoutSeconds * 1000 * RUN_SHARE_OF_TIMEOUT;
  let retryLater = false;
  try {
    for (let after = 0; ;) {
      const page = await deps.recipients.queuedPage(campaignId, after, PAGE);
      if (!page.length) break;
      after = page.at(-1)!.recipient.id;
      await eachAtOnce(page, SENDING_AT_ONCE, async ({ recipient, guest, unsubscribed }) => {
        if (!guest || !guest.marketingConsent || unsubscribed) {
          await deps.recipients.markSkipped(recipient.id, guest ? 'unsubscribed or consent withdrawn' : 'guest deleted');
          return;
        }
        if (!(await deps.recipients.claim(recipient.id, recipient.attempts))) return;
        await pace(campaign.accountId, transport.ratePerMinute);
        const message = renderCampaignEmail({
          campaign,
          siteName,
          to: recipient.email,
          values: {
            first_name: guest.firstName ?? '',
            last_name: guest.lastName ?? '',
            email: recipient.email,
            site_name: siteName,
            visits: String(guest.visits),
            last_visit: guest.lastSeenAt.toISOString().slice(0, 10),
          },
          recipientId: recipient.id,
          lang: langOfCountry(guest.country),
          publicUrl: deps.config.publicUrl,
          tokens: deps.tokens,
        });
        try {
          await deps.recipients.markSent(recipient.id, await transport.send(message));
        } catch (err) {
          const failure = err instanceof SendFailure ? err : new SendFailure(String(err), false);
          const final = failure.permanent || recipient.attempts + 1 >= MAX_ATTEMPTS;
          await deps.recipients.markAttemptFailed(recipient.id, failure.message, final);
          log.warn({ recipientId: recipient.id, err: failure.message, final }, 'campaign email refused');
          if (!final) retryLater = true;
        }
      });
      if (Date.now() - started > runBudgetMs) {
        await deps.jobs.enqueue(CAMPAIGN_DELIVERY_JOB, { campaignId });
        break;
      }
    }
  } finally {
    transport.close();
  }
  // The queue retries the job with backoff; the recipients still queued are tried again then.
  if (retryLater) throw new Error(`campaign ${campaignId}: temporary failures, retried later`);
}
