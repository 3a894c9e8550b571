import { z } from 'zod';
import { publicAddressSchema, routerStatusSchema } from './router-settings.ts';
import { RADIUS_GATEWAY_MESSAGES } from './messages/routers.ts';

import { RADIUS_GATEWAY_TYPES } from './radius-gateways.ts';

export * from './radius-gateways.ts';

/** The gateway's own names for what it sends in its redirect and takes in its login form (IgniteNet). */
export const GATEWAY_FIELD_KEYS = [
  'client_mac',
  'ap_mac',
  'client_ip',
  'ssid',
  'login_url',
  'original_url',
  'username',
  'password',
] as const;
export type GatewayFieldKey = (typeof GATEWAY_FIELD_KEYS)[number];

const fieldName = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9_.[\]-]{1,40}$/, RADIUS_GATEWAY_MESSAGES.fieldName);

export const radiusGatewaySettingsInputSchema = z.object({
  /** Aruba-User-Role, Ruckus-User-Groups or Airespace-Guest-Role-Name in the Access-Accept; empty sends none. */
  role_name: z
    .string()
    .max(64, RADIUS_GATEWAY_MESSAGES.roleName)
    .regex(/^(?!\s)[^"'\\]*(?<!\s)$/, RADIUS_GATEWAY_MESSAGES.roleName)
    .default(''),
  /** MikroTik: the browser sends the password hashed with the router's CHAP challenge. */
  use_chap: z.boolean().default(true),
  /** Ruckus: post the login over https (port 9998). */
  use_https: z.boolean().default(false),
  /** ArubaOS controller: the login host when the redirect has no switchip. */
  controller_host: z
    .string()
    .trim()
    .max(253)
    .regex(/^$|^(\[[0-9a-fA-F:.]+\]|[A-Za-z0-9.-]+)(:\d{1,5})?$/, RADIUS_GATEWAY_MESSAGES.host)
    .default(''),
  /** IgniteNet: how the browser submits the login. */
  login_method: z.enum(['post', 'get']).default('post'),
  /** IgniteNet: the gateway's field names; a key left out keeps its default. */
  field_names: z.partialRecord(z.enum(GATEWAY_FIELD_KEYS), fieldName).default({}),
  /** OpenMesh / CoovaChilli uamsecret. Write-only: left out keeps the stored one, empty removes it. */
  uam_secret: z
    .string()
    .max(64, RADIUS_GATEWAY_MESSAGES.uamSecret)
    .regex(/^[^\s"'\\]*$/, RADIUS_GATEWAY_MESSAGES.uamSecret)
    .optional(),
  idle_timeout: z
    .number({ error: RADIUS_GATEWAY_MESSAGES.idleTimeout })
    .int(RADIUS_GATEWAY_MESSAGES.idleTimeout)
    .min(60, RADIUS_GATEWAY_MESSAGES.idleTimeout)
    .max(86400, RADIUS_GATEWAY_MESSAGES.idleTimeout)
    .default(900),
  interim_interval: z
    .number({ error: RADIUS_GATEWAY_MESSAGES.interimInterval })
    .int(RADIUS_GATEWAY_MESSAGES.interimInterval)
    .min(60, RADIUS_GATEWAY_MESSAGES.interimInterval)
    .max(3600, RADIUS_GATEWAY_MESSAGES.interimInterval)
    .default(300),
});
export type RadiusGatewaySettingsInput = z.input<typeof radiusGatewaySettingsInputSchema>;

export const radiusGatewaySettingsSchema = z.object({
  family: z.enum(RADIUS_GATEWAY_TYPES),
  /** The site's router type: these settings only take effect when it is `family`. */
  router_type: z.string().nullable(),
  saved: z.boolean(),
  role_name: z.string(),
  use_chap: z.boolean(),
  use_https: z.boolean(),
  controller_host: z.string(),
  login_method: z.enum(['post', 'get']),
  field_names: z.record(z.enum(GATEWAY_FIELD_KEYS), z.string()),
  uam_secret_set: z.boolean(),
  idle_timeout: z.number().int(),
  interim_interval: z.number().int(),
  /** Not configured until saved with a NAS client; null while no RADIUS request has come yet. */
  status: routerStatusSchema.nullable(),
  status_detail: z.string(),
  /** When the site's gateways last asked our RADIUS server (accounting), if ever. */
  last_seen_at: z.string().nullable(),
  /** What to enter on the gateway. */
  instructions: z.object({
    radius_server: z.string(),
    auth_port: z.number().int(),
    acct_port: z.number().int(),
    disconnect_port: z.number().int(),
    /** Where the gateway sends guests (external splash page / captive portal URL). */
    portal_url: z.string(),
    /** Hosts guests must reach before login (walled garden / pre-auth allow list). */
    walled_garden: z.array(z.string()),
    /** MikroTik: the API path of the login.html to upload to the router. */
    login_html_path: z.string().nullable(),
  }),
  public_address: publicAddressSchema,
});
export type RadiusGatewaySettings = z.infer<typeof radiusGatewaySettingsSchema>;
