import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { guestConsents, guestDevices, guestSessions, guests } from '../db/schema/index.ts';
import { startServer, type TestServer } from '../../test/harness.ts';
import { arriveFromUnifi, randomMac, textOf, unifiPortalSite, type PortalSite } from '../../test/portal.ts';

let server: TestServer;
const fakes: PortalSite[] = [];
beforeAll(async () => {
  server = await startServer({ LOG_LEVEL: process.env.DEBUG_LOG ?? 'silent' });
});
afterAll(async () => {
  await Promise.all(fakes.map((f) => f.unifi.close()));
  await server?.close();
});
const site = async (methods: string[]) => {
  const s = await unifiPortalSite(server, methods);
  fakes.push(s);
  return s;
};
const db = () => server.handle.db;
const guestsOf = (siteId: number) => db().select().from(guests).where(eq(guests.siteId, siteId));
const errorsOf = (html: string) => [...html.matchAll(/<p class="err"[^>]*>([^<]+)<\/p>/g)].map((m) => m[1]);

describe('email login', () => {
  it('checks the fields on the server, keeps what was typed, and stores nothing on error', async () => {
    const s = await site(['email']);
    await s.owner.put(`${s.api}/emailconfig/loginfields`, {
      login_fields: [
        { field_type: 'email', mandatory: true },
        { field_type: 'firstname', mandatory: true },
        { field_type: 'custom_select', title: 'Visit', options_list: ['Work', 'Leisure'], mandatory: true },
        { field_type: 'custom_text', title: 'Room', regex: '^[0-9]{3}$' },
        { field_type: 'consent' },
      ],
    });
    const { guest } = await arriveFromUnifi(server, s);
    const bad = await guest.post('email', { email: 'ana@', firstname: '', custom_select_2: 'Shopping', custom_text_3: '12a' });
    expect(bad.status).toBe(422);
    expect(errorsOf(bad.html)).toEqual([
      'Enter a valid email address',
      'This field is required',
      'Choose one of the options',
      'This value is not in the expected format',
    ]);
    expect(bad.html).toContain('value="ana@"');
    expect(await guestsOf(s.siteId)).toHaveLength(0);
    expect(s.unifi.commands).toHaveLength(0);

    const ok = await guest.post('email', {
      email: 'Ana@Example.com',
      firstname: 'Ana',
      custom_select_2: 'Work',
      custom_text_3: '204',
      consent: 'on',
    });
    expect(ok.status).toBe(200);
    expect(textOf(ok.html)).toContain('You are connected');
    const [g] = await guestsOf(s.siteId);
    expect(g).toMatchObject({
      identity: 'email:ana@example.com',
      email: 'ana@example.com',
      firstName: 'Ana',
      marketingConsent: true,
      fields: { Visit: 'Work', Room: '204' },
    });
    const consents = await db().select().from(guestConsents).where(eq(guestConsents.guestId, g!.id));
    expect(consents.find((c) => c.kind === 'marketing')).toMatchObject({ granted: true, mac: guest.mac });
  });

  it('knows a returning guest by their email even with a new random MAC', async () => {
    const s = await site(['email']);
    for (const mac of [randomMac(), randomMac()]) {
      const { guest } = await arriveFromUnifi(server, s, { mac });
      expect((await guest.post('email', { email: 'ben@example.com' })).status).toBe(200);
    }
    const all = await guestsOf(s.siteId);
    expect(all).toHaveLength(1);
    expect(all[0]!.visits).toBe(2);
    expect(await db().select().from(guestDevices).where(eq(guestDevices.guestId, all[0]!.id))).toHaveLength(2);
  });

  it('speaks Spanish to a Spanish phone, defaults and messages included', async () => {
    const s = await site(['email']);
    const { guest } = await arriveFromUnifi(server, s, { lang: 'es-ES,es;q=0.9' });
    const page = await guest.get('email');
    expect(page.html).toContain('<html lang="es">');
    expect(textOf(page.html)).toContain('Conéctate con tu correo electrónico');
    expect(textOf(page.html)).toContain('Correo electrónico');
    expect(textOf(page.html)).toContain('Condiciones del servicio');
    const bad = await guest.post('email', { email: 'nope' });
    expect(errorsOf(bad.html)).toEqual(['Introduce un correo electrónico válido']);
    // An operator's own heading is theirs, in any language.
    await s.owner.put(`${s.api}/emailconfig/splashpage`, { email_heading_htmltext: '<h1>Hola <script>x()</script></h1>' });
    const custom = await (await arriveFromUnifi(server, s, { lang: 'es' })).guest.get('email');
    expect(custom.html).toContain('<h1>Hola </h1>');
    expect(custom.html).not.toContain('x()');
  });

  it('switches language from the page', async () => {
    const s = await site(['clickthrough']);
    const { guest } = await arriveFromUnifi(server, s);
    const moved = await guest.get('lang/es-ES');
    expect(moved.status).toBe(303);
    const res = await fetch(new URL(moved.location!, server.url));
    expect(textOf(await res.text())).toContain('¡Bienvenido! Disfruta del Wi-Fi gratis');
  });
});

