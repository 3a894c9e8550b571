import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { controllerSettings, guestAccountDevices, guestAccounts, guestSessions, guests } from '../../db/schema/index.ts';
import { FakeUnifiController } from '../../../test/fakes/unifi-controller.ts';
import { startServer, type TestServer } from '../../../test/harness.ts';
import { arriveFromUnifi, randomMac, textOf, unifiPortalSite, type PortalSite } from '../../../test/portal.ts';

let server: TestServer;
const fakes: { close(): Promise<void> }[] = [];
beforeAll(async () => {
  server = await startServer({ LOG_LEVEL: process.env.DEBUG_LOG ?? 'silent' });
});
afterAll(async () => {
  await Promise.all(fakes.map((f) => f.close()));
  await server?.close();
});
const db = () => server.handle.db;
const errorsOf = (html: string) => [...html.matchAll(/<p class="err"[^>]*>([^<]+)<\/p>/g)].map((m) => m[1]);

async function site(methods = ['guestuser']) {
  const s = await unifiPortalSite(server, methods);
  fakes.push(s.unifi);
  return s;
}
async function account(s: PortalSite, over: Record<string, unknown> = {}) {
  const res = await s.owner.post(`${s.api}/guestuser/create`, { username: 'maria', password: 'maria-pass-1', ...over });
  expect(res.status).toBe(200);
  return res.body as { id: number; username: string };
}
const accountRow = async (id: number) => (await db().select().from(guestAccounts).where(eq(guestAccounts.id, id)))[0]!;
const authorized = (s: PortalSite) => s.unifi.commands.filter((c) => c.body.cmd === 'authorize-guest').map((c) => c.body);

