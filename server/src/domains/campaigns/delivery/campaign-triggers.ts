import { createHash, randomBytes } from 'node:crypto';
import { defineScheduledJob } from '../../../platform/jobs.ts';
import type { DeliveryDeps } from './delivery-deps.ts';
import { CAMPAIGN_DELIVERY_JOB } from './campaign-delivery.ts';
import { GUEST_TEXTS, escapeHtml, fillText, langOfCountry } from './guest-texts.ts';

export const CAMPAIGN_TRIGGERS_JOB = defineScheduledJob('campaigns.triggers');
/** Confirmation emails sent per site and run (the rest wait for the next run). */
const OPT_IN_BATCH = 500;

export const optInTokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * Every 15 minutes: double opt-in confirmations to consenting guests who have none yet, then for every
 * live campaign its recipients as of the run's instant, queued in one statement, and a delivery job.
 */
export function registerCampaignTriggers(deps: DeliveryDeps) {
  deps.jobs.register(CAMPAIGN_TRIGGERS_JOB, ({ at }) => runTriggers(deps, at ? new Date(at) : new Date()));
  deps.jobs.schedule(CAMPAIGN_TRIGGERS_JOB, '*/15 * * * *');
}

export async function runTriggers(deps: DeliveryDeps, at: Date) {
  await sendOptInConfirmations(deps);
  for (const campaign of await deps.recipients.liveCampaigns(at)) {
    const queued = await deps.recipients.pick(campaign, at);
    if (queued > 0) {
      deps.log.info({ campaignId: campaign.id, queued }, 'campaign recipients queued');
      await deps.jobs.enqueue(CAMPAIGN_DELIVERY_JOB, { campaignId: campaign.id });
    }
  }
}

/** Sent through the mailer (its outbox and retries): the guest confirms by the link before any campaign reaches them. */
async function sendOptInConfirmations(deps: DeliveryDeps) {
  for (const site of await deps.siteSettings.doubleOptInSites()) {
    for (const guest of await deps.recipients.awaitingOptIn(site.siteId, OPT_IN_BATCH)) {
      const token = randomBytes(24).toString('base64url');
      const email = guest.email!.toLowerCase();
      const started = await deps.siteSettings.startOptIn({
        guestId: guest.id,
        siteId: site.siteId,
        email,
        tokenHash: optInTokenHash(token),
      });
      if (!started) continue;
      const t = GUEST_TEXTS[langOfCountry(guest.country)];
      const link = `${deps.config.publicUrl}/m/confirm/${token}`;
      const body = fillText(t.confirmBody, { site: guest.siteName });
      await deps.mailer.send({
        to: email,
        accountId: site.accountId,
        subject: fillText(t.confirmSubject, { site: guest.siteName }),
        text: `${body}\n\n${link}\n`,
        html: `<p>${escapeHtml(body)}</p><p><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>`,
      });
    }
  }
}
