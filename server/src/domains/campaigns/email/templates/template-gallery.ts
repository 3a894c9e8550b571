import mjml2html from 'mjml';
import {
  CAMPAIGN_TEMPLATE_IDS,
  type CampaignTemplate,
  type CampaignTemplateId,
  type CampaignTemplateLanguage,
} from '@splashboard/contract';
import { fillMergeFields, type MergeValues } from '../../content/merge-fields.ts';
import { sanitizeContent } from '../../content/sanitize-content.ts';
import { TEMPLATE_LOOKS, type FooterCopy, type TemplateTexts } from './template-copy.ts';
import { templateMjml, templatePlainText } from './template-mjml.ts';
import { FOOTER_EN, TEXTS_EN } from './texts.en.ts';
import { FOOTER_ES, TEXTS_ES } from './texts.es.ts';

const WRITTEN: Record<CampaignTemplateLanguage, { texts: TemplateTexts; footer: FooterCopy; sample: MergeValues }> = {
  en: {
    texts: TEXTS_EN,
    footer: FOOTER_EN,
    sample: {
      first_name: 'Alex',
      last_name: 'Morgan',
      email: 'alex@example.com',
      site_name: 'Harbor Café',
      visits: '12',
      last_visit: 'May 3, 2026',
    },
  },
  es: {
    texts: TEXTS_ES,
    footer: FOOTER_ES,
    sample: {
      first_name: 'Lucía',
      last_name: 'García',
      email: 'lucia@example.com',
      site_name: 'Café del Puerto',
      visits: '12',
      last_visit: '3 de mayo de 2026',
    },
  },
};

export const isTemplateId = (id: string): id is CampaignTemplateId => (CAMPAIGN_TEMPLATE_IDS as readonly string[]).includes(id);

function compile(id: CampaignTemplateId, lang: CampaignTemplateLanguage): CampaignTemplate {
  const { texts, footer, sample } = WRITTEN[lang];
  const copy = texts[id];
  const mjml = templateMjml(copy, TEMPLATE_LOOKS[id], footer, lang);
  const { html, errors } = mjml2html(mjml, { validationLevel: 'strict', fonts: {}, keepComments: false });
  if (errors.length) throw new Error(`template ${id}.${lang}: ${errors.map((e) => e.formattedMessage).join('; ')}`);
  const campaignHtml = sanitizeContent(html);
  return {
    id,
    name: copy.name,
    description: copy.description,
    subject: copy.subject,
    preview_html: fillMergeFields(campaignHtml, sample, 'html'),
    campaign_html: campaignHtml,
    campaign_json: { mjml },
    mjml,
    plain_text: templatePlainText(copy, footer),
  };
}

/** Compiled once per process, on first use. */
const compiled = new Map<string, CampaignTemplate>();

export function galleryTemplate(id: CampaignTemplateId, lang: CampaignTemplateLanguage): CampaignTemplate {
  const key = `${id}.${lang}`;
  let template = compiled.get(key);
  if (!template) compiled.set(key, (template = compile(id, lang)));
  return template;
}

export function galleryOf(lang: CampaignTemplateLanguage) {
  return CAMPAIGN_TEMPLATE_IDS.map((id) => {
    const { campaign_html: _html, campaign_json: _json, mjml: _mjml, plain_text: _text, ...summary } = galleryTemplate(id, lang);
    return summary;
  });
}
