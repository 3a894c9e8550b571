import { z } from 'zod';
import { emailField, nameField, passwordField } from './common.ts';
import { ACCESS_LEVELS, CLIENT_AREAS } from './permissions.ts';
import { MESSAGES } from './messages/common.ts';

/**
 * The people of an account besides guests: admins (the owner, who registered the account, and the admins
 * they invite) and clients (invited with access per area and site). Both join by an emailed invitation.
 *
 * Admins (permission control_panel):  GET, POST /a/api/v1/admins/; GET, PUT, DELETE /a/api/v1/admins/{id};
 *                                     POST /a/api/v1/admins/{id}/resend
 * Clients (permission clients):       GET, POST /a/api/v1/clients/; GET, PUT, DELETE /a/api/v1/clients/{id};
 *                                     POST /a/api/v1/clients/{id}/resend
 * One site's clients (client_access): GET /s/{siteId}/api/v1/clientaccess/;
 *                                     PUT /s/{siteId}/api/v1/clientaccess/{clientId}
 * Invitations (public, by token):     GET /a/api/v1/invitation/{token}; POST /a/api/v1/invitation/{token}
 */

/** invited: the invitation is out and not accepted yet (it cannot sign in); active: it has a password. */
export const TEAM_MEMBER_STATUSES = ['invited', 'active'] as const;
export type TeamMemberStatus = (typeof TEAM_MEMBER_STATUSES)[number];

export const areaAccessSchema = z.object(
  Object.fromEntries(CLIENT_AREAS.map((a) => [a, z.enum(ACCESS_LEVELS)])) as Record<
    (typeof CLIENT_AREAS)[number],
    z.ZodEnum<{ none: 'none'; read: 'read'; write: 'write' }>
  >,
);
export type AreaAccess = z.infer<typeof areaAccessSchema>;

/** One recorded change to a team member: who did what, when. */
export const teamEventSchema = z.object({
  id: z.number().int(),
  at: z.string(),
  /** Who made the change; null when it was the member themselves (accepting) or someone since removed. */
  actor: z.object({ id: z.number().int(), name: z.string(), email: z.string() }).nullable(),
  action: z.enum(['invited', 'invitation_resent', 'accepted', 'updated', 'access_changed', 'removed']),
  /** What changed, for the page to show (field -> [before, after], or the site and areas changed). */
  detail: z.record(z.string(), z.unknown()),
});
export type TeamEvent = z.infer<typeof teamEventSchema>;

export const adminSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  name: z.string(),
  status: z.enum(TEAM_MEMBER_STATUSES),
  /** The user who registered the account: not removable, the only one with billing. */
  is_owner: z.boolean(),
  billing_access: z.boolean(),
  created_at: z.string(),
  /** When the invitation link stops working (null once accepted). */
  invitation_expires_at: z.string().nullable(),
});
export type Admin = z.infer<typeof adminSchema>;
export const adminListSchema = z.object({ items: z.array(adminSchema) });
export const adminDetailsSchema = adminSchema.extend({ events: z.array(teamEventSchema) });
export type AdminDetails = z.infer<typeof adminDetailsSchema>;
export const adminInviteSchema = z.object({ email: emailField, name: nameField });
export const adminUpdateSchema = z.object({ name: nameField });

export const clientSiteAccessSchema = z.object({
  site_id: z.number().int(),
  site_name: z.string(),
  access: areaAccessSchema,
});
export const clientSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  name: z.string(),
  status: z.enum(TEAM_MEMBER_STATUSES),
  created_at: z.string(),
  invitation_expires_at: z.string().nullable(),
  /** Every site of the account where the client has at least one area above No Access. */
  sites: z.array(clientSiteAccessSchema),
});
export type Client = z.infer<typeof clientSchema>;
export const clientListSchema = z.object({ items: z.array(clientSchema) });
export const clientDetailsSchema = clientSchema.extend({ events: z.array(teamEventSchema) });
export type ClientDetails = z.infer<typeof clientDetailsSchema>;
/** Access across sites; a site left out (or all No Access) is not given. */
export const clientSitesInputSchema = z.array(z.object({ site_id: z.number().int().min(1), access: areaAccessSchema })).max(5000);
export const clientInviteSchema = z.object({ email: emailField, name: nameField, sites: clientSitesInputSchema });
export const clientUpdateSchema = z.object({ name: nameField, sites: clientSitesInputSchema });

/** GET /s/{siteId}/api/v1/clientaccess/: the account's clients and their levels at this site. */
export const siteClientAccessSchema = z.object({
  clients: z.array(
    z.object({
      id: z.number().int(),
      email: z.string(),
      name: z.string(),
      status: z.enum(TEAM_MEMBER_STATUSES),
      access: areaAccessSchema,
    }),
  ),
  can_write: z.boolean(),
});
export type SiteClientAccess = z.infer<typeof siteClientAccessSchema>;
export const siteClientAccessInputSchema = z.object({ access: areaAccessSchema });

/** GET /a/api/v1/invitation/{token}: what the accept page shows. */
export const invitationSchema = z.object({
  email: z.string(),
  name: z.string(),
  role: z.enum(['admin', 'client']),
  account_name: z.string(),
  inviter_name: z.string(),
  expires_at: z.string(),
});
export type Invitation = z.infer<typeof invitationSchema>;
/** POST /a/api/v1/invitation/{token}: sets the password and signs in (answer as POST /login). */
export const invitationAcceptSchema = z
  .object({ name: nameField, password: passwordField, password_confirm: z.string() })
  .refine((v) => v.password === v.password_confirm, { path: ['password_confirm'], message: MESSAGES.passwordMatch });
