import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { splashDesigns, splashMethodSettings } from '../db/schema/index.ts';
import { startServer, type TestServer } from '../../test/harness.ts';
import { arriveFromUnifi, textOf, unifiPortalSite, type PortalSite } from '../../test/portal.ts';

// The operator's texts in each guest language (English, and a Spanish version of each), and headings
// written with the designer's rich-text editor: saved through the API, read by guests on the portal.

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
const SPANISH = 'es-ES,es;q=0.9,en;q=0.5';
const ENGLISH = 'en-GB,en;q=0.9';
/** A guest's email page, their browser asking for a language. */
const emailPage = async (s: PortalSite, lang: string) =>
  (await (await arriveFromUnifi(server, s, { lang })).guest.get('email')).html;
const h1Of = (html: string) => /<h1\b[^>]*>[\s\S]*?<\/h1>/.exec(html)?.[0] ?? '';
const storedStyles = async (siteId: number) => {
  const [row] = await server.handle.db
    .select()
    .from(splashMethodSettings)
    .where(and(eq(splashMethodSettings.siteId, siteId), eq(splashMethodSettings.method, 'emailconfig')));
  return row?.styles ?? {};
};

describe('splash texts per language', () => {
  it('serves the Spanish version to a guest whose browser asks for Spanish, the English one to others', async () => {
    const s = await site(['email']);
    const design = await s.owner.put(`${s.api}/splashpage/design`, {
      tos_text: 'House rules',
      splash_page_powered_by_text: 'Harbour Café Wi-Fi',
      translations: { 'es-ES': { tos_text: 'Normas de la casa', splash_page_powered_by_text: 'Wi-Fi del Café del Puerto' } },
    });
    expect(design.status).toBe(200);
    expect(design.body.tos_text).toBe('House rules');
    expect(design.body.translations['es-ES']).toMatchObject({
      tos_text: 'Normas de la casa',
      splash_page_powered_by_text: 'Wi-Fi del Café del Puerto',
      privacy_text: '',
    });
    const styles = await s.owner.put(`${s.api}/emailconfig/splashpage`, {
      email_heading_htmltext: '<h2>Welcome to Harbour Café</h2>',
      email_loginbtn_text: 'Get online',
      translations: {
        'es-ES': { email_heading_htmltext: '<h2>Bienvenido al <b>Café del Puerto</b></h2>', email_loginbtn_text: 'Conectarme' },
      },
    });
    expect(styles.status).toBe(200);
    expect(styles.body.translations['es-ES']).toMatchObject({
      email_heading_htmltext: '<h2>Bienvenido al <b>Café del Puerto</b></h2>',
      email_loginbtn_text: 'Conectarme',
      email_backbtn_text: '',
    });
    expect(styles.body.translations['es-ES']).not.toHaveProperty('email_loginbtn_color');
    // Read back as saved.
    expect((await s.owner.get(`${s.api}/emailconfig/splashpage`)).body.translations['es-ES'].email_loginbtn_text).toBe(
      'Conectarme',
    );
    expect((await s.owner.get(`${s.api}/splashpage/design`)).body.translations['es-ES'].tos_text).toBe('Normas de la casa');

    const es = await emailPage(s, SPANISH);
    expect(h1Of(es)).toBe('<h1 class="h2">Bienvenido al <b>Café del Puerto</b></h1>');
    expect(textOf(es)).toContain('Conectarme');
    expect(textOf(es)).toContain('Normas de la casa');
    expect(textOf(es)).toContain('Wi-Fi del Café del Puerto');
    expect(textOf(es)).not.toContain('Welcome to Harbour Café');
    // The portal's own texts are Spanish too: the same choice of language.
    expect(es).toContain('<html lang="es"');

    const en = await emailPage(s, ENGLISH);
    expect(h1Of(en)).toBe('<h1 class="h2">Welcome to Harbour Café</h1>');
    expect(textOf(en)).toContain('Get online');
    expect(textOf(en)).toContain('House rules');
    expect(textOf(en)).not.toContain('Normas de la casa');

    // A guest who switches language on the page reads the other version.
    const { guest } = await arriveFromUnifi(server, s, { lang: ENGLISH });
    const switched = await guest.get('lang/es-ES');
    const after = await (
      await arriveFromUnifi(server, s, { lang: ENGLISH })
    ).guest.get(new URL(switched.location!, server.url).pathname + 'email');
    expect(h1Of(after.html)).toContain('Bienvenido');
  });

  it('falls back to the English text where the Spanish version is empty, and an emptied version goes back to it', async () => {
    const s = await site(['email']);
    await s.owner.put(`${s.api}/emailconfig/splashpage`, {
      email_heading_htmltext: '<h2>Welcome to Harbour Café</h2>',
      translations: { 'es-ES': { email_loginbtn_text: 'Conectarme' } },
    });
    await s.owner.put(`${s.api}/splashpage/design`, { gdpr_heading_text: 'What we keep' });
    const es = await emailPage(s, SPANISH);
    // The operator's English heading, not the default's Spanish words: it is what they wrote.
    expect(h1Of(es)).toBe('<h1 class="h2">Welcome to Harbour Café</h1>');
    expect(textOf(es)).toContain('What we keep');
    expect(textOf(es)).toContain('Conectarme');
    // Texts the operator never changed are still the Spanish defaults.
    expect(textOf(es)).toContain('Política de privacidad');

    const cleared = await s.owner.put(`${s.api}/emailconfig/splashpage`, {
      translations: { 'es-ES': { email_loginbtn_text: '' } },
    });
    expect(cleared.status).toBe(200);
    expect(cleared.body.translations['es-ES'].email_loginbtn_text).toBe('');
    expect(textOf(await emailPage(s, SPANISH))).not.toContain('Conectarme');
    // The English fields are untouched by a change of their translations.
    expect(cleared.body.email_heading_htmltext).toBe('<h2>Welcome to Harbour Café</h2>');
  });

  it('checks each version like its English field, names the field of an error, and stores nothing then', async () => {
    const s = await site(['email']);
    const long = await s.owner.put(`${s.api}/splashpage/design`, {
      tos_text: 'House rules',
      translations: { 'es-ES': { tos_text: 'x'.repeat(101), privacy_text: 'Privacidad' } },
    });
    expect(long.status).toBe(422);
    expect(Object.keys(long.body.schema_errors)).toEqual(['translations.es-ES.tos_text']);
    const stored = await server.handle.db.select().from(splashDesigns).where(eq(splashDesigns.siteId, s.siteId));
    expect(stored[0]?.design ?? {}).toEqual({});

    const unknown = await s.owner.put(`${s.api}/splashpage/design`, {
      translations: { 'es-ES': { body_color: '#000000' }, 'fr-FR': { tos_text: 'Règles' } },
    });
    expect(unknown.status).toBe(422);
    expect(Object.keys(unknown.body.schema_errors).sort()).toEqual(['translations.es-ES.body_color', 'translations.fr-FR']);

    const label = await s.owner.put(`${s.api}/emailconfig/splashpage`, {
      translations: { 'es-ES': { email_loginbtn_text: 'y'.repeat(101), email_loginbtn_color: '#ffffff' } },
    });
    expect(label.status).toBe(422);
    expect(Object.keys(label.body.schema_errors).sort()).toEqual([
      'translations.es-ES.email_loginbtn_color',
      'translations.es-ES.email_loginbtn_text',
    ]);
    expect(await storedStyles(s.siteId)).toEqual({});
  });
});

