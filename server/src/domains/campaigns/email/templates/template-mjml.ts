import type { FooterCopy, TemplateCopy, TemplateLook } from './template-copy.ts';

/** Where the template's button leads until the operator sets their own link in the editor. */
export const TEMPLATE_LINK = 'https://example.com/';
const FONT = "'Helvetica Neue', Helvetica, Arial, sans-serif";
const INK = '#2b2d42';
const MUTED = '#6c757d';

const escape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const lines = (s: string) => escape(s).replace(/\n/g, '<br />');
const text = (attrs: string, body: string) => `<mj-text font-family="${FONT}" ${attrs}>${body}</mj-text>`;

function highlightOf(copy: TemplateCopy, look: TemplateLook): string {
  if (!copy.highlight) return '';
  return `
      <mj-section background-color="#ffffff" padding="0 24px">
        <mj-column border="2px dashed ${look.accent}" border-radius="10px" padding="8px 0">
          ${text(`align="center" color="${MUTED}" font-size="13px" text-transform="uppercase" letter-spacing="1px" padding="12px 16px 0"`, escape(copy.highlight.label))}
          ${text(`align="center" color="${look.accent}" font-size="26px" font-weight="700" padding="4px 16px 12px"`, escape(copy.highlight.value))}
        </mj-column>
      </mj-section>`;
}

function cardsOf(copy: TemplateCopy, look: TemplateLook): string {
  if (!copy.cards) return '';
  const columns = copy.cards.map(
    (card) => `
        <mj-column padding="8px">
          <mj-divider border-color="${look.accent}" border-width="4px" padding="0 16px 8px" width="40px" align="left" />
          ${text(`color="${INK}" font-size="17px" font-weight="700" padding="4px 16px"`, escape(card.title))}
          ${text(`color="${MUTED}" font-size="14px" line-height="1.5" padding="4px 16px"`, escape(card.text))}
        </mj-column>`,
  );
  return `
      <mj-section background-color="#ffffff" padding="0 16px">${columns.join('')}
      </mj-section>`;
}

/** The template as MJML: the site's name, a coloured headline block, the text, a detail, a button and the footer. */
export function templateMjml(copy: TemplateCopy, look: TemplateLook, footer: FooterCopy, lang: string): string {
  const paragraphs = copy.paragraphs
    .map((p) => text(`color="${INK}" font-size="16px" line-height="1.6" padding="8px 32px"`, escape(p)))
    .join('\n          ');
  return `<mjml lang="${lang}">
  <mj-body background-color="${look.page}" width="600px">
    <mj-section padding="28px 0 12px">
      <mj-column>
        ${text(`align="center" color="${look.accent}" font-size="14px" font-weight="700" letter-spacing="3px" text-transform="uppercase"`, '{{site_name}}')}
      </mj-column>
    </mj-section>
    <mj-section background-color="${look.hero}" border-radius="14px 14px 0 0" padding="48px 24px 40px">
      <mj-column>
        ${text(`align="center" color="${look.heroText}" font-size="13px" letter-spacing="2px" text-transform="uppercase"`, escape(copy.kicker))}
        ${text(`align="center" color="${look.heroText}" font-size="34px" font-weight="800" line-height="1.2"`, escape(copy.headline))}
      </mj-column>
    </mj-section>
    <mj-section background-color="#ffffff" padding="32px 0 8px">
      <mj-column>
          ${paragraphs}
      </mj-column>
    </mj-section>${highlightOf(copy, look)}${cardsOf(copy, look)}
    <mj-section background-color="#ffffff" border-radius="0 0 14px 14px" padding="16px 0 36px">
      <mj-column>
        <mj-button href="${TEMPLATE_LINK}" background-color="${look.button}" color="${look.buttonText}" font-family="${FONT}" font-size="16px" font-weight="700" border-radius="999px" inner-padding="14px 32px" padding="16px 32px">${escape(copy.button)}</mj-button>
        ${text(`color="${INK}" font-size="15px" line-height="1.6" padding="16px 32px 0"`, lines(copy.signature))}
      </mj-column>
    </mj-section>
    <mj-section padding="20px 24px 32px">
      <mj-column>
        ${text(`align="center" color="${MUTED}" font-size="12px" line-height="1.5"`, escape(footer.why))}
      </mj-column>
    </mj-section>
  </mj-body>
</mjml>`;
}

/** The template's plain-text part, with the same words. */
export function templatePlainText(copy: TemplateCopy, footer: FooterCopy): string {
  const parts = [
    copy.headline,
    ...copy.paragraphs,
    copy.highlight ? `${copy.highlight.label}: ${copy.highlight.value}` : '',
    ...(copy.cards ?? []).map((c) => `* ${c.title}: ${c.text}`),
    `${copy.button}: ${TEMPLATE_LINK}`,
    copy.signature,
    '--',
    footer.why,
  ];
  return parts.filter(Boolean).join('\n\n');
}
