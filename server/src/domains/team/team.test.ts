import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { CLIENT_AREAS, dashboardCallUrl, type AccessLevel, type ClientArea } from '@splashboard/contract';
import {
  createSite,
  registerAccount,
  startServer,
  uniqueEmail,
  type TestClient,
  type TestServer,
} from '../../../test/harness.ts';
import { startSmtp } from '../../../test/smtp.ts';
import {
  accounts,
  clientSiteAccess,
  customDomains,
  outboxEmails,
  teamEvents,
  teamInvitations,
  users,
} from '../../db/schema/index.ts';
import { INVITATION_DAYS } from './team.service.ts';

let smtp: Awaited<ReturnType<typeof startSmtp>>;
let server: TestServer;
beforeAll(async () => {
  smtp = await startSmtp();
  server = await startServer({ SMTP_URL: smtp.url, PUBLIC_URL: 'http://team.test:8080' });
});
afterAll(async () => {
  await server?.close();
  await smtp?.close();
});

/** A raw message's text with quoted-printable undone (soft breaks and =XX bytes). */
function decoded(raw: string) {
  const unfolded = raw.replace(/=\r?\n/g, '');
  return Buffer.from(
    unfolded.replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    'latin1',
  ).toString('utf8');
}

/** The invitation token of the newest email to an address (waits for it). */
async function invitationTokenFor(email: string, after = 0) {
  const start = Date.now();
  for (;;) {
    const mails = smtp.received.filter((m) => m.to.includes(email));
    if (mails.length > after) {
      const text = decoded(mails[mails.length - 1]!.raw);
      const m = text.match(/http:\/\/team\.test:8080\/newapp\/invite\/([A-Za-z0-9_-]+)/);
      if (!m) throw new Error('no invitation link in the email');
      return { token: m[1]!, text };
    }
    if (Date.now() - start > 15_000) throw new Error(`no invitation email for ${email}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

const levels = (over: Partial<Record<ClientArea, AccessLevel>> = {}) =>
  Object.fromEntries(CLIENT_AREAS.map((a) => [a, over[a] ?? 'none'])) as Record<ClientArea, AccessLevel>;

async function ownerWithSites(n = 1) {
  const owner = await registerAccount(server, { displayname: 'Olivia Owner', account_name: 'Seaside Cafés' });
  const sites = [];
  for (let i = 0; i < n; i++) sites.push(await createSite(owner.client, { name: `Site ${i + 1}` }));
  return { ...owner, sites };
}

/** Invites a client (or an admin), reads the email, accepts it: the new member signed in. */
async function inviteAndAccept(owner: TestClient, kind: 'clients' | 'admins', body: Record<string, unknown>) {
  const email = uniqueEmail(kind);
  const before = smtp.received.filter((m) => m.to.includes(email)).length;
  const res = await owner.post(`/a/api/v1/${kind}/`, { email, name: 'New Member', ...body });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const { token } = await invitationTokenFor(email, before);
  const member = server.client();
  const accepted = await member.post(`/a/api/v1/invitation/${token}`, {
    name: 'New Member',
    password: 'member-pass-7',
    password_confirm: 'member-pass-7',
  });
  expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
  return { id: res.body.id as number, email, client: member, token };
}

describe('invitations', () => {
  it('of a provider account that brands them: its own subject and message with merge fields, its app name, the link on its enabled domain', async () => {
    const owner = await registerAccount(server, {
      plan_type: 'provider',
      displayname: 'Pat Provider',
      account_name: 'Acme Hotels',
    });
    const site = await createSite(owner.client, { name: 'Lobby' });
    expect((await owner.client.put('/a/api/v1/branding/logo', { app_name: 'Acme Wi-Fi' })).status).toBe(200);
    const texts = {
      subject: 'Welcome to {account_name}, {client_name}',
      message: '{inviter_name} opened {account_name} to you.',
    };
    expect((await owner.client.put('/a/api/v1/branding/client-invite', texts)).status).toBe(200);
    const [me] = await server.handle.db.select().from(users).where(eq(users.email, owner.email));
    await server.handle.db
      .insert(customDomains)
      .values({ accountId: me!.accountId, domain: 'wifi.acme-hotels.test', state: 'enabled', verifyToken: 't' });

    const email = uniqueEmail('branded');
    const res = await owner.client.post('/a/api/v1/clients/', {
      email,
      name: 'Carla Client',
      sites: [{ site_id: site.id, access: levels({ guest_data: 'read' }) }],
    });
    expect(res.status).toBe(200);
    const [row] = await server.handle.db.select().from(outboxEmails).where(eq(outboxEmails.to, email));
    expect(row!.subject).toBe('Welcome to Acme Hotels, Carla Client');
    expect(row!.text).toContain('Pat Provider opened Acme Hotels to you.');
    expect(row!.text).toMatch(/https:\/\/wifi\.acme-hotels\.test\/newapp\/invite\/[A-Za-z0-9_-]+/);
    expect(row!.text).not.toContain('team.test:8080');
    expect(`${row!.subject} ${row!.text} ${row!.html}`).not.toContain('Splashboard');

    // The account's users' other links lead to its domain too: a password reset.
    expect((await server.client().post('/password/forgot', { email: owner.email })).status).toBe(200);
    const resets = await server.handle.db.select().from(outboxEmails).where(eq(outboxEmails.to, owner.email));
    expect(resets.at(-1)!.text).toMatch(/https:\/\/wifi\.acme-hotels\.test\/newapp\/password\/reset\/[A-Za-z0-9_-]+/);
  });

  it('emails a link; the invited client cannot sign in until they accept; accepting signs them in as /login does', async () => {
    const owner = await ownerWithSites(1);
    const email = uniqueEmail('invitee');
    const created = await owner.client.post('/a/api/v1/clients/', {
      email: email.toUpperCase(),
      name: 'Carla Client',
      sites: [{ site_id: owner.sites[0].id, access: levels({ guest_data: 'read', voucher_data: 'write' }) }],
    });
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({
      email,
      name: 'Carla Client',
      status: 'invited',
      sites: [{ site_id: owner.sites[0].id, site_name: 'Site 1', access: levels({ guest_data: 'read', voucher_data: 'write' }) }],
    });
    const expires = new Date(created.body.invitation_expires_at).getTime();
    expect(Math.abs(expires - (Date.now() + INVITATION_DAYS * 86_400_000))).toBeLessThan(60_000);

    const { token, text } = await invitationTokenFor(email);
    expect(text).toContain('Olivia Owner has invited you to manage the guest Wi-Fi of Seaside Cafés');
    // Stored only hashed.
    const stored = await server.handle.db.select().from(teamInvitations).where(eq(teamInvitations.userId, created.body.id));
    expect(stored).toHaveLength(1);
    expect(stored[0]!.tokenHash).not.toBe(token);

    // Not signed in yet: the same answer as a wrong password, whatever password is tried.
    const early = await server.client().post('/login', { email, password: '' + 'anything-7' });
    expect(early.status).toBe(401);
    expect(early.body.message).toBe('Invalid email or password');
    const wrong = await server.client().post('/login', { email: uniqueEmail('nobody'), password: 'anything-7' });
    expect(wrong.body.message).toBe(early.body.message);

    // Nor can a password reset stand in for the invitation: no reset link is sent.
    expect((await server.client().post('/password/forgot', { email })).status).toBe(200);
    const sent = await server.handle.db.select().from(outboxEmails).where(eq(outboxEmails.to, email));
    expect(sent.map((e) => e.subject)).toEqual(['You are invited to Seaside Cafés on Splashboard']);

    const page = await server.client().get(`/a/api/v1/invitation/${token}`);
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({
      email,
      name: 'Carla Client',
      role: 'client',
      account_name: 'Seaside Cafés',
      inviter_name: 'Olivia Owner',
    });
    expect(page.body.expires_at).toBe(created.body.invitation_expires_at);

    const mismatch = await server.client().post(`/a/api/v1/invitation/${token}`, {
      name: 'Carla C.',
      password: 'client-pass-7',
      password_confirm: 'other-pass-7',
    });
    expect(mismatch.status).toBe(422);
    expect(mismatch.body.schema_errors.password_confirm).toEqual(['Passwords must match']);

    const client = server.client();
    const accepted = await client.post(`/a/api/v1/invitation/${token}`, {
      name: 'Carla C.',
      password: 'client-pass-7',
      password_confirm: 'client-pass-7',
    });
    expect(accepted.status).toBe(200);
    expect(accepted.body).toMatchObject({ tf_required: false, error: null, user: { email, name: 'Carla C.', role: 'client' } });
    expect(accepted.body.csrf_token).toBe(client.cookies.get('XSRF-TOKEN'));
    expect(accepted.body.user.sites).toEqual([{ id: owner.sites[0].id, name: 'Site 1' }]);
    expect((await client.get('/a/api/v1/profile/')).status).toBe(200);

    const login = await server.client().post('/login', { email, password: 'client-pass-7' });
    expect(login.status).toBe(200);
    expect(login.body.user.role).toBe('client');

    const listed = (await owner.client.get('/a/api/v1/clients/')).body.items;
    expect(listed).toEqual([
      expect.objectContaining({ id: created.body.id, status: 'active', name: 'Carla C.', invitation_expires_at: null }),
    ]);
  });

  it('answers a used, an expired, a replaced and an unknown link each with its own message', async () => {
    const owner = await ownerWithSites(0);
    const used = await inviteAndAccept(owner.client, 'admins', {});
    const again = await server.client().post(`/a/api/v1/invitation/${used.token}`, {
      name: 'X',
      password: 'member-pass-7',
      password_confirm: 'member-pass-7',
    });
    expect(again.status).toBe(410);
    expect(again.body).toMatchObject({
      code: 'team.invitationUsed',
      message: 'This invitation was already used. Sign in with your email and password.',
    });
    expect((await server.client().get(`/a/api/v1/invitation/${used.token}`)).body.code).toBe('team.invitationUsed');

    const email = uniqueEmail('late');
    const invited = await owner.client.post('/a/api/v1/admins/', { email, name: 'Late Larry' });
    const first = await invitationTokenFor(email);
    await server.handle.db
      .update(teamInvitations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(teamInvitations.userId, invited.body.id));
    const expired = await server.client().get(`/a/api/v1/invitation/${first.token}`);
    expect(expired.status).toBe(410);
    expect(expired.body).toMatchObject({
      code: 'team.invitationExpired',
      message: 'This invitation has expired. Ask for a new one.',
    });
    // The list still says when it stopped working, for the page to offer a new one.
    const stale = (await owner.client.get(`/a/api/v1/admins/${invited.body.id}`)).body;
    expect(stale.status).toBe('invited');
    expect(new Date(stale.invitation_expires_at).getTime()).toBeLessThan(Date.now());

    // Resend: a new link works, the old one says it was replaced.
    const resent = await owner.client.post(`/a/api/v1/admins/${invited.body.id}/resend`);
    expect(resent.status).toBe(200);
    expect(new Date(resent.body.invitation_expires_at).getTime()).toBeGreaterThan(Date.now() + 6 * 86_400_000);
    const second = await invitationTokenFor(email, 1);
    expect(second.token).not.toBe(first.token);
    expect((await server.client().get(`/a/api/v1/invitation/${first.token}`)).body.code).toBe('team.invitationReplaced');
    expect((await server.client().get(`/a/api/v1/invitation/${second.token}`)).status).toBe(200);

    const unknown = await server.client().get('/a/api/v1/invitation/not-a-real-token');
    expect(unknown.status).toBe(404);
    expect(unknown.body.code).toBe('team.invitationNotFound');

    // Resending to someone who has accepted is refused.
    const done = await owner.client.post(`/a/api/v1/admins/${used.id}/resend`);
    expect(done.status).toBe(409);
    expect(done.body.code).toBe('team.alreadyAccepted');
  });

  it('refuses an address that is already a member here, and one of another account without naming it', async () => {
    const owner = await ownerWithSites(0);
    const other = await registerAccount(server, { account_name: 'Secret Other Co' });
    const here = await owner.client.post('/a/api/v1/admins/', { email: owner.email, name: 'Me Again' });
    expect(here.status).toBe(409);
    expect(here.body).toMatchObject({ code: 'team.alreadyMember', message: 'This person is already a member of this account' });
    const there = await owner.client.post('/a/api/v1/clients/', { email: other.email, name: 'Them', sites: [] });
    expect(there.status).toBe(409);
    expect(there.body.code).toBe('team.emailTaken');
    expect(there.body.schema_errors.email).toEqual([there.body.message]);
    expect(there.body.message).not.toContain('Secret Other Co');
    expect((await owner.client.get('/a/api/v1/clients/')).body.items).toEqual([]);
  });

  it('writes the email in the inviter’s language', async () => {
    const owner = await ownerWithSites(0);
    expect((await owner.client.post('/a/api/v1/profile/', { language: 'es-ES' })).status).toBe(200);
    const email = uniqueEmail('es');
    await owner.client.post('/a/api/v1/admins/', { email, name: 'Ana' });
    const { text } = await invitationTokenFor(email);
    expect(text).toContain('Olivia Owner te ha invitado a gestionar el wifi para invitados de Seaside Cafés en Splashboard.');
    expect(text).toContain('Aceptar la invitación');
  });
});

describe('admins', () => {
  it('keeps the owner: billing only for them, not removable by another admin; an admin cannot remove themselves', async () => {
    const owner = await ownerWithSites(0);
    const admin = await inviteAndAccept(owner.client, 'admins', {});
    const list = (await owner.client.get('/a/api/v1/admins/')).body.items;
    expect(list).toEqual([
      expect.objectContaining({ email: owner.email, is_owner: true, billing_access: true, status: 'active' }),
      expect.objectContaining({ id: admin.id, is_owner: false, billing_access: false, status: 'active' }),
    ]);
    expect((await admin.client.get('/a/api/v1/profile/')).body).toMatchObject({ role: 'admin', billing_access: false });

    const ownerId = list[0].id;
    const refused = await admin.client.del(`/a/api/v1/admins/${ownerId}`);
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ code: 'team.ownerNotRemovable', message: 'The account owner cannot be removed' });
    const self = await admin.client.del(`/a/api/v1/admins/${admin.id}`);
    expect(self.status).toBe(403);
    expect(self.body.code).toBe('team.cannotRemoveSelf');

    // An admin invites and renames like the owner.
    const renamed = await admin.client.put(`/a/api/v1/admins/${ownerId}`, { name: 'Olivia O.' });
    expect(renamed.status).toBe(200);
    expect(renamed.body.name).toBe('Olivia O.');
    expect(renamed.body.events[0]).toMatchObject({
      action: 'updated',
      detail: { name: ['Olivia Owner', 'Olivia O.'] },
      actor: { id: admin.id },
    });
  });

  it('ends a removed admin’s sessions and API key at once', async () => {
    const owner = await ownerWithSites(0);
    const admin = await inviteAndAccept(owner.client, 'admins', {});
    const key = (await admin.client.post('/a/api/v1/profile/apikey/reset')).body.apikey as string;
    const script = server.client();
    script.apiKey = key;
    expect((await script.get('/a/api/v1/profile/')).status).toBe(200);
    expect((await owner.client.del(`/a/api/v1/admins/${admin.id}`)).status).toBe(200);
    expect((await admin.client.get('/a/api/v1/profile/')).status).toBe(401);
    expect((await script.get('/a/api/v1/profile/')).status).toBe(401);
    expect((await owner.client.get(`/a/api/v1/admins/${admin.id}`)).status).toBe(404);
  });

  it('answers another account’s admin as not found, and refuses clients', async () => {
    const owner = await ownerWithSites(1);
    const other = await ownerWithSites(0);
    const theirs = (await other.client.get('/a/api/v1/admins/')).body.items[0].id;
    expect((await owner.client.get(`/a/api/v1/admins/${theirs}`)).status).toBe(404);
    expect((await owner.client.put(`/a/api/v1/admins/${theirs}`, { name: 'Hijack' })).status).toBe(404);
    expect((await owner.client.del(`/a/api/v1/admins/${theirs}`)).status).toBe(404);
    const client = await inviteAndAccept(owner.client, 'clients', {
      sites: [{ site_id: owner.sites[0].id, access: levels({ settings: 'write' }) }],
    });
    expect((await client.client.get('/a/api/v1/admins/')).status).toBe(403);
    expect((await client.client.get('/a/api/v1/clients/')).status).toBe(403);
    expect((await client.client.post('/a/api/v1/clients/', { email: uniqueEmail(), name: 'x', sites: [] })).status).toBe(403);
    expect((await client.client.get(`/s/${owner.sites[0].id}/api/v1/clientaccess/`)).status).toBe(403);
  });
});

describe('clients', () => {
  it('see in a site’s settings which permissions they hold there only at Read Only (admins: none)', async () => {
    const owner = await ownerWithSites(1);
    const site = owner.sites[0];
    const member = await inviteAndAccept(owner.client, 'clients', {
      sites: [{ site_id: site.id, access: levels({ settings: 'read', guest_data: 'write', device_whitelisting: 'read' }) }],
    });
    const seen = await member.client.get(`/s/api/v1/site/${site.id}`);
    expect(seen.status).toBe(200);
    expect([...seen.body.read_only].sort()).toEqual(
      ['integrations', 'macauth', 'reports', 'routersettings', 'sitesettings', 'smsgateway'].sort(),
    );
    expect(seen.body.permissions.guests).toBe(true);
    expect((await owner.client.get(`/s/api/v1/site/${site.id}`)).body.read_only).toEqual([]);
  });

  it('gives each area of each site its level: no access, read, write; another site answers 404', async () => {
    const owner = await ownerWithSites(2);
    const [a, b] = owner.sites;
    const member = await inviteAndAccept(owner.client, 'clients', {
      sites: [
        { site_id: a.id, access: levels({ device_whitelisting: 'read', guest_data: 'read' }) },
        { site_id: b.id, access: levels() },
      ],
    });
    const macs = `/s/${a.id}/api/v1/macentry/`;
    const entry = { mac: 'aa:bb:cc:dd:ee:01', external_ip: '203.0.113.7' };
    expect((await member.client.get(macs)).status).toBe(200);
    const readOnly = await member.client.post(macs, entry);
    expect(readOnly.status).toBe(403);
    // A site given no area is not theirs to see.
    expect((await member.client.get(`/s/${b.id}/api/v1/macentry/`)).status).toBe(404);

    const put = await owner.client.put(`/s/${a.id}/api/v1/clientaccess/${member.id}`, {
      access: levels({ device_whitelisting: 'write', guest_data: 'read' }),
    });
    expect(put.status).toBe(200);
    expect(put.body.can_write).toBe(true);
    expect(put.body.clients).toEqual([
      expect.objectContaining({
        id: member.id,
        status: 'active',
        access: levels({ device_whitelisting: 'write', guest_data: 'read' }),
      }),
    ]);
    expect((await member.client.post(macs, entry)).status).toBe(200);

    await owner.client.put(`/s/${a.id}/api/v1/clientaccess/${member.id}`, { access: levels({ guest_data: 'read' }) });
    const none = await member.client.get(macs);
    expect(none.status).toBe(403);
    expect((await member.client.post(macs, { ...entry, mac: 'aa:bb:cc:dd:ee:02' })).status).toBe(403);

    const listed = (await owner.client.get(`/s/${b.id}/api/v1/clientaccess/`)).body;
    expect(listed.clients).toEqual([expect.objectContaining({ id: member.id, access: levels() })]);
  });

  it('replaces access across sites with PUT, refusing another account’s site and storing nothing of it', async () => {
    const owner = await ownerWithSites(2);
    const other = await ownerWithSites(1);
    const member = await inviteAndAccept(owner.client, 'clients', {
      sites: [{ site_id: owner.sites[0].id, access: levels({ campaigns: 'write' }) }],
    });
    const foreign = await owner.client.put(`/a/api/v1/clients/${member.id}`, {
      name: 'New Member',
      sites: [
        { site_id: owner.sites[1].id, access: levels({ landing_page: 'read' }) },
        { site_id: other.sites[0].id, access: levels({ landing_page: 'write' }) },
      ],
    });
    expect(foreign.status).toBe(422);
    expect(foreign.body.code).toBe('team.siteNotInAccount');
    expect(foreign.body.schema_errors.sites).toEqual([`Site ${other.sites[0].id} is not one of this account’s locations`]);
    const rows = await server.handle.db.select().from(clientSiteAccess).where(eq(clientSiteAccess.userId, member.id));
    expect(rows).toEqual([{ userId: member.id, siteId: owner.sites[0].id, area: 'campaigns', level: 'write' }]);

    const invite = await owner.client.post('/a/api/v1/clients/', {
      email: uniqueEmail(),
      name: 'Sneaky',
      sites: [{ site_id: other.sites[0].id, access: levels({ guest_data: 'write' }) }],
    });
    expect(invite.status).toBe(422);
    expect((await owner.client.get('/a/api/v1/clients/')).body.items).toHaveLength(1);

    const ok = await owner.client.put(`/a/api/v1/clients/${member.id}`, {
      name: 'Renamed Member',
      sites: [{ site_id: owner.sites[1].id, access: levels({ landing_page: 'read' }) }],
    });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({
      name: 'Renamed Member',
      sites: [{ site_id: owner.sites[1].id, site_name: 'Site 2', access: levels({ landing_page: 'read' }) }],
    });
    // A site of another account in the path answers 404 before anything.
    expect(
      (await owner.client.put(`/s/${other.sites[0].id}/api/v1/clientaccess/${member.id}`, { access: levels() })).status,
    ).toBe(404);
    // Another account's client through one's own site: 404, nothing stored.
    const theirClient = await inviteAndAccept(other.client, 'clients', { sites: [] });
    const cross = await owner.client.put(`/s/${owner.sites[0].id}/api/v1/clientaccess/${theirClient.id}`, {
      access: levels({ guest_data: 'write' }),
    });
    expect(cross.status).toBe(404);
    expect(await server.handle.db.select().from(clientSiteAccess).where(eq(clientSiteAccess.userId, theirClient.id))).toEqual([]);
  });

  it('ends a removed client’s session at once', async () => {
    const owner = await ownerWithSites(1);
    const member = await inviteAndAccept(owner.client, 'clients', {
      sites: [{ site_id: owner.sites[0].id, access: levels({ guest_data: 'write' }) }],
    });
    expect((await member.client.get('/a/api/v1/profile/')).status).toBe(200);
    const removed = await owner.client.del(`/a/api/v1/clients/${member.id}`);
    expect(removed.status).toBe(200);
    expect((await member.client.get('/a/api/v1/profile/')).status).toBe(401);
    expect((await member.client.get(`/s/${owner.sites[0].id}/api/v1/macentry/`)).status).toBe(401);
    expect((await server.client().post('/login', { email: member.email, password: 'member-pass-7' })).status).toBe(401);
    expect(await server.handle.db.select().from(users).where(eq(users.id, member.id))).toEqual([]);
    // The record of the removal stays.
    const events = await server.handle.db.select().from(teamEvents).where(eq(teamEvents.subjectUserId, member.id));
    expect(events.map((e) => e.action).sort()).toEqual(['accepted', 'invited', 'removed']);
  });

  it('records who did what and when, newest first', async () => {
    const owner = await ownerWithSites(1);
    const site = owner.sites[0];
    const startedAt = Date.now() - 1000;
    const member = await inviteAndAccept(owner.client, 'clients', {
      sites: [{ site_id: site.id, access: levels({ guest_data: 'read' }) }],
    });
    await owner.client.put(`/a/api/v1/clients/${member.id}`, {
      name: 'Member Renamed',
      sites: [{ site_id: site.id, access: levels({ guest_data: 'write' }) }],
    });
    await owner.client.put(`/s/${site.id}/api/v1/clientaccess/${member.id}`, {
      access: levels({ guest_data: 'write', settings: 'read' }),
    });
    const details = (await owner.client.get(`/a/api/v1/clients/${member.id}`)).body;
    const ownerActor = { id: owner.user.id, name: 'Olivia Owner', email: owner.email };
    expect(details.events.map((e: { action: string }) => e.action)).toEqual([
      'access_changed',
      'access_changed',
      'updated',
      'accepted',
      'invited',
    ]);
    expect(details.events[0]).toMatchObject({
      actor: ownerActor,
      detail: { sites: [{ site_id: site.id, site_name: 'Site 1', areas: { settings: ['none', 'read'] } }] },
    });
    expect(details.events[1]).toMatchObject({
      actor: ownerActor,
      detail: { sites: [{ areas: { guest_data: ['read', 'write'] } }] },
    });
    expect(details.events[2]).toMatchObject({ actor: ownerActor, detail: { name: ['New Member', 'Member Renamed'] } });
    expect(details.events[3]).toMatchObject({ actor: null, action: 'accepted' });
    expect(details.events[4]).toMatchObject({ actor: ownerActor, detail: { email: member.email, role: 'client' } });
    for (const e of details.events) {
      expect(new Date(e.at).getTime()).toBeGreaterThanOrEqual(startedAt);
      expect(new Date(e.at).getTime()).toBeLessThanOrEqual(Date.now() + 1000);
    }
  });

  it('refuses a client everything while the subscription is not active; admins keep reading', async () => {
    const owner = await ownerWithSites(1);
    const site = owner.sites[0];
    const member = await inviteAndAccept(owner.client, 'clients', {
      sites: [{ site_id: site.id, access: levels({ device_whitelisting: 'write' }) }],
    });
    const [me] = await server.handle.db.select().from(users).where(eq(users.id, member.id));
    await server.handle.db
      .update(accounts)
      .set({ trialEnd: new Date(Date.now() - 1000) })
      .where(eq(accounts.id, me!.accountId));
    const read = await member.client.get(`/s/${site.id}/api/v1/macentry/`);
    expect(read.status).toBe(403);
    expect(read.body).toMatchObject({
      code: 'common.subscriptionExpired',
      message: 'Please contact your administrator to get it renewed',
    });
    // The control panel's tiles too (all of the client's sites at once).
    const tiles = await member.client.get(dashboardCallUrl(0, 'total_guests', { fromdate: '01/03/2025', todate: '07/03/2025' }));
    expect(tiles.status).toBe(403);
    expect(tiles.body.code).toBe('common.subscriptionExpired');
    const profile = await member.client.get('/a/api/v1/profile/');
    expect(profile.status).toBe(200);
    expect(profile.body).toMatchObject({ sub_active: false, billing_access: false, role: 'client' });
    expect((await owner.client.get(`/s/${site.id}/api/v1/macentry/`)).status).toBe(200);
    const invite = await owner.client.post('/a/api/v1/clients/', { email: uniqueEmail(), name: 'x', sites: [] });
    expect(invite.status).toBe(403);
    expect(invite.body.code).toBe('common.subscriptionExpired');
  });
});

describe('invitation links', () => {
  it('are rate limited per address: guessing tokens ends in 429 with Retry-After', async () => {
    const limited = await startServer({ RATE_LIMIT_LOGIN_PER_IP: '3' });
    try {
      const guesser = limited.client();
      for (let i = 0; i < 3; i++) expect((await guesser.get(`/a/api/v1/invitation/guess-${i}`)).status).toBe(404);
      const stopped = await guesser.post('/a/api/v1/invitation/guess-4', {
        name: 'x',
        password: 'guess-pass-7',
        password_confirm: 'guess-pass-7',
      });
      expect(stopped.status).toBe(429);
      expect(Number(stopped.headers.get('retry-after'))).toBeGreaterThan(0);
    } finally {
      await limited.close();
    }
  });
});