describe('field labels per language', () => {
  it('shows a field’s Spanish label to Spanish guests, its English one to others, and checks it like the English one', async () => {
    const s = await site(['email']);
    const email = { field_type: 'email', mandatory: true };
    const tooLong = await s.owner.put(`${s.api}/emailconfig/loginfields`, {
      login_fields: [
        email,
        { field_type: 'custom_text', title: 'Room number', translations: { 'es-ES': { title: 'z'.repeat(101) } } },
      ],
    });
    expect(tooLong.status).toBe(422);
    expect(Object.keys(tooLong.body.schema_errors)).toEqual(['login_fields.1.translations.es-ES.title']);

    const saved = await s.owner.put(`${s.api}/emailconfig/loginfields`, {
      login_fields: [
        email,
        { field_type: 'custom_text', title: 'Room number', translations: { 'es-ES': { title: 'Número de habitación' } } },
        { field_type: 'custom_text', title: 'Table', translations: { 'es-ES': { title: '' } } },
      ],
    });
    expect(saved.status).toBe(200);
    expect(saved.body.login_fields[1]).toMatchObject({
      title: 'Room number',
      translations: { 'es-ES': { title: 'Número de habitación' } },
    });
    // An empty version is not kept: the field reads as one without.
    expect(saved.body.login_fields[2]).not.toHaveProperty('translations');

    const es = textOf(await emailPage(s, SPANISH));
    expect(es).toContain('Número de habitación');
    expect(es).toContain('Table');
    expect(es).toContain('Correo electrónico');
    const en = textOf(await emailPage(s, ENGLISH));
    expect(en).toContain('Room number');
    expect(en).not.toContain('Número de habitación');
  });

  it('names a list’s options and the gender options in Spanish, keeping the English values guests send', async () => {
    const s = await site(['email']);
    const email = { field_type: 'email', mandatory: true };
    const meal = { field_type: 'custom_select', title: 'Meal', options_list: ['Breakfast', 'Dinner'] };
    const wrongCount = await s.owner.put(`${s.api}/emailconfig/loginfields`, {
      login_fields: [email, { ...meal, translations: { 'es-ES': { options_list: ['Desayuno'] } } }],
    });
    expect(wrongCount.status).toBe(422);
    expect(wrongCount.body.schema_errors).toEqual({
      'login_fields.1.translations.es-ES.options_list': ['Give one option for each option in English, in the same order'],
    });

    const saved = await s.owner.put(`${s.api}/emailconfig/loginfields`, {
      login_fields: [
        email,
        { ...meal, translations: { 'es-ES': { title: 'Comida', options_list: ['Desayuno', 'Cena'] } } },
        { field_type: 'gender', female_option_text: 'Lady', translations: { 'es-ES': { female_option_text: 'Señora' } } },
      ],
    });
    expect(saved.status).toBe(200);
    const es = await emailPage(s, SPANISH);
    expect(es).toContain('<option value="Breakfast">Desayuno</option><option value="Dinner">Cena</option>');
    expect(textOf(es)).toContain('Señora');
    // No Spanish version of the male option: the default's Spanish, as before.
    expect(textOf(es)).toContain('Hombre');
    const en = await emailPage(s, ENGLISH);
    expect(en).toContain('<option value="Breakfast">Breakfast</option><option value="Dinner">Dinner</option>');
    expect(textOf(en)).toContain('Lady');
  });
});

