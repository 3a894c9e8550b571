import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import mjml2html from 'mjml';
import { CAMPAIGN_TEMPLATE_IDS, MERGE_FIELDS } from '@splashboard/contract';
import { createSite, registerAccount, startServer, type TestServer } from '../../../../../test/harness.ts';
import { checkContent } from '../../content/sanitize-content.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server?.close());

async function operator() {
  const owner = await registerAccount(server, { plan_type: 'engage' });
  const site = await createSite(owner.client, { name: 'Harbor Café' });
  return { client: owner.client, api: `/s/${site.id}/api/v1/campaigns/templates` };
}

describe('the template gallery', () => {
  it('lists the six templates in English and in Spanish, each drawn with sample values', async () => {
    const { client, api } = await operator();
    const en = await client.get(api);
    expect(en.status).toBe(200);
    expect(en.body.templates.map((t: { id: string }) => t.id)).toEqual([...CAMPAIGN_TEMPLATE_IDS]);
    const es = await client.get(`${api}?lang=es`);
    expect(es.body.templates.map((t: { name: string }) => t.name)).toEqual([
      'Bienvenida',
      'Vuelve',
      'Cumpleaños',
      'Evento',
      'Oferta',
      'Boletín',
    ]);
    const welcome = en.body.templates[0];
    expect(welcome).toMatchObject({ name: 'Welcome', subject: 'Welcome to {{site_name}}, {{first_name}}!' });
    expect(welcome.preview_html).toContain('Welcome, Alex!');
    expect(welcome.preview_html).not.toMatch(/\{\{/);
    expect(es.body.templates[0].preview_html).toContain('¡Hola, Lucía!');
    expect(es.body.templates[0].preview_html).toContain('<html lang="es"');
    expect(welcome).not.toHaveProperty('mjml');
    expect((await client.get(`${api}?lang=fr`)).status).toBe(422);
  });

  it('gives each template’s MJML, its HTML with merge fields, its plain text and its editor project, all safe and offline', async () => {
    const { client, api } = await operator();
    for (const id of CAMPAIGN_TEMPLATE_IDS) {
      for (const lang of ['en', 'es']) {
        const res = await client.get(`${api}/${id}?lang=${lang}`);
        expect(res.status).toBe(200);
        const t = res.body;
        expect(t.campaign_json).toEqual({ mjml: t.mjml });
        expect(t.mjml).toMatch(new RegExp(`^<mjml lang="${lang}">`));
        expect(mjml2html(t.mjml, { validationLevel: 'strict' }).errors).toEqual([]);
        expect(t.campaign_html).toContain('{{first_name}}');
        expect(t.campaign_html).toContain('{{site_name}}');
        const fields = new Set([...(t.campaign_html as string).matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]));
        expect([...fields].filter((f) => !(MERGE_FIELDS as readonly (string | undefined)[]).includes(f))).toEqual([]);
        expect(checkContent(t.campaign_html)).toEqual({ ok: true, html: t.campaign_html });
        // Nothing remote but the button's link: no images, fonts or stylesheets fetched.
        expect(t.campaign_html).not.toMatch(/<img|<link|@import|fonts\.googleapis/);
        expect(t.campaign_html).toMatch(/@media only screen and \(min-width:480px\)/);
        expect(t.plain_text).toContain('{{site_name}}');
        expect(t.plain_text).not.toMatch(/</);
      }
    }
  });

  it('answers a template that does not exist as not found', async () => {
    const { client, api } = await operator();
    const res = await client.get(`${api}/halloween`);
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ code: 'campaigns.unknownTemplate', message: 'There is no template halloween' });
  });
});
