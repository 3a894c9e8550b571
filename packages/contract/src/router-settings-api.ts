import { z } from 'zod';
import { MESSAGES } from './messages/common.ts';
import { API_ROUTER_MESSAGES } from './messages/routers.ts';
import { publicAddressSchema, routerStatusSchema } from './router-settings.ts';

/**
 * Router types whose portal grants by calling the controller's API or by a URL the guest's browser
 * opens (TP-Link Omada, Ruckus SmartZone and RUCKUS One, Juniper Mist, Meraki and Meraki Go). Their
 * settings pages share one answer shape; each has its own input.
 */
export const API_ROUTER_FAMILIES = ['omada', 'smartzone', 'ruckus_cloud', 'mist', 'meraki', 'merakigo'] as const;
export type ApiRouterFamily = (typeof API_ROUTER_FAMILIES)[number];

function httpUrl(value: string): boolean {
  try {
    const u = new URL(value);
    return (
      (u.protocol === 'http:' || u.protocol === 'https:') && !!u.hostname && !u.username && !u.password && !u.search && !u.hash
    );
  } catch {
    return false;
  }
}

const address = (message: string) =>
  z
    .string()
    .trim()
    .min(1, MESSAGES.required)
    .max(500)
    .refine(httpUrl, message)
    .transform((u) => u.replace(/\/+$/, ''));

/** Write-only: empty or left out keeps the stored one. */
const secret = z.string().max(256).optional();

export const OMADA_TIME_UNITS = ['microseconds', 'milliseconds'] as const;

export const omadaRouterSettingsInputSchema = z.object({
  url: address(API_ROUTER_MESSAGES.omadaUrl),
  controller_id: z
    .string()
    .trim()
    .regex(/^([0-9a-f]{32})?$/i, API_ROUTER_MESSAGES.controllerId)
    .default(''),
  username: z.string().trim().min(1, MESSAGES.required).max(128),
  password: secret,
  skip_tls_verify: z.boolean().default(false),
  time_unit: z.enum(OMADA_TIME_UNITS).default('microseconds'),
});

/** SmartZone / vSZ and RUCKUS One: the northbound portal interface and its password. */
export const ruckusRouterSettingsInputSchema = z.object({
  url: address(API_ROUTER_MESSAGES.ruckusUrl),
  password: secret,
  skip_tls_verify: z.boolean().default(false),
});

export const mistRouterSettingsInputSchema = z.object({
  portal_url: address(API_ROUTER_MESSAGES.mistUrl).default('https://portal.mist.com'),
  secret,
});

/** The Dashboard API's SSID numbers (0 is the first SSID). */
export const MERAKI_SSID_NUMBERS = ['0', '1', '2', '3', '4', '5', '6', '7', '8', '9', '10', '11', '12', '13', '14'] as const;

/**
 * Meraki MR: all optional. Without an API key the site grants by URL as before; with a key and network the
 * server checks the Dashboard API and can end a guest's splash authorization on the SSID.
 */
export const merakiRouterSettingsInputSchema = z.object({
  api_key: secret,
  network_id: z
    .string()
    .trim()
    .max(64)
    .regex(/^([A-Za-z0-9_-]+)?$/, API_ROUTER_MESSAGES.merakiNetworkId)
    .default(''),
  ssid_number: z.enum(MERAKI_SSID_NUMBERS).default('0'),
  api_url: address(API_ROUTER_MESSAGES.merakiApiUrl).default('https://api.meraki.com/api/v1'),
  skip_tls_verify: z.boolean().default(false),
});

/** The input of each family that has settings to enter; Meraki Go has none. */
export const API_ROUTER_INPUT_SCHEMAS = {
  omada: omadaRouterSettingsInputSchema,
  smartzone: ruckusRouterSettingsInputSchema,
  ruckus_cloud: ruckusRouterSettingsInputSchema,
  mist: mistRouterSettingsInputSchema,
  meraki: merakiRouterSettingsInputSchema,
} as const;
export type ApiRouterInputFamily = keyof typeof API_ROUTER_INPUT_SCHEMAS;

/** The values the operator enters on their controller, by name (the page labels them). */
export const ROUTER_INSTRUCTION_KEYS = [
  'portal_url',
  'walled_garden',
  'radius_server',
  'radius_auth_port',
  'radius_acct_port',
  'nbi_password',
] as const;
export type RouterInstructionKey = (typeof ROUTER_INSTRUCTION_KEYS)[number];

export const apiRouterSettingsSchema = z.object({
  family: z.enum(API_ROUTER_FAMILIES),
  /** The saved plain values, with the input's names; secrets appear only in `secrets_set`. */
  values: z.record(z.string(), z.union([z.string(), z.boolean()])),
  secrets_set: z.record(z.string(), z.boolean()),
  /** null: nothing the server can ask (Mist, Meraki without an API key, Meraki Go), once what is needed is saved. */
  status: routerStatusSchema.nullable(),
  status_detail: z.string(),
  status_checked_at: z.string().nullable(),
  router_type: z.string().nullable(),
  instructions: z.array(z.object({ key: z.enum(ROUTER_INSTRUCTION_KEYS), value: z.string() })),
  public_address: publicAddressSchema,
});
export type ApiRouterSettings = z.infer<typeof apiRouterSettingsSchema>;
