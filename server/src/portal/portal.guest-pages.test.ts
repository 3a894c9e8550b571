import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { guests } from '../db/schema/index.ts';
import { startServer, type TestServer } from '../../test/harness.ts';
import { startFakeDnsServer, type FakeDnsServer } from '../../test/fakes/dns-server.ts';
import { arriveFromUnifi, textOf, unifiPortalSite, type PortalSite } from '../../test/portal.ts';
import { suggestEmail } from './email-typo.ts';

let server: TestServer;
let dns: FakeDnsServer;
const fakes: PortalSite[] = [];
beforeAll(async () => {
  // gmail.com receives mail; gmial.con does not exist (the fake answers "no such domain").
  dns = await startFakeDnsServer({ zone: { 'gmail.com': { mx: [{ preference: 5, exchange: 'mx.gmail.com' }] } } });
  server = await startServer({ LOG_LEVEL: process.env.DEBUG_LOG ?? 'silent', DNS_SERVERS: dns.address });
});
afterAll(async () => {
  await Promise.all(fakes.map((f) => f.unifi.close()));
  await server?.close();
  await dns?.close();
});
const site = async (methods: string[]) => {
  const s = await unifiPortalSite(server, methods);
  fakes.push(s);
  return s;
};
const guestsOf = (siteId: number) => server.handle.db.select().from(guests).where(eq(guests.siteId, siteId));
const h1s = (html: string) => [...html.matchAll(/<h1\b[^>]*>([\s\S]*?)<\/h1>/g)].map((m) => textOf(m[1]!));
const errorsOf = (html: string) => [...html.matchAll(/<p class="err"[^>]*>([^<]+)<\/p>/g)].map((m) => m[1]);
/** The two buttons the suggestion offers: their name=value and their words. */
const fixButtons = (html: string) =>
  [...html.matchAll(/<button([^>]*)>([^<]+)<\/button>/g)]
    .filter((m) => m[1]!.includes('name="email_fix"'))
    .map((m) => [/value="([^"]+)"/.exec(m[1]!)?.[1], m[2]]);

