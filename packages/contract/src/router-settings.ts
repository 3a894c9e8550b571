import { z } from 'zod';
import { MESSAGES } from './messages/common.ts';
import { ROUTER_MESSAGES } from './messages/routers.ts';
import { ROUTER_SETTINGS_PAGES } from './routers.ts';

/** The controller status words of the specification, as the dashboard shows them. */
export const ROUTER_STATUSES = ['Not configured', 'Not Reachable', 'Invalid Credentials', 'Needs Super Admin', 'Online'] as const;
export type RouterStatus = (typeof ROUTER_STATUSES)[number];
export const routerStatusSchema = z.enum(ROUTER_STATUSES);

export type RouterSettingsFamily = keyof typeof ROUTER_SETTINGS_PAGES;

// ---- UniFi ----------------------------------------------------------------------------------

export const UNIFI_MODES = ['auto', 'classic', 'unifios'] as const;
export type UnifiMode = (typeof UNIFI_MODES)[number];

function isControllerUrl(value: string): boolean {
  try {
    const u = new URL(value);
    return (
      (u.protocol === 'http:' || u.protocol === 'https:') && !!u.hostname && !u.username && !u.password && !u.search && !u.hash
    );
  } catch {
    return false;
  }
}

export const unifiRouterSettingsInputSchema = z.object({
  url: z
    .string()
    .trim()
    .min(1, MESSAGES.required)
    .max(500)
    .refine(isControllerUrl, ROUTER_MESSAGES.controllerUrl)
    .transform((u) => u.replace(/\/+$/, '')),
  username: z.string().trim().min(1, MESSAGES.required).max(128),
  /** Write-only: empty or left out keeps the stored password. */
  password: z.string().max(256).optional(),
  site: z
    .string()
    .trim()
    .regex(/^[a-z0-9_-]{1,64}$/i, ROUTER_MESSAGES.unifiSite)
    .default('default'),
  skip_tls_verify: z.boolean().default(false),
  mode: z.enum(UNIFI_MODES).default('auto'),
});
export type UnifiRouterSettingsInput = z.input<typeof unifiRouterSettingsInputSchema>;

/**
 * Why gateways cannot reach the address the instructions give them (PUBLIC_URL): `loopback` names this
 * machine itself (localhost, 127.x.x.x, ::1, 0.0.0.0), `local_name` is a `.local` name, which only multicast
 * DNS on one network answers and gateways do not ask.
 */
export const PUBLIC_ADDRESS_PROBLEMS = ['loopback', 'local_name'] as const;
export type PublicAddressProblem = (typeof PUBLIC_ADDRESS_PROBLEMS)[number];
/** The address every gateway is told (PUBLIC_URL), and what stops gateways reaching it, if anything. */
export const publicAddressSchema = z.object({
  url: z.string(),
  problem: z.enum(PUBLIC_ADDRESS_PROBLEMS).nullable(),
});
export type PublicAddress = z.infer<typeof publicAddressSchema>;

export const unifiRouterSettingsSchema = z.object({
  url: z.string(),
  username: z.string(),
  password_set: z.boolean(),
  site: z.string(),
  skip_tls_verify: z.boolean(),
  mode: z.enum(UNIFI_MODES),
  status: routerStatusSchema,
  status_detail: z.string(),
  status_checked_at: z.string().nullable(),
  /** Access point MACs the controller reported at the last successful check. */
  known_aps: z.array(z.string()),
  /** The site's router type: these settings only take effect when it is `unifi`. */
  router_type: z.string().nullable(),
  /** What to enter on the controller (Hotspot / guest portal, external portal server). */
  instructions: z.object({
    external_portal_server: z.string(),
    redirect_path: z.string(),
    /** Where UniFi sends guests: plain HTTP on port 80 of the external portal server. */
    guest_url: z.string(),
    /** Hosts for Pre-Authorization Access: Stripe's, when the site sells Wi-Fi (payment login). */
    pre_authorization: z.array(z.string()).optional(),
  }),
  public_address: publicAddressSchema,
});
export type UnifiRouterSettings = z.infer<typeof unifiRouterSettingsSchema>;

// ---- openNDS --------------------------------------------------------------------------------

export const FAS_LEVELS = [0, 1, 2, 3] as const;
/**
 * The faskey goes into /etc/config/opennds (single-quoted) or opennds.conf (space-separated) and
 * openNDS hands it to shell scripts, so quotes, spaces and shell characters are kept out.
 */
export const FASKEY_PATTERN = /^[A-Za-z0-9_.~+=/:@!%*,?^-]{8,128}$/;

export const openNdsRouterSettingsInputSchema = z.object({
  level: z
    .number({ error: 'Choose a level from 0 to 3' })
    .int('Choose a level from 0 to 3')
    .min(0, 'Choose a level from 0 to 3')
    .max(3, 'Choose a level from 0 to 3'),
  /** Write-only: empty or left out keeps the stored faskey. */
  faskey: z
    .string()
    .trim()
    .max(128, ROUTER_MESSAGES.faskey)
    .refine((k) => k === '' || FASKEY_PATTERN.test(k), ROUTER_MESSAGES.faskey)
    .optional(),
});
export type OpenNdsRouterSettingsInput = z.input<typeof openNdsRouterSettingsInputSchema>;

/** One option of the gateway's configuration; a null value is for the operator to fill in (see `placeholder`). */
export const openNdsConfigLineSchema = z.object({
  option: z.string(),
  value: z.string().nullable(),
  placeholder: z.enum(['faskey', 'portal_ip']).nullable(),
});
export type OpenNdsConfigLine = z.infer<typeof openNdsConfigLineSchema>;

export const OPENNDS_WARNINGS = ['http_port_assumed', 'https_port_assumed'] as const;

export const openNdsRouterSettingsSchema = z.object({
  level: z.number().int().min(0).max(3),
  faskey_set: z.boolean(),
  /** null once configured: openNDS has no API to ask, so there is no status to give. */
  status: routerStatusSchema.nullable(),
  status_detail: z.string(),
  router_type: z.string().nullable(),
  /** The options for /etc/config/opennds (OpenWrt) or /etc/opennds/opennds.conf, in order. */
  config: z.array(openNdsConfigLineSchema),
  /** Where openNDS will send guests: http for levels 0-2, https for level 3. */
  portal_url: z.string(),
  /** The portal's host, which a `portal_ip` placeholder asks the IP address of. */
  portal_host: z.string(),
  warnings: z.array(z.enum(OPENNDS_WARNINGS)),
  public_address: publicAddressSchema,
});
export type OpenNdsRouterSettings = z.infer<typeof openNdsRouterSettingsSchema>;

/** The answer that generates a faskey: the only one that carries it whole. */
export const generatedFaskeySchema = z.object({ faskey: z.string(), settings: openNdsRouterSettingsSchema });
export type GeneratedFaskey = z.infer<typeof generatedFaskeySchema>;
