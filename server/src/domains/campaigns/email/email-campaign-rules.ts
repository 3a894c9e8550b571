import { messageText, triggerValueInRange, type EmailCampaignCreate, type MessageCode } from '@splashboard/contract';
import { AppError, type SchemaErrors } from '../../../platform/errors.ts';
import { checkContent } from '../content/sanitize-content.ts';

/**
 * The spec's rules on a whole campaign (a PUT's is the stored one merged with the change): the trigger
 * value, the dates' order, a start time unless it runs now, and HTML without scripts or unsafe links.
 * Activating a campaign that runs now starts it now. Answers the campaign to store (its HTML sanitized),
 * or throws `failure` (the spec's 'Campaign creation failed' / 'Campaign update failed') with each field's problem.
 */
export function campaignToStore(
  c: EmailCampaignCreate,
  { wasActive, failure, now = new Date() }: { wasActive: boolean; failure: MessageCode; now?: Date },
): EmailCampaignCreate {
  const startTime = c.active && c.run_now && (!wasActive || !c.start_time) ? now.toISOString() : c.start_time;
  const problems: SchemaErrors = {};
  const refuse = (field: string, code: MessageCode, params?: Record<string, string>) =>
    (problems[field] ??= []).push(messageText(code, params));

  if (!triggerValueInRange(c.trigger_type, c.trigger_param)) refuse('trigger_param', 'campaigns.triggerValue');
  if (startTime && c.end_time && Date.parse(startTime) > Date.parse(c.end_time)) refuse('end_time', 'campaigns.dateOrder');
  if (!c.run_now && !startTime) refuse('start_time', 'campaigns.startTimeRequired');
  const content = checkContent(c.campaign_html);
  if (!content.ok) refuse('campaign_html', 'campaigns.unsafeHtml', { detail: content.detail });

  if (Object.keys(problems).length || !content.ok) throw new AppError(422, failure, { schemaErrors: problems });
  return { ...c, start_time: startTime, campaign_html: content.html };
}