describe('guest account login', () => {
  it('lets a guest in with their username and password, with the account’s limits, and starts its duration', async () => {
    const s = await site();
    const a = await account(s, {
      name: 'María Pérez',
      duration_val: 2,
      duration_type: 'hours',
      speed_ul: 256,
      speed_dl: 1024,
      bytes_t: 1,
      bytes_type: 'GB',
    });
    const { guest } = await arriveFromUnifi(server, s);
    const form = await guest.get('');
    expect(form.status).toBe(200);
    expect(textOf(form.html)).toContain('Sign in with your account');
    expect(form.html).toContain('name="username"');
    expect(form.html).toContain('autoComplete="current-password"');
    expect(form.html).not.toContain('Create an account');

    const wrong = await guest.post('guestuser', { username: 'maria', password: 'not-it' });
    expect(wrong.status).toBe(422);
    expect(errorsOf(wrong.html)).toEqual(['That username or password is not correct']);
    expect(wrong.html).toContain('value="maria"');
    expect(wrong.html).not.toContain('not-it');
    const unknown = await guest.post('guestuser', { username: 'nobody', password: 'maria-pass-1' });
    expect(errorsOf(unknown.html)).toEqual(['That username or password is not correct']);
    expect(authorized(s)).toHaveLength(0);

    const ok = await guest.post('guestuser', { username: 'Maria', password: 'maria-pass-1' });
    expect(ok.status).toBe(200);
    expect(textOf(ok.html)).toContain('You are connected');
    expect(authorized(s)).toEqual([
      { cmd: 'authorize-guest', mac: guest.mac, minutes: 120, up: 256, down: 1024, bytes: 1000, ap_mac: 'f0:9f:c2:00:00:01' },
    ]);
    const row = await accountRow(a.id);
    expect(row.firstLoginAt).not.toBeNull();
    expect(row.expiresAt!.getTime() - row.firstLoginAt!.getTime()).toBe(2 * 3600_000);
    expect(await db().select().from(guestAccountDevices).where(eq(guestAccountDevices.guestAccountId, a.id))).toMatchObject([
      { mac: guest.mac, source: 'login' },
    ]);
    const [g] = await db().select().from(guests).where(eq(guests.siteId, s.siteId));
    expect(g).toMatchObject({ identity: `guestuser:${a.id}`, firstName: 'María', lastName: 'Pérez', lastMethod: 'guestuser' });

    // A later login gets only what is left of the duration (it runs from the first login).
    await db()
      .update(guestAccounts)
      .set({ expiresAt: new Date(Date.now() + 30 * 60_000) })
      .where(eq(guestAccounts.id, a.id));
    const again = await arriveFromUnifi(server, s, { mac: guest.mac });
    await again.guest.post('guestuser', { username: 'maria', password: 'maria-pass-1' });
    expect(authorized(s).at(-1)!.minutes).toBe(29);
  });

  it('answers 429 after repeated failures from one device, while another device can still sign in', async () => {
    const s = await site();
    await account(s);
    const { guest } = await arriveFromUnifi(server, s);
    for (let i = 0; i < 10; i++)
      expect((await guest.post('guestuser', { username: 'maria', password: `guess-${i}` })).status).toBe(422);
    const blocked = await guest.post('guestuser', { username: 'maria', password: 'maria-pass-1' });
    expect(blocked.status).toBe(429);
    expect(Number(blocked.retryAfter)).toBeGreaterThan(14 * 60);
    expect(textOf(blocked.html)).toContain('Too many attempts. Please wait 15 minutes and try again.');
    expect(authorized(s)).toHaveLength(0);
    const other = await arriveFromUnifi(server, s);
    expect((await other.guest.post('guestuser', { username: 'maria', password: 'maria-pass-1' })).status).toBe(200);
  });

  it('answers 429 with Retry-After to a guesser forging a new MAC for each try, past 50 wrong passwords a minute at the portal', async () => {
    const s = await site();
    await account(s);
    for (let i = 0; i < 50; i++) {
      const { guest } = await arriveFromUnifi(server, s);
      expect((await guest.post('guestuser', { username: 'maria', password: `guess-${i}` })).status).toBe(422);
    }
    const blocked = await (
      await arriveFromUnifi(server, s)
    ).guest.post('guestuser', { username: 'maria', password: 'maria-pass-1' });
    expect(blocked.status).toBe(429);
    expect(Number(blocked.retryAfter)).toBeGreaterThan(0);
    expect(Number(blocked.retryAfter)).toBeLessThanOrEqual(60);
    expect(authorized(s)).toHaveLength(0);
  });

  it('counts devices as the MACs bound to the account: a bound device comes back, a new one over the limit does not', async () => {
    const s = await site();
    const a = await account(s, { num_devices: 1 });
    const phone = randomMac();
    expect(
      (
        await (
          await arriveFromUnifi(server, s, { mac: phone })
        ).guest.post('guestuser', { username: 'maria', password: 'maria-pass-1' })
      ).status,
    ).toBe(200);
    const laptop = await (
      await arriveFromUnifi(server, s)
    ).guest.post('guestuser', { username: 'maria', password: 'maria-pass-1' });
    expect(laptop.status).toBe(429);
    expect(laptop.retryAfter).toBe('60');
    expect(textOf(laptop.html)).toContain('This account is already used on 1 devices, the most it allows.');
    // The phone again is not a new device, even once its session is over.
    await db().update(guestSessions).set({ endedAt: new Date() }).where(eq(guestSessions.mac, phone));
    expect(
      (
        await (
          await arriveFromUnifi(server, s, { mac: phone })
        ).guest.post('guestuser', { username: 'maria', password: 'maria-pass-1' })
      ).status,
    ).toBe(200);
    expect(await db().select().from(guestAccountDevices).where(eq(guestAccountDevices.guestAccountId, a.id))).toHaveLength(1);
    expect(authorized(s).map((c) => c.mac)).toEqual([phone, phone]);
  });

  it('turns away an expired account with a page that says so', async () => {
    const s = await site();
    const a = await account(s);
    await db()
      .update(guestAccounts)
      .set({ firstLoginAt: new Date(Date.now() - 2 * 86_400_000), expiresAt: new Date(Date.now() - 86_400_000) })
      .where(eq(guestAccounts.id, a.id));
    const res = await (await arriveFromUnifi(server, s)).guest.post('guestuser', { username: 'maria', password: 'maria-pass-1' });
    expect(res.status).toBe(403);
    expect(textOf(res.html)).toContain('Your account has expired');
    expect(authorized(s)).toHaveLength(0);
  });

  it('speaks Spanish to a Spanish phone', async () => {
    const s = await site();
    await account(s);
    const { guest } = await arriveFromUnifi(server, s, { lang: 'es-ES,es;q=0.9' });
    const form = await guest.get('');
    expect(textOf(form.html)).toContain('Entra con tu cuenta');
    expect(textOf(form.html)).toContain('Usuario');
    const wrong = await guest.post('guestuser', { username: 'maria', password: 'nope-nope' });
    expect(errorsOf(wrong.html)).toEqual(['El usuario o la contraseña no son correctos']);
  });
});

