import type { CampaignFigures, EmailCampaign, EmailCampaignCreate } from '@splashboard/contract';
import { campaignState } from '../campaign-state.ts';
import type { EmailCampaignChanges, EmailCampaignRow } from './email-campaigns.repo.ts';

export const NO_FIGURES: CampaignFigures = { sent: 0, failed: 0, opened: 0, clicked: 0, unsubscribed: 0 };
const iso = (d: Date | null) => (d ? d.toISOString() : null);
const dateOf = (s: string | null) => (s ? new Date(s) : null);

/** A stored campaign's fields as the API names them (the spec's names). */
export function campaignFieldsOf(row: EmailCampaignRow): EmailCampaignCreate {
  return {
    templateId: row.templateId as EmailCampaignCreate['templateId'],
    name: row.name,
    subject: row.subject,
    active: row.active,
    campaign_type: 'email',
    trigger_type: row.triggerType as EmailCampaignCreate['trigger_type'],
    trigger_param: row.triggerParam,
    trigger_param_type: 'days',
    email_type: row.emailType as EmailCampaignCreate['email_type'],
    campaign_html: row.campaignHtml,
    campaign_json: row.campaignJson,
    plain_text: row.plainText,
    run_now: row.runNow,
    start_time: iso(row.startTime),
    end_time: iso(row.endTime),
    sending_frequency: row.sendingFrequency as EmailCampaignCreate['sending_frequency'],
    sending_period_days: row.sendingPeriodDays,
    track_opens: row.trackOpens,
    track_clicks: row.trackClicks,
  };
}

/** The columns of a campaign's fields. */
export function columnsOf(c: EmailCampaignCreate): EmailCampaignChanges {
  return {
    templateId: c.templateId,
    name: c.name,
    subject: c.subject,
    active: c.active,
    campaignType: c.campaign_type,
    triggerType: c.trigger_type,
    triggerParam: c.trigger_param,
    triggerParamType: c.trigger_param_type,
    emailType: c.email_type,
    campaignHtml: c.campaign_html,
    campaignJson: c.campaign_json,
    plainText: c.plain_text,
    runNow: c.run_now,
    startTime: dateOf(c.start_time),
    endTime: dateOf(c.end_time),
    sendingFrequency: c.sending_frequency,
    sendingPeriodDays: c.sending_period_days,
    trackOpens: c.track_opens,
    trackClicks: c.track_clicks,
  };
}

export function campaignView(row: EmailCampaignRow, figures: CampaignFigures = NO_FIGURES, now = new Date()): EmailCampaign {
  return {
    id: row.id,
    ...campaignFieldsOf(row),
    state: campaignState(row, now),
    figures,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}
