import {
  EMAIL_CAMPAIGN_DEFAULTS,
  TRIGGER_PARAM_MIN,
  type CampaignTemplate,
  type EmailCampaign,
  type EmailCampaignCreate,
} from '@splashboard/contract';

/** The campaign form's values as typed (numbers and times as text; times in the browser's zone). */
export interface CampaignValues {
  templateId: EmailCampaign['templateId'];
  name: string;
  subject: string;
  email_type: EmailCampaign['email_type'];
  plain_text: string;
  trigger_type: EmailCampaign['trigger_type'];
  trigger_param: string;
  sending_frequency: EmailCampaign['sending_frequency'];
  sending_period_days: string;
  run_now: boolean;
  start_time: string;
  end_time: string;
  track_opens: boolean;
  track_clicks: boolean;
  active: boolean;
}

const d = EMAIL_CAMPAIGN_DEFAULTS;
/** A new campaign: the contract's defaults; its days start at the least the rule allows. */
export const newValues = (template?: CampaignTemplate): CampaignValues => ({
  templateId: template?.id ?? null,
  name: template?.name ?? '',
  subject: template?.subject ?? d.subject,
  email_type: d.email_type,
  plain_text: template?.plain_text ?? d.plain_text,
  trigger_type: d.trigger_type,
  trigger_param: String(Math.max(d.trigger_param, TRIGGER_PARAM_MIN)),
  sending_frequency: d.sending_frequency,
  sending_period_days: String(d.sending_period_days),
  run_now: d.run_now,
  start_time: '',
  end_time: '',
  track_opens: d.track_opens,
  track_clicks: d.track_clicks,
  active: d.active,
});

const pad = (n: number) => String(n).padStart(2, '0');
/** An instant as a datetime-local input shows it (the browser's zone). */
export function localOf(iso: string | null): string {
  if (!iso) return '';
  const t = new Date(iso);
  return `${t.getFullYear()}-${pad(t.getMonth() + 1)}-${pad(t.getDate())}T${pad(t.getHours())}:${pad(t.getMinutes())}`;
}
const instantOf = (local: string) => (local ? new Date(local).toISOString() : null);
const number = (typed: string) => (typed.trim() === '' ? NaN : Number(typed));

export const valuesOf = (c: EmailCampaign): CampaignValues => ({
  templateId: c.templateId,
  name: c.name,
  subject: c.subject,
  email_type: c.email_type,
  plain_text: c.plain_text,
  trigger_type: c.trigger_type,
  trigger_param: String(c.trigger_param),
  sending_frequency: c.sending_frequency,
  sending_period_days: String(c.sending_period_days),
  run_now: c.run_now,
  start_time: localOf(c.start_time),
  end_time: localOf(c.end_time),
  track_opens: c.track_opens,
  track_clicks: c.track_clicks,
  active: c.active,
});

/** What is sent: the typed values with the editor's content. */
export const bodyOf = (
  v: CampaignValues,
  content: { html: string; json: Record<string, unknown> },
): Omit<EmailCampaignCreate, 'campaign_type' | 'trigger_param_type'> => ({
  ...v,
  trigger_param: number(v.trigger_param),
  sending_period_days: number(v.sending_period_days),
  start_time: instantOf(v.start_time),
  end_time: instantOf(v.end_time),
  campaign_html: content.html,
  campaign_json: content.json,
});