describe('self sign-up', () => {
  it('creates an account from the registration fields with the site’s defaults, then lets the guest in', async () => {
    const s = await site(['guestuser', 'clickthrough']);
    await s.owner.put(`${s.api}/guestuserloginconfig/`, {
      self_signup: true,
      duration_val: 3,
      duration_type: 'hours',
      num_devices: 2,
      speed_dl: 2048,
    });
    await s.owner.put(`${s.api}/guestuserloginconfig/splashpage`, { guestuser_signupbtn_text: 'Join now' });
    await account(s, { username: 'taken' });
    const { guest } = await arriveFromUnifi(server, s);
    const login = await guest.get('guestuser');
    expect(login.html).toMatch(/<button[^>]*value="signup"[^>]*name="step"[^>]*>Join now</);
    expect(textOf(login.html)).toContain('Join now');

    const screen = await guest.post('guestuser', { step: 'signup', username: '', password: '' });
    expect(screen.status).toBe(200);
    const text = textOf(screen.html);
    expect(text).toContain('Create your Wi-Fi account');
    for (const label of ['First name', 'Last name', 'Email', 'Username', 'Password', 'Repeat the password'])
      expect(text).toContain(label);
    expect(screen.html).toMatch(/<input type="hidden" name="step" value="create"\/>/);

    const bad = await guest.post('guestuser', {
      step: 'create',
      firstname: 'Lia',
      lastname: '',
      email: 'lia@',
      username: 'Taken',
      password: 'lia-pass-1',
      password_confirm: 'lia-pass-2',
    });
    expect(bad.status).toBe(422);
    expect(errorsOf(bad.html)).toEqual(['This field is required', 'Enter a valid email address', 'The passwords do not match']);
    const taken = await guest.post('guestuser', {
      step: 'create',
      firstname: 'Lia',
      lastname: 'Ortiz',
      email: 'lia@example.com',
      username: 'Taken',
      password: 'lia-pass-1',
      password_confirm: 'lia-pass-1',
    });
    expect(errorsOf(taken.html)).toEqual(['This username is already taken. Please choose another one']);
    const short = await guest.post('guestuser', {
      step: 'create',
      firstname: 'Lia',
      lastname: 'Ortiz',
      email: 'lia@example.com',
      username: 'lia o',
      password: 'short',
      password_confirm: 'short',
    });
    expect(errorsOf(short.html)).toEqual(['Use 3 to 64 letters, numbers or . _ - @ + (no spaces)', 'Use at least 7 characters']);
    expect(await db().select().from(guestAccounts).where(eq(guestAccounts.siteId, s.siteId))).toHaveLength(1);

    const ok = await guest.post('guestuser', {
      step: 'create',
      firstname: 'Lia',
      lastname: 'Ortiz',
      email: 'Lia@Example.com',
      username: 'LiaO',
      password: 'lia-pass-1',
      password_confirm: 'lia-pass-1',
    });
    expect(ok.status).toBe(200);
    expect(textOf(ok.html)).toContain('You are connected');
    const [created] = await db().select().from(guestAccounts).where(eq(guestAccounts.username, 'liao'));
    expect(created).toMatchObject({
      siteId: s.siteId,
      name: 'Lia Ortiz',
      email: 'lia@example.com',
      source: 'signup',
      durationVal: 3,
      durationType: 'hours',
      numDevices: 2,
      speedDl: 2048,
    });
    expect(authorized(s).at(-1)).toMatchObject({ mac: guest.mac, minutes: 180, down: 2048 });
    // And the new account works on the login form.
    const later = await arriveFromUnifi(server, s);
    expect((await later.guest.post('guestuser', { username: 'liao', password: 'lia-pass-1' })).status).toBe(200);
  });

  it('answers 429 with Retry-After after five sign-ups from a device in an hour', async () => {
    const s = await site(['guestuser']);
    await s.owner.put(`${s.api}/guestuserloginconfig/`, { self_signup: true });
    await account(s, { username: 'taken' });
    const { guest } = await arriveFromUnifi(server, s);
    const form = {
      step: 'create',
      firstname: 'Lia',
      lastname: 'Ortiz',
      email: 'lia@example.com',
      username: 'taken',
      password: 'lia-pass-1',
      password_confirm: 'lia-pass-1',
    };
    for (let i = 0; i < 5; i++) expect((await guest.post('guestuser', form)).status).toBe(422);
    const blocked = await guest.post('guestuser', { ...form, username: 'free-name' });
    expect(blocked.status).toBe(429);
    expect(Number(blocked.retryAfter)).toBeGreaterThan(3500);
  });

  it('offers no sign-up where the site does not allow it', async () => {
    const s = await site();
    const { guest } = await arriveFromUnifi(server, s);
    const res = await guest.post('guestuser', {
      step: 'create',
      firstname: 'Lia',
      lastname: 'Ortiz',
      email: 'lia@example.com',
      username: 'lia',
      password: 'lia-pass-1',
      password_confirm: 'lia-pass-1',
    });
    expect(res.status).toBe(403);
    expect(textOf(res.html)).toContain('New accounts cannot be created here');
    expect(await db().select().from(guestAccounts).where(eq(guestAccounts.siteId, s.siteId))).toHaveLength(0);
  });
});

