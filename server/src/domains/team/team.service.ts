import {
  ACCESS_LEVELS,
  CLIENT_AREAS,
  type AccessLevel,
  type Admin,
  type AdminDetails,
  type AreaAccess,
  type Client,
  type ClientArea,
  type ClientDetails,
  type Invitation,
  type SiteClientAccess,
  type TeamEvent,
} from '@splashboard/contract';
import type { AppContext } from '../../platform/context.ts';
import type { Executor } from '../../db/client.ts';
import type { UserRow } from '../../platform/accounts.repo.ts';
import { can, requireAdmin, type Actor } from '../../platform/access.ts';
import { randomToken, sha256 } from '../../platform/crypto.ts';
import { AppError, forbidden, notFound } from '../../platform/errors.ts';
import { hashPassword } from '../../platform/passwords.ts';
import type { SiteAccess } from '../../platform/site-access.ts';
import type { ProfileService } from '../profile/profile.service.ts';
import type { SitesRepo } from '../sites/sites.repo.ts';
import { invitationEmail } from './invitation.email.ts';
import type { InvitationRow, TeamAction, TeamRepo } from './team.repo.ts';

/** How long an invitation link works. */
export const INVITATION_DAYS = 7;

type Deps = Pick<AppContext, 'accounts' | 'config' | 'sessions' | 'rateLimiter' | 'mailer'> & {
  team: TeamRepo;
  sites: SiteAccess;
  sitesRepo: Pick<SitesRepo, 'idsOfAccount' | 'namesOfAccount'>;
  profiles: ProfileService;
  /** How the account brands its invitations: its own texts and product name, and its white-label domain for the link. */
  invitationBrand: (
    accountId: number,
  ) => Promise<{ texts?: { subject?: string; message?: string }; productName?: string; linkBase: string }>;
};
type Meta = { ip: string; userAgent: string };
type Role = 'admin' | 'client';
type SitesInput = { site_id: number; access: AreaAccess }[];
type AccessRow = { siteId: number; area: string; level: string };

const noAccess = (): AreaAccess => Object.fromEntries(CLIENT_AREAS.map((a) => [a, 'none'])) as AreaAccess;
const asLevel = (v: string): AccessLevel => ((ACCESS_LEVELS as readonly string[]).includes(v) ? (v as AccessLevel) : 'none');

/** Access rows (above No Access) as each site's full map of areas. */
function accessBySite(rows: AccessRow[]): Map<number, AreaAccess> {
  const map = new Map<number, AreaAccess>();
  for (const r of rows) {
    if (!(CLIENT_AREAS as readonly string[]).includes(r.area)) continue;
    if (!map.has(r.siteId)) map.set(r.siteId, noAccess());
    map.get(r.siteId)![r.area as ClientArea] = asLevel(r.level);
  }
  return map;
}

/** Each site's areas whose level changed: { site_id, site_name, areas: { area: [before, after] } }. */
function accessChanges(before: Map<number, AreaAccess>, after: Map<number, AreaAccess>, names: Map<number, string>) {
  const changes = [];
  for (const siteId of new Set([...before.keys(), ...after.keys()])) {
    const b = before.get(siteId) ?? noAccess();
    const a = after.get(siteId) ?? noAccess();
    const areas = Object.fromEntries(CLIENT_AREAS.filter((k) => b[k] !== a[k]).map((k) => [k, [b[k], a[k]]]));
    if (Object.keys(areas).length) changes.push({ site_id: siteId, site_name: names.get(siteId) ?? '', areas });
  }
  return changes.sort((x, y) => x.site_id - y.site_id);
}