describe('common password', () => {
  it('answers 429 with Retry-After to a guesser forging a new MAC for each try, past 50 wrong passwords a minute', async () => {
    const s = await site(['password']);
    await s.owner.put(`${s.api}/passwordloginconfig/`, { password: 'coffee-time' });
    const statuses: number[] = [];
    for (let i = 0; i < 50; i++)
      statuses.push((await (await arriveFromUnifi(server, s)).guest.post('password', { password: `guess-${i}` })).status);
    expect(statuses).toEqual(Array(50).fill(422));
    const blocked = await (await arriveFromUnifi(server, s)).guest.post('password', { password: 'coffee-time' });
    expect(blocked.status).toBe(429);
    expect(Number(blocked.retryAfter)).toBeGreaterThan(0);
    expect(Number(blocked.retryAfter)).toBeLessThanOrEqual(60);
    expect(s.unifi.commands).toHaveLength(0);
  });

  it('lets in with the right password and slows guessing per device', async () => {
    const s = await site(['password']);
    await s.owner.put(`${s.api}/passwordloginconfig/`, { password: 'coffee-time' });
    const { guest } = await arriveFromUnifi(server, s);
    const wrong = await guest.post('password', { password: 'tea' });
    expect(wrong.status).toBe(422);
    expect(errorsOf(wrong.html)).toEqual(['That password is not correct']);
    for (let i = 0; i < 9; i++) await guest.post('password', { password: `guess-${i}` });
    const blocked = await guest.post('password', { password: 'coffee-time' });
    expect(blocked.status).toBe(429);
    expect(Number(blocked.retryAfter)).toBeGreaterThan(14 * 60);
    expect(textOf(blocked.html)).toMatch(/Too many attempts\. Please wait \d+ minutes/);

    const other = await arriveFromUnifi(server, s);
    const ok = await other.guest.post('password', { password: 'coffee-time' });
    expect(ok.status).toBe(200);
    expect(s.unifi.commands.map((c) => c.body.mac)).toEqual([other.guest.mac]);
  });

  it('is not available until the operator sets a password', async () => {
    const s = await site(['password']);
    const { guest } = await arriveFromUnifi(server, s);
    const page = await guest.post('password', { password: 'x' });
    expect(page.status).toBe(503);
    expect(textOf(page.html)).toContain('The Wi-Fi password has not been set up yet');
  });
});

describe('age consent', () => {
  it('needs a birthday in the format chosen and the minimum age (18 by default)', async () => {
    const s = await site(['ageconsent']);
    const { guest } = await arriveFromUnifi(server, s);
    expect(errorsOf((await guest.post('ageconsent', { birthday: '1990-13-01' })).html)).toEqual(['Enter a date as DD/MM/YYYY']);
    const year = new Date().getUTCFullYear();
    expect(errorsOf((await guest.post('ageconsent', { birthday: `01/01/${year - 10}` })).html)).toEqual([
      'You must be at least 18 years old to connect',
    ]);
    await s.owner.put(`${s.api}/ageconsent/`, { min_allowed_age: 21, birthday_format: 'MM/DD/YYYY' });
    const { guest: us } = await arriveFromUnifi(server, s);
    expect(errorsOf((await us.post('ageconsent', { birthday: `12/31/${year - 20}` })).html)).toEqual([
      'You must be at least 21 years old to connect',
    ]);
    const ok = await us.post('ageconsent', { birthday: `12/31/${year - 30}` });
    expect(ok.status).toBe(200);
    const [g] = await guestsOf(s.siteId);
    expect(g!.birthday).toBe(`${year - 30}-12-31`);
  });
});