describe('a device connected from the dashboard', () => {
  it('is let in on UniFi at once, and again when it arrives later, without the login page', async () => {
    const s = await site();
    const a = await account(s, { duration_val: 45, duration_type: 'minutes' });
    const mac = randomMac();
    const res = await s.owner.post(`${s.api}/guestuser/${a.id}/connect`, { guestmac: mac });
    expect(res.body.access).toBe('granted_now');
    expect(authorized(s)).toEqual([{ cmd: 'authorize-guest', mac, minutes: 45 }]);

    const { first } = await arriveFromUnifi(server, s, { mac });
    expect(first.status).toBe(200);
    expect(textOf(first.html)).toContain('You are connected');
    expect(first.html).not.toContain('name="password"');
    expect(authorized(s)).toHaveLength(2);
    expect(authorized(s)[1]).toMatchObject({ mac, minutes: 44 });
  });

  it('is let in at its next arrival when the controller could not be reached at connect time', async () => {
    const s = await site();
    const a = await account(s);
    const mac = randomMac();
    await s.unifi.close();
    const res = await s.owner.post(`${s.api}/guestuser/${a.id}/connect`, { guestmac: mac });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ access: 'grant_failed', device: { online: false } });

    // The operator points the site at a working controller; the device then joins the Wi-Fi.
    const working = await new FakeUnifiController({ mode: 'classic', sites: [s.unifiSite] }).start();
    fakes.push(working);
    await db()
      .update(controllerSettings)
      .set({
        config: { url: working.url, username: 'admin', site: s.unifiSite, skipTlsVerify: true, mode: 'auto' },
        updatedAt: new Date(),
      })
      .where(eq(controllerSettings.siteId, s.siteId));
    const { first } = await arriveFromUnifi(server, s, { mac });
    expect(textOf(first.html)).toContain('You are connected');
    expect(working.commands.map((c) => c.body)).toEqual([
      { cmd: 'authorize-guest', mac, minutes: 1440, ap_mac: 'f0:9f:c2:00:00:01' },
    ]);
    expect((await s.owner.get(`${s.api}/guestuser/${a.id}`)).body).toMatchObject({
      status: 'active',
      devices: [{ online: true }],
    });
  });

  it('a device the guest signed in on comes back without the page only as the relogin policy allows, and never once expired', async () => {
    const s = await site();
    const a = await account(s);
    const phone = randomMac();
    await (
      await arriveFromUnifi(server, s, { mac: phone })
    ).guest.post('guestuser', { username: 'maria', password: 'maria-pass-1' });
    // Policy "always" (the default): the login page every time.
    expect((await arriveFromUnifi(server, s, { mac: phone })).first.status).toBe(303);
    await s.owner.put(`${s.api}/guestuserloginconfig/`, { relogin_policy: 'daily' });
    const back = await arriveFromUnifi(server, s, { mac: phone });
    expect(back.first.status).toBe(200);
    expect(textOf(back.first.html)).toContain('You are connected');
    await db()
      .update(guestAccounts)
      .set({ expiresAt: new Date(Date.now() - 60_000) })
      .where(eq(guestAccounts.id, a.id));
    expect((await arriveFromUnifi(server, s, { mac: phone })).first.status).toBe(303);
    expect(authorized(s)).toHaveLength(2);
  });

  it('is not let in once disconnected from the dashboard', async () => {
    const s = await site();
    const a = await account(s);
    const mac = randomMac();
    await s.owner.post(`${s.api}/guestuser/${a.id}/connect`, { guestmac: mac });
    await s.owner.post(`${s.api}/guestuser/${a.id}/disconnect/${mac}`);
    const { first, guest } = await arriveFromUnifi(server, s, { mac });
    expect(first.status).toBe(303);
    expect(textOf((await guest.get('')).html)).toContain('Sign in with your account');
  });
});