describe('email typo suggestions', () => {
  it('suggests the common domain a typo is close to, and leaves real domains alone', () => {
    expect(suggestEmail('maria@gmial.con')).toBe('maria@gmail.com');
    expect(suggestEmail('maria@gmai.com')).toBe('maria@gmail.com');
    expect(suggestEmail('jo@hotmial.com')).toBe('jo@hotmail.com');
    expect(suggestEmail('jo@outlok.com')).toBe('jo@outlook.com');
    expect(suggestEmail('jo@yaho.com')).toBe('jo@yahoo.com');
    expect(suggestEmail('jo@hotmail.con')).toBe('jo@hotmail.com');
    expect(suggestEmail('Maria.Lopez+wifi@GMIAL.COM')).toBe('Maria.Lopez+wifi@gmail.com');
    // Any domain: only an ending that is no real top-level domain but a slip on one.
    expect(suggestEmail('ana@cafesol.con')).toBe('ana@cafesol.com');
    expect(suggestEmail('ana@cafesol.ogr')).toBe('ana@cafesol.org');
    // Right as typed: listed domains, the same provider in another country, real endings, far domains.
    for (const ok of ['maria@gmail.com', 'jo@yahoo.fr', 'jo@hotmail.de', 'jo@gmx.at', 'ana@cafesol.example', 'ana@uni.edu'])
      expect(suggestEmail(ok), ok).toBeNull();
    expect(suggestEmail('jo@gmail.co')).toBeNull(); // .co is a real ending: not a guess we make
    expect(suggestEmail('jo@company.es')).toBeNull();
    expect(suggestEmail('not-an-address')).toBeNull();
  });

  it('asks "Did you mean…?" before logging in; taking the suggestion logs the guest in with it', async () => {
    const s = await site(['email']);
    const { guest } = await arriveFromUnifi(server, s);
    const asked = await guest.post('email', { email: 'maria@gmial.con' });
    expect(asked.status).toBe(200);
    expect(textOf(asked.html)).toContain('Did you mean maria@gmail.com?');
    expect(fixButtons(asked.html)).toEqual([
      ['maria@gmail.com', 'Use maria@gmail.com'],
      ['keep', 'Keep what I typed'],
    ]);
    expect(asked.html).toContain('value="maria@gmial.con"');
    expect(await guestsOf(s.siteId)).toHaveLength(0);
    expect(s.unifi.commands).toHaveLength(0);

    // Enter in an edited field posts the first button: a suggestion for another address is not taken.
    const edited = await guest.post('email', { email: 'maria@hotmial.com', email_fix: 'maria@gmail.com' });
    expect(textOf(edited.html)).toContain('Did you mean maria@hotmail.com?');
    expect(await guestsOf(s.siteId)).toHaveLength(0);

    const taken = await guest.post('email', { email: 'maria@gmial.con', email_fix: 'maria@gmail.com' });
    expect(textOf(taken.html)).toContain('You are connected');
    expect((await guestsOf(s.siteId)).map((g) => [g.identity, g.email])).toEqual([['email:maria@gmail.com', 'maria@gmail.com']]);
    expect(s.unifi.commands).toHaveLength(1);
  });

  it('keeps what the guest typed when asked to, and the DNS check still refuses a domain with no mail', async () => {
    const s = await site(['email']);
    await s.owner.put(`${s.api}/emailconfig/`, { enable_validation: true });
    const { guest } = await arriveFromUnifi(server, s, { lang: 'es-ES,es;q=0.9' });
    const asked = await guest.post('email', { email: 'maria@gmial.con' });
    expect(textOf(asked.html)).toContain('¿Querías decir maria@gmail.com?');
    expect(fixButtons(asked.html)).toEqual([
      ['maria@gmail.com', 'Usar maria@gmail.com'],
      ['keep', 'Mantener lo que escribí'],
    ]);
    const kept = await guest.post('email', { email: 'maria@gmial.con', email_fix: 'keep' });
    expect(kept.status).toBe(422);
    expect(errorsOf(kept.html)).toEqual(['Esta dirección no puede recibir correo. Revísala, por favor']);
    expect(await guestsOf(s.siteId)).toHaveLength(0);

    // An address with no likely typo goes straight through (and passes the DNS check).
    const other = await arriveFromUnifi(server, s);
    const fine = await other.guest.post('email', { email: 'ana@gmail.com' });
    expect(textOf(fine.html)).toContain('You are connected');
    expect((await guestsOf(s.siteId)).map((g) => g.email)).toEqual(['ana@gmail.com']);
  });
});

describe('guest page headings', () => {
  it('gives every guest page exactly one h1, the operator heading keeping its look', async () => {
    const s = await site(['multilanding', 'email', 'clickthrough']);
    await s.owner.put(`${s.api}/splashpage/design`, { tos_content: 'Be kind to the network.' });
    const { guest } = await arriveFromUnifi(server, s);
    const start = await guest.get();
    expect(h1s(start.html)).toEqual(['Welcome! Choose how to connect']);
    const email = await guest.get('email');
    expect(h1s(email.html)).toEqual(['Connect with your email']);
    // The default heading was an h2: it is the h1 now, sized as an h2 was.
    expect(email.html).toContain('<h1 class="h2">Connect with your email</h1>');
    expect(email.html).toContain('h1.h2{font-size:1.5em}');
    expect(h1s((await guest.get('terms')).html)).toHaveLength(1);
    expect(h1s((await guest.post('email', { email: 'ana@example.com' })).html)).toEqual(['You are connected']);

    // Whatever the operator typed: a plain text heading, several headings, or none at all.
    const typed = async (heading: string) => {
      await s.owner.put(`${s.api}/emailconfig/splashpage`, { email_heading_htmltext: heading });
      return (await (await arriveFromUnifi(server, s)).guest.get('email')).html;
    };
    const plain = await typed('Welcome to Harbour Café');
    expect(h1s(plain)).toEqual([]);
    expect(plain).toContain('<div class="heading" role="heading" aria-level="1">Welcome to Harbour Café</div>');
    const several = await typed('<h3>Harbour Café</h3><h4>Free Wi-Fi</h4>');
    expect(h1s(several)).toEqual(['Harbour Café']);
    expect(several).toContain('<h1 class="h3">Harbour Café</h1><h4>Free Wi-Fi</h4>');
    const none = await typed('<p> </p>');
    expect(none).toMatch(/<h1 class="vh">[^<]+<\/h1>/);
    expect(h1s(none)).toHaveLength(1);
  });
});