describe('field rules', () => {
  it('checks every kind of field', async () => {
    const s = await site(['clickthrough']);
    await s.owner.put(`${s.api}/clickthrpughloginconfig/loginfields`, {
      login_fields: [
        { field_type: 'phonenumber', mandatory: true },
        { field_type: 'gender', mandatory: true },
        { field_type: 'country', mandatory: true },
        { field_type: 'ukpostcode' },
        { field_type: 'custom_number', title: 'Guests' },
        { field_type: 'custom_checkbox', title: 'I have read the house rules', mandatory: true },
        { field_type: 'lastname' },
      ],
    });
    const { guest } = await arriveFromUnifi(server, s);
    const bad = await guest.post('clickthrough', {
      phonenumber: '12',
      gender: 'robot',
      country: 'XX',
      ukpostcode: 'nope',
      custom_number_4: 'lots',
    });
    expect(errorsOf(bad.html)).toEqual([
      'Enter a valid phone number',
      'Choose one of the options',
      'Choose a country',
      'Enter a valid UK postcode',
      'Enter a number',
      'This field must be checked',
    ]);
    const ok = await guest.post('clickthrough', {
      phonenumber: '(212) 555-0123',
      gender: 'female',
      country: 'es',
      ukpostcode: 'sw1a1aa',
      custom_number_4: '3',
      custom_checkbox_5: 'on',
      lastname: 'García',
    });
    expect(ok.status).toBe(200);
    const [g] = await guestsOf(s.siteId);
    // The site's default country (US) reads a national number; the identity is the phone.
    expect(g).toMatchObject({
      gender: 'female',
      country: 'ES',
      postcode: 'SW1A 1AA',
      lastName: 'García',
      fields: { Guests: '3', 'I have read the house rules': true },
    });
    expect(g!.phone).toBe('+12125550123');
    expect(g!.identity).toBe('phone:+12125550123');
  });
});

describe('limits', () => {
  it('with session limit control, counts the day across reconnects, and lets staff override', async () => {
    const s = await site(['email']);
    await s.owner.put(`${s.api}/emailconfig/`, {
      time_limit: 30,
      session_limit_control: true,
      session_override_password: 'staff-only',
    });
    const first = await arriveFromUnifi(server, s);
    expect((await first.guest.post('email', { email: 'cy@example.com' })).status).toBe(200);
    // The first session used its whole allowance.
    await db()
      .update(guestSessions)
      .set({ startedAt: new Date(Date.now() - 31 * 60_000), expiresAt: new Date(Date.now() - 60_000) })
      .where(eq(guestSessions.siteId, s.siteId));
    const again = await arriveFromUnifi(server, s);
    const refused = await again.guest.post('email', { email: 'cy@example.com' });
    expect(refused.status).toBe(429);
    expect(refused.retryAfter).toBe('3600');
    expect(textOf(refused.html)).toContain('Your time online for now is used up');
    expect(refused.html).toContain('name="override_password"');
    expect(refused.html).toContain('name="email" value="cy@example.com"');
    const overridden = await again.guest.post('email', { email: 'cy@example.com', override_password: 'staff-only' });
    expect(overridden.status).toBe(200);
    expect(s.unifi.commands).toHaveLength(2);
  });

  it('gives what is left of the day to a guest who comes back early', async () => {
    const s = await site(['email']);
    await s.owner.put(`${s.api}/emailconfig/`, { time_limit: 60, session_limit_control: true });
    await (await arriveFromUnifi(server, s)).guest.post('email', { email: 'dee@example.com' });
    // One clock reading for both ends: two readings a millisecond apart make 20.00002 minutes, counted as 21.
    const now = Date.now();
    await db()
      .update(guestSessions)
      .set({ startedAt: new Date(now - 20 * 60_000), endedAt: new Date(now) })
      .where(eq(guestSessions.siteId, s.siteId));
    await (await arriveFromUnifi(server, s)).guest.post('email', { email: 'dee@example.com' });
    expect(s.unifi.commands[1]!.body.minutes).toBe(40);
  });

  it('limits how many devices a guest has online at once', async () => {
    const s = await site(['email']);
    await s.owner.put(`${s.api}/emailconfig/`, { num_devices: 1 });
    expect((await (await arriveFromUnifi(server, s)).guest.post('email', { email: 'eve@example.com' })).status).toBe(200);
    const second = await (await arriveFromUnifi(server, s)).guest.post('email', { email: 'eve@example.com' });
    expect(second.status).toBe(429);
    expect(second.retryAfter).toBe('60');
    expect(textOf(second.html)).toContain('You are already connected on 1 devices, the most allowed.');
  });
});