describe('headings written as rich text', () => {
  it('strips scripts, event handlers and javascript: links when saving, keeping bold, italic, links and sizes', async () => {
    const s = await site(['email']);
    const typed =
      '<h2 onclick="steal()">Hi <b>there</b> <i>friend</i><script>steal()</script> ' +
      '<a href="javascript:steal()">bad</a> <a href="https://harbour.example/menu" onmouseover="x()">menu</a> ' +
      '<span data-size="x-large" style="color:red">big</span> <span data-size="huge">plain</span><img src=x onerror=steal()></h2>';
    const saved = await s.owner.put(`${s.api}/emailconfig/splashpage`, {
      email_heading_htmltext: typed,
      translations: { 'es-ES': { email_heading_htmltext: '<h2>Hola <a href="JaVaScRiPt:steal()">aquí</a></h2>' } },
    });
    expect(saved.status).toBe(200);
    const clean =
      '<h2>Hi <b>there</b> <i>friend</i> <a>bad</a> <a href="https://harbour.example/menu" rel="noopener nofollow">menu</a> ' +
      '<span data-size="x-large">big</span> <span>plain</span></h2>';
    expect(saved.body.email_heading_htmltext).toBe(clean);
    expect(saved.body.translations['es-ES'].email_heading_htmltext).toBe('<h2>Hola <a>aquí</a></h2>');
    const stored = await storedStyles(s.siteId);
    expect(stored.email_heading_htmltext).toBe(clean);
    expect(JSON.stringify(stored)).not.toMatch(/script|onclick|onerror|onmouseover|javascript/i);

    const en = await emailPage(s, ENGLISH);
    expect(h1Of(en)).toBe(`<h1 class="h2">${clean.slice(4, -5)}</h1>`);
    expect(en).toContain('.heading [data-size=x-large]{font-size:1.6em}');
    expect(h1Of(await emailPage(s, SPANISH))).toBe('<h1 class="h2">Hola <a>aquí</a></h1>');
  });

  it('sanitises stored HTML again when drawing it (a row written past the API)', async () => {
    const s = await site(['email']);
    await s.owner.put(`${s.api}/emailconfig/splashpage`, { email_loginbtn_text: 'Go' });
    await server.handle.db
      .update(splashMethodSettings)
      .set({
        styles: {
          email_heading_htmltext: '<h2 onclick="x()">Old <script>alert(1)</script><a href="javascript:alert(1)">link</a></h2>',
          'es-ES:email_heading_htmltext': '<h2><b onmouseover="x()">Hola</b><iframe src="https://evil.example"></iframe></h2>',
        },
      })
      .where(and(eq(splashMethodSettings.siteId, s.siteId), eq(splashMethodSettings.method, 'emailconfig')));
    expect(h1Of(await emailPage(s, ENGLISH))).toBe('<h1 class="h2">Old <a>link</a></h1>');
    expect(h1Of(await emailPage(s, SPANISH))).toBe('<h1 class="h2"><b>Hola</b></h1>');
  });

  it('draws headings saved before the editor as it did: an HTML heading keeps its level’s look, plain text stays as it was', async () => {
    const s = await site(['email']);
    const typed = async (heading: string) => {
      await s.owner.put(`${s.api}/emailconfig/splashpage`, { email_heading_htmltext: heading });
      return emailPage(s, ENGLISH);
    };
    expect(h1Of(await typed('<h2>Welcome to Harbour Café</h2>'))).toBe('<h1 class="h2">Welcome to Harbour Café</h1>');
    expect(await typed('<h3>Harbour Café</h3><p>Free Wi-Fi</p>')).toContain('<h1 class="h3">Harbour Café</h1><p>Free Wi-Fi</p>');
    expect(await typed('Welcome to Harbour Café')).toContain(
      '<div class="heading" role="heading" aria-level="1">Welcome to Harbour Café</div>',
    );
    // Stored before: read back unchanged.
    expect((await s.owner.get(`${s.api}/emailconfig/splashpage`)).body.email_heading_htmltext).toBe('Welcome to Harbour Café');
  });
});
