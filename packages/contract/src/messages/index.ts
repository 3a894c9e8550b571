/**
 * Every message the API answers, by catalogue, and their codes: `<catalogue>.<key>`, the catalogue being
 * the area the dashboard translates it in (`<area>.errors.<key>`). Free of schemas, so the web app's first
 * chunk can take it.
 */
import { ACCESS_HEALTH_MESSAGES } from './access-health.ts';
import { BILLING_MESSAGES } from './billing.ts';
import { BRANDING_MESSAGES } from './branding.ts';
import { CAMPAIGN_MESSAGES } from './campaigns.ts';
import { MESSAGES } from './common.ts';
import { CUSTOM_DOMAIN_MESSAGES } from './custom-domain.ts';
import { DASHBOARD_MESSAGES } from './dashboard.ts';
import { GOOGLE_MESSAGES } from './google.ts';
import { GUEST_ACCOUNT_MESSAGES } from './guest-accounts.ts';
import { GUEST_MESSAGES } from './guests.ts';
import { INTEGRATION_MESSAGES } from './integrations.ts';
import { PAYMENT_MESSAGES } from './payments.ts';
import { REPORT_MESSAGES } from './reports.ts';
import { API_ROUTER_MESSAGES, RADIUS_GATEWAY_MESSAGES, ROUTER_MESSAGES } from './routers.ts';
import { SMS_MESSAGES } from './sms.ts';
import { TEAM_MESSAGES } from './team.ts';
import { UNIFI_TASK_MESSAGES } from './unifi-tasks.ts';
import { VOUCHER_MESSAGES } from './vouchers.ts';
import { WHITELIST_MESSAGES } from './whitelist.ts';

export {
  ACCESS_HEALTH_MESSAGES,
  API_ROUTER_MESSAGES,
  BILLING_MESSAGES,
  BRANDING_MESSAGES,
  CAMPAIGN_MESSAGES,
  CUSTOM_DOMAIN_MESSAGES,
  DASHBOARD_MESSAGES,
  GOOGLE_MESSAGES,
  GUEST_ACCOUNT_MESSAGES,
  GUEST_MESSAGES,
  INTEGRATION_MESSAGES,
  MESSAGES,
  PAYMENT_MESSAGES,
  RADIUS_GATEWAY_MESSAGES,
  REPORT_MESSAGES,
  ROUTER_MESSAGES,
  SMS_MESSAGES,
  TEAM_MESSAGES,
  UNIFI_TASK_MESSAGES,
  VOUCHER_MESSAGES,
  WHITELIST_MESSAGES,
};

export const MESSAGE_CATALOGUES = {
  common: MESSAGES,
  vouchers: VOUCHER_MESSAGES,
  guests: GUEST_MESSAGES,
  guestAccounts: GUEST_ACCOUNT_MESSAGES,
  sms: SMS_MESSAGES,
  routers: ROUTER_MESSAGES,
  apiRouters: API_ROUTER_MESSAGES,
  radiusGateways: RADIUS_GATEWAY_MESSAGES,
  dashboard: DASHBOARD_MESSAGES,
  whitelist: WHITELIST_MESSAGES,
  unifiTasks: UNIFI_TASK_MESSAGES,
  accessHealth: ACCESS_HEALTH_MESSAGES,
  team: TEAM_MESSAGES,
  branding: BRANDING_MESSAGES,
  customDomain: CUSTOM_DOMAIN_MESSAGES,
  billing: BILLING_MESSAGES,
  payments: PAYMENT_MESSAGES,
  campaigns: CAMPAIGN_MESSAGES,
  integrations: INTEGRATION_MESSAGES,
  reports: REPORT_MESSAGES,
  google: GOOGLE_MESSAGES,
} as const;

type Catalogues = typeof MESSAGE_CATALOGUES;
export type MessageCatalogue = keyof Catalogues;
export type MessageCode = { [C in MessageCatalogue]: `${C}.${Extract<keyof Catalogues[C], string>}` }[MessageCatalogue];
/** The values a message names, by their `{{name}}`. */
export type MessageParams = Record<string, string | number>;

/** Every code with its English text. */
export const MESSAGE_TEXTS: ReadonlyMap<string, string> = new Map(
  Object.entries(MESSAGE_CATALOGUES).flatMap(([catalogue, messages]) =>
    Object.entries(messages).map(([key, text]): [string, string] => [`${catalogue}.${key}`, text]),
  ),
);

export const isMessageCode = (value: unknown): value is MessageCode => typeof value === 'string' && MESSAGE_TEXTS.has(value);

/** The catalogue and the key of a code. */
export function splitMessageCode(code: MessageCode): { catalogue: MessageCatalogue; key: string } {
  const dot = code.indexOf('.');
  return { catalogue: code.slice(0, dot) as MessageCatalogue, key: code.slice(dot + 1) };
}

/** Fills a message's `{{name}}` placeholders; a name without a value stays as it is. */
export function fillMessage(template: string, params: MessageParams = {}): string {
  return template.replace(/\{\{(\w+)\}\}/g, (placeholder, name: string) =>
    Object.hasOwn(params, name) ? String(params[name]) : placeholder,
  );
}

/** A code's English text with its values filled in. */
export function messageText(code: MessageCode, params?: MessageParams): string {
  const template = MESSAGE_TEXTS.get(code);
  if (template === undefined) throw new Error(`No message has the code ${code}`);
  return fillMessage(template, params);
}

/** The names a message's text has placeholders for. */
export function placeholdersOf(template: string): string[] {
  return [...template.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]!);
}
