import { z } from 'zod';
import { routerStatusSchema } from './router-settings.ts';

/**
 * GET /s/{siteId}/api/v1/setup/checklist: what is left to do before a new site's first guest, each step
 * read from real state. `shown` is false once a guest login was recorded at the site: the checklist is done.
 */
export const setupChecklistSchema = z.object({
  shown: z.boolean(),
  controller: z.object({
    done: z.boolean(),
    router_type: z.string().nullable(),
    /** Settings for the site's router type are saved. */
    saved: z.boolean(),
    /** The last known status; null for a gateway that cannot be asked (openNDS, RADIUS gateways). */
    status: routerStatusSchema.nullable(),
  }),
  /** The splash page's design or a login method's settings were saved at least once. */
  splash_designed: z.object({ done: z.boolean() }),
  /** An operator opened the guest portal in test mode. */
  seen_as_guest: z.object({ done: z.boolean(), at: z.string().nullable() }),
  /** A real guest login was recorded (test-mode logins never are). */
  first_guest: z.object({ done: z.boolean() }),
});
export type SetupChecklist = z.infer<typeof setupChecklistSchema>;

/**
 * POST /s/{siteId}/api/v1/setup/portal-test: a short-lived address that opens the site's real guest
 * portal in test mode, for the signed-in operator.
 */
export const portalTestSchema = z.object({
  /** Path on this server (`/guest/{portalKey}/test/{token}`). */
  url: z.string(),
  expires_at: z.string(),
});
export type PortalTest = z.infer<typeof portalTestSchema>;