export function createTeamService({
  accounts,
  config,
  sessions,
  rateLimiter,
  mailer,
  team,
  sites,
  sitesRepo,
  profiles,
  invitationBrand,
}: Deps) {
  const window = config.rateLimits.windowSeconds;

  /** Changes to the team are writes: refused while the subscription is not active (as every write is). */
  function requireWritingAdmin(actorIn: Actor | null) {
    const actor = requireAdmin(actorIn);
    if (!actor.subscriptionActive) throw forbidden('common.subscriptionExpired');
    return actor;
  }

  /** A member of the actor's account in a role; another account's, or one of the other role, answers 404. */
  async function memberOrNotFound(actor: Actor, id: number, role: Role, tx?: Executor) {
    const user = await accounts.memberOf(actor.accountId, id, tx);
    if (!user || user.role !== role) throw notFound();
    return user;
  }

  const event = (
    actor: Actor | null,
    subject: number,
    accountId: number,
    action: TeamAction,
    detail: Record<string, unknown>,
    tx: Executor,
  ) => team.insertEvent({ accountId, actorUserId: actor?.userId ?? null, subjectUserId: subject, action, detail }, tx);

  async function eventsOf(accountId: number, userId: number): Promise<TeamEvent[]> {
    const rows = await team.eventsOf(accountId, userId);
    const actorIds = [...new Set(rows.map((r) => r.actorUserId).filter((id): id is number => id !== null))];
    const people = new Map((await accounts.namesOfUsers(actorIds)).map((u) => [u.id, u]));
    return rows.map((r) => ({
      id: r.id,
      at: r.at.toISOString(),
      actor: r.actorUserId !== null ? (people.get(r.actorUserId) ?? null) : null,
      action: r.action as TeamEvent['action'],
      detail: r.detail,
    }));
  }

  // ---- Invitations ------------------------------------------------------------------------------

  /** A new link for an invited user (any earlier one stops working); answers the token to email. */
  async function newInvitation(actor: Actor, userId: number, tx: Executor) {
    const token = randomToken(32);
    const expiresAt = new Date(Date.now() + INVITATION_DAYS * 24 * 60 * 60 * 1000);
    await team.insertInvitation(
      { tokenHash: sha256(token), accountId: actor.accountId, userId, invitedBy: actor.userId, expiresAt },
      tx,
    );
    return { token, expiresAt };
  }

  async function sendInvitation(
    actor: Actor,
    invitee: { email: string; name: string; language: string },
    link: { token: string; expiresAt: Date },
  ) {
    const [inviter, account, brand] = await Promise.all([
      accounts.userById(actor.userId),
      accounts.accountById(actor.accountId),
      invitationBrand(actor.accountId),
    ]);
    const body = invitationEmail(invitee.language || inviter?.language || 'en-US', {
      accountName: account?.name ?? '',
      inviterName: inviter?.name ?? '',
      inviteeName: invitee.name,
      link: `${brand.linkBase}/newapp/invite/${link.token}`,
      expiresAt: link.expiresAt,
      texts: brand.texts,
      productName: brand.productName,
    });
    await mailer.send({ to: invitee.email, ...body, accountId: actor.accountId });
  }

  /** An address already with a login: a member of this account (409), or of another, not named (409). */
  async function assertInvitable(actor: Actor, email: string) {
    const existing = await accounts.userByEmail(email);
    if (!existing) return;
    throw new AppError(409, existing.accountId === actor.accountId ? 'team.alreadyMember' : 'team.emailTaken', {
      field: 'email',
    });
  }

  async function invite(
    actor: Actor,
    role: Role,
    input: { email: string; name: string },
    access: AccessRow[],
    detail: Record<string, unknown>,
  ) {
    await assertInvitable(actor, input.email);
    const inviter = await accounts.userById(actor.userId);
    const language = inviter?.language ?? 'en-US';
    const { userId, link } = await accounts.transaction(async (tx) => {
      const userId = await accounts.insertUser(
        {
          accountId: actor.accountId,
          email: input.email,
          name: input.name,
          passwordHash: '',
          role,
          status: 'invited',
          billingAccess: false,
          language,
        },
        tx,
      );
      // Someone else took the address between the check and now.
      if (userId === null) throw new AppError(409, 'team.emailTaken', { field: 'email' });
      if (access.length) await accounts.replaceClientAccess(userId, access, tx);
      const link = await newInvitation(actor, userId, tx);
      await event(actor, userId, actor.accountId, 'invited', { email: input.email, name: input.name, role, ...detail }, tx);
      return { userId, link };
    });
    await sendInvitation(actor, { email: input.email, name: input.name, language }, link);
    return userId;
  }

  async function resend(actorIn: Actor | null, id: number, role: Role) {
    const actor = requireWritingAdmin(actorIn);
    const user = await memberOrNotFound(actor, id, role);
    if (user.status !== 'invited') throw new AppError(409, 'team.alreadyAccepted');
    const link = await accounts.transaction(async (tx) => {
      const link = await newInvitation(actor, user.id, tx);
      await event(actor, user.id, actor.accountId, 'invitation_resent', { email: user.email }, tx);
      return link;
    });
    await sendInvitation(actor, user, link);
  }

  async function remove(actorIn: Actor | null, id: number, role: Role) {
    // Removing someone is allowed while the subscription is not active: it takes access away.
    const actor = requireAdmin(actorIn);
    const user = await memberOrNotFound(actor, id, role);
    if (role === 'admin') {
      if (user.id === (await accounts.ownerIdOf(actor.accountId))) throw forbidden('team.ownerNotRemovable');
      if (user.id === actor.userId) throw forbidden('team.cannotRemoveSelf');
    }
    await accounts.transaction(async (tx) => {
      // The user row goes, and with it (cascades) their sessions, API key, tokens, access and invitations.
      await accounts.deleteUser(user.id, tx);
      await event(actor, user.id, actor.accountId, 'removed', { email: user.email, name: user.name, role }, tx);
    });
    return { status: 200 as const, message: role === 'admin' ? 'Admin removed' : 'Client removed' };
  }

  /** The invitation a link names, if it can still be used; otherwise why not. */
  async function usableInvitation(token: string, meta: Meta): Promise<{ invitation: InvitationRow; user: UserRow }> {
    const key = `invitation:ip:${meta.ip}`;
    await rateLimiter.assertUnder(key, config.rateLimits.loginPerIp, window);
    const invitation = token.length <= 200 ? await team.invitationByTokenHash(sha256(token)) : null;
    const user = invitation ? await accounts.userById(invitation.userId) : null;
    if (!invitation || !user) {
      await rateLimiter.hit(key, window);
      throw notFound('team.invitationNotFound');
    }
    if (invitation.usedAt || user.status !== 'invited') throw new AppError(410, 'team.invitationUsed');
    if (invitation.voidedAt) throw new AppError(410, 'team.invitationReplaced');
    if (invitation.expiresAt <= new Date()) throw new AppError(410, 'team.invitationExpired');
    return { invitation, user };
  }

  // ---- Answers ----------------------------------------------------------------------------------

  async function adminsOf(actor: Actor, rows: UserRow[]): Promise<Admin[]> {
    const [ownerId, expiries] = await Promise.all([
      accounts.ownerIdOf(actor.accountId),
      team.openInvitationExpiries(rows.filter((r) => r.status === 'invited').map((r) => r.id)),
    ]);
    return rows.map((r) => ({
      id: r.id,
      email: r.email,
      name: r.name,
      status: r.status === 'invited' ? 'invited' : 'active',
      is_owner: r.id === ownerId,
      billing_access: r.billingAccess,
      created_at: r.createdAt.toISOString(),
      invitation_expires_at: r.status === 'invited' ? (expiries.get(r.id)?.toISOString() ?? null) : null,
    }));
  }

  async function clientsOf(actor: Actor, rows: UserRow[]): Promise<Client[]> {
    const [siteNames, accessRows, expiries] = await Promise.all([
      sitesRepo.namesOfAccount(actor.accountId),
      accounts.clientAccessOfUsers(rows.map((r) => r.id)),
      team.openInvitationExpiries(rows.filter((r) => r.status === 'invited').map((r) => r.id)),
    ]);
    return rows.map((r) => {
      const access = accessBySite(accessRows.filter((a) => a.userId === r.id));
      return {
        id: r.id,
        email: r.email,
        name: r.name,
        status: r.status === 'invited' ? 'invited' : 'active',
        created_at: r.createdAt.toISOString(),
        invitation_expires_at: r.status === 'invited' ? (expiries.get(r.id)?.toISOString() ?? null) : null,
        sites: siteNames
          .filter((s) => access.has(s.id) && Object.values(access.get(s.id)!).some((l) => l !== 'none'))
          .map((s) => ({ site_id: s.id, site_name: s.name, access: access.get(s.id)! })),
      };
    });
  }

  /** Access across sites as rows; every site must be the account's and given once (422 otherwise). */
  async function accessRowsOf(actor: Actor, input: SitesInput): Promise<AccessRow[]> {
    const ids = input.map((s) => s.site_id);
    const twice = ids.find((id, i) => ids.indexOf(id) !== i);
    if (twice !== undefined) throw new AppError(422, 'team.siteTwice', { field: 'sites', params: { siteId: twice } });
    const own = new Set(ids.length ? await sitesRepo.idsOfAccount(actor.accountId, ids) : []);
    const foreign = ids.find((id) => !own.has(id));
    if (foreign !== undefined) throw new AppError(422, 'team.siteNotInAccount', { field: 'sites', params: { siteId: foreign } });
    return input.flatMap((s) => CLIENT_AREAS.map((area) => ({ siteId: s.site_id, area, level: s.access[area] })));
  }

  const siteNameMap = async (accountId: number) =>
    new Map((await sitesRepo.namesOfAccount(accountId)).map((s) => [s.id, s.name]));

  return {
    // ---- Admins (control_panel) ----

    async listAdmins(actorIn: Actor | null) {
      const actor = requireAdmin(actorIn);
      return { items: await adminsOf(actor, await accounts.membersOf(actor.accountId, 'admin')) };
    },

    async getAdmin(actorIn: Actor | null, id: number): Promise<AdminDetails> {
      const actor = requireAdmin(actorIn);
      const user = await memberOrNotFound(actor, id, 'admin');
      const [admin] = await adminsOf(actor, [user]);
      return { ...admin!, events: await eventsOf(actor.accountId, user.id) };
    },

    async inviteAdmin(actorIn: Actor | null, input: { email: string; name: string }): Promise<Admin> {
      const actor = requireWritingAdmin(actorIn);
      const id = await invite(actor, 'admin', input, [], {});
      const [admin] = await adminsOf(actor, [await memberOrNotFound(actor, id, 'admin')]);
      return admin!;
    },

    async updateAdmin(actorIn: Actor | null, id: number, input: { name: string }): Promise<AdminDetails> {
      const actor = requireWritingAdmin(actorIn);
      const user = await memberOrNotFound(actor, id, 'admin');
      if (input.name !== user.name) {
        await accounts.transaction(async (tx) => {
          await accounts.updateUser(user.id, { name: input.name }, tx);
          await event(actor, user.id, actor.accountId, 'updated', { name: [user.name, input.name] }, tx);
        });
      }
      return this.getAdmin(actor, id);
    },

    removeAdmin: (actor: Actor | null, id: number) => remove(actor, id, 'admin'),

    async resendAdmin(actorIn: Actor | null, id: number): Promise<Admin> {
      await resend(actorIn, id, 'admin');
      const actor = actorIn!;
      const [admin] = await adminsOf(actor, [await memberOrNotFound(actor, id, 'admin')]);
      return admin!;
    },

    // ---- Clients (clients) ----

    async listClients(actorIn: Actor | null) {
      const actor = requireAdmin(actorIn);
      return { items: await clientsOf(actor, await accounts.membersOf(actor.accountId, 'client')) };
    },

    async getClient(actorIn: Actor | null, id: number): Promise<ClientDetails> {
      const actor = requireAdmin(actorIn);
      const user = await memberOrNotFound(actor, id, 'client');
      const [client] = await clientsOf(actor, [user]);
      return { ...client!, events: await eventsOf(actor.accountId, user.id) };
    },

    async inviteClient(actorIn: Actor | null, input: { email: string; name: string; sites: SitesInput }): Promise<Client> {
      const actor = requireWritingAdmin(actorIn);
      const rows = await accessRowsOf(actor, input.sites);
      const names = await siteNameMap(actor.accountId);
      const given = accessChanges(new Map(), accessBySite(rows.filter((r) => r.level !== 'none')), names);
      const id = await invite(actor, 'client', input, rows, { sites: given });
      const [client] = await clientsOf(actor, [await memberOrNotFound(actor, id, 'client')]);
      return client!;
    },

    async updateClient(actorIn: Actor | null, id: number, input: { name: string; sites: SitesInput }): Promise<ClientDetails> {
      const actor = requireWritingAdmin(actorIn);
      const user = await memberOrNotFound(actor, id, 'client');
      const rows = await accessRowsOf(actor, input.sites);
      const names = await siteNameMap(actor.accountId);
      await accounts.transaction(async (tx) => {
        const before = accessBySite(await accounts.clientAccessOfUsers([user.id], tx));
        await accounts.replaceClientAccess(user.id, rows, tx);
        const changes = accessChanges(before, accessBySite(rows.filter((r) => r.level !== 'none')), names);
        if (input.name !== user.name) {
          await accounts.updateUser(user.id, { name: input.name }, tx);
          await event(actor, user.id, actor.accountId, 'updated', { name: [user.name, input.name] }, tx);
        }
        if (changes.length) await event(actor, user.id, actor.accountId, 'access_changed', { sites: changes }, tx);
      });
      return this.getClient(actor, id);
    },

    removeClient: (actor: Actor | null, id: number) => remove(actor, id, 'client'),

    async resendClient(actorIn: Actor | null, id: number): Promise<Client> {
      await resend(actorIn, id, 'client');
      const actor = actorIn!;
      const [client] = await clientsOf(actor, [await memberOrNotFound(actor, id, 'client')]);
      return client!;
    },

    // ---- One site's clients (client_access) ----

    async siteClientAccess(actorIn: Actor | null, siteId: number): Promise<SiteClientAccess> {
      const ctx = await sites.siteFor(actorIn, siteId, 'client_access', 'read');
      const [clients, rows] = await Promise.all([
        accounts.membersOf(ctx.actor.accountId, 'client'),
        accounts.clientAccessAtSite(siteId),
      ]);
      const access = accessBySite(rows.map((r) => ({ ...r, siteId: r.userId })));
      return {
        clients: clients.map((c) => ({
          id: c.id,
          email: c.email,
          name: c.name,
          status: c.status === 'invited' ? 'invited' : 'active',
          access: access.get(c.id) ?? noAccess(),
        })),
        can_write: can(ctx.actor, siteId, 'client_access', 'write', ctx.access),
      };
    },

    async setSiteClientAccess(actorIn: Actor | null, siteId: number, clientId: number, input: { access: AreaAccess }) {
      const ctx = await sites.siteFor(actorIn, siteId, 'client_access', 'write');
      const actor = ctx.actor;
      const user = await memberOrNotFound(actor, clientId, 'client');
      const rows = CLIENT_AREAS.map((area) => ({ siteId, area, level: input.access[area] }));
      await accounts.transaction(async (tx) => {
        const before = accessBySite((await accounts.clientAccessOfUsers([user.id], tx)).filter((r) => r.siteId === siteId));
        await accounts.replaceClientAccess(user.id, rows, tx, siteId);
        const changes = accessChanges(
          before,
          accessBySite(rows.filter((r) => r.level !== 'none')),
          new Map([[siteId, ctx.row.name]]),
        );
        if (changes.length) await event(actor, user.id, actor.accountId, 'access_changed', { sites: changes }, tx);
      });
      return this.siteClientAccess(actor, siteId);
    },

    // ---- Invitations (public, by the link's token) ----

    async invitation(token: string, meta: Meta): Promise<Invitation> {
      const { invitation, user } = await usableInvitation(token, meta);
      const [account, inviter] = await Promise.all([
        accounts.accountById(invitation.accountId),
        invitation.invitedBy !== null ? accounts.userById(invitation.invitedBy) : null,
      ]);
      return {
        email: user.email,
        name: user.name,
        role: user.role === 'client' ? 'client' : 'admin',
        account_name: account?.name ?? '',
        inviter_name: inviter?.name ?? account?.name ?? '',
        expires_at: invitation.expiresAt.toISOString(),
      };
    },

    /** Sets the password, activates the user and signs in: answered as POST /login is. */
    async accept(token: string, input: { name: string; password: string }, meta: Meta, previous: Actor | null) {
      const { invitation, user } = await usableInvitation(token, meta);
      const passwordHash = await hashPassword(input.password);
      await accounts.transaction(async (tx) => {
        // Two accepts at once: only one spends the link.
        if (!(await team.spendInvitation(invitation.id, tx))) throw new AppError(410, 'team.invitationUsed');
        await accounts.updateUser(user.id, { name: input.name, passwordHash, status: 'active', emailVerified: true }, tx);
        await team.insertEvent(
          { accountId: invitation.accountId, actorUserId: null, subjectUserId: user.id, action: 'accepted', detail: {} },
          tx,
        );
      });
      if (previous?.sessionId) await sessions.destroy(previous.sessionId);
      const session = await sessions.create(user.id, meta);
      const actor = (await sessions.resolve(session.token))!;
      const profile = await profiles.getProfile(actor);
      return { session, body: { csrf_token: session.csrfToken, user: profile, tf_required: false, error: null } };
    },
  };
}
export type TeamService = ReturnType<typeof createTeamService>;
