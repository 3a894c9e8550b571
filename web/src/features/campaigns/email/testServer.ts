// Samples of the campaign API's answers for the pages' tests, checked with the contract's schemas (a sample
// that drifts from the contract fails here); the stand-in server is the payments pages' one.
import {
  campaignTemplateSchema,
  emailCampaignSchema,
  mailSettingsSchema,
  type CampaignTemplate,
  type EmailCampaign,
  type MailSettings,
} from '@splashboard/contract';
import { SITE_ID } from '../../payments/testServer.tsx';

export { renderAt, stubServer, type Call } from '../../payments/testServer.tsx';
export const CAMPAIGNS = `/s/${SITE_ID}/api/v1/campaigns`;

export const aCampaign = (fields: Partial<EmailCampaign> = {}): EmailCampaign =>
  emailCampaignSchema.parse({
    id: 11,
    templateId: 'welcome',
    name: 'Welcome back',
    subject: 'Nice to see you',
    active: true,
    campaign_type: 'email',
    trigger_type: 'connect',
    trigger_param: 3,
    trigger_param_type: 'days',
    email_type: 'PlainText',
    campaign_html: '',
    campaign_json: {},
    plain_text: 'Hello {{first_name}}',
    run_now: true,
    start_time: null,
    end_time: null,
    sending_frequency: 'only_once',
    sending_period_days: 30,
    track_opens: true,
    track_clicks: true,
    state: 'active',
    figures: { sent: 40, failed: 2, opened: 21, clicked: 7, unsubscribed: 1 },
    created_at: '2026-11-01T10:00:00.000Z',
    updated_at: '2026-11-01T10:00:00.000Z',
    ...fields,
  });

/** A campaign as the list shows it (without its content). */
export const aSummary = (fields: Partial<EmailCampaign> = {}) => {
  const { campaign_html: _h, campaign_json: _j, plain_text: _p, ...summary } = aCampaign(fields);
  return summary;
};

export const aTemplate = (fields: Partial<CampaignTemplate> = {}): CampaignTemplate =>
  campaignTemplateSchema.parse({
    id: 'welcome',
    name: 'Welcome',
    description: 'Greets a guest after their first visit',
    subject: 'Welcome to {{site_name}}',
    preview_html: '<p>Welcome, Ana</p>',
    campaign_html: '<p>Welcome, {{first_name}}</p>',
    campaign_json: {},
    mjml: '<mjml><mj-body><mj-section><mj-column><mj-text>Welcome</mj-text></mj-column></mj-section></mj-body></mjml>',
    plain_text: 'Welcome, {{first_name}}',
    ...fields,
  });

export const someMailSettings = (fields: Partial<MailSettings> = {}): MailSettings =>
  mailSettingsSchema.parse({
    smtp_host: 'smtp.example.test',
    smtp_port: 587,
    smtp_security: 'starttls',
    smtp_username: 'mailer',
    smtp_password_hint: 'x9',
    from_name: 'Harbour Café',
    from_email: 'hello@example.test',
    send_rate_per_minute: 60,
    configured: true,
    server_smtp: false,
    ...fields,
  });
