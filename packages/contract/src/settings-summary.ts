import { z } from 'zod';
import { routerStatusSchema } from './router-settings.ts';

/** Whether a site's SMS gateway sends: `on` (an address and switched on), `off` (an address, switched off), `not_set`. */
export const SMS_GATEWAY_STATES = ['on', 'off', 'not_set'] as const;
export type SmsGatewayState = (typeof SMS_GATEWAY_STATES)[number];

/**
 * GET /s/{siteId}/api/v1/settings/summary: the state of each settings page of a site, for the settings
 * list. A part is null when the user may not read that page (its permission).
 */
export const settingsSummarySchema = z.object({
  general: z.object({ name: z.string(), timezone: z.string(), currency: z.string() }),
  /** '' when guests stay where the gateway sends them. */
  redirect_url: z.string(),
  /** The site's login methods, in their order (the splash page's). */
  login_methods: z.array(z.string()),
  router: z
    .object({
      router_type: z.string().nullable(),
      /** As on the router's settings page: null when no status can be known (openNDS, a gateway not heard from yet). */
      status: routerStatusSchema.nullable(),
      /** Whether the router type has a settings page here. */
      has_settings: z.boolean(),
    })
    .nullable(),
  sms_gateway: z.object({ state: z.enum(SMS_GATEWAY_STATES) }).nullable(),
  whitelist: z.object({ devices: z.number().int() }).nullable(),
});
export type SettingsSummary = z.infer<typeof settingsSummarySchema>;
