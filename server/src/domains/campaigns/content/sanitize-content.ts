import sanitizeHtml from 'sanitize-html';
import { FORBIDDEN_TAGS, unsafeCss, unsafeTag } from './unsafe-content.ts';

export type ContentCheck = { ok: true; html: string } | { ok: false; detail: string };

const TEXT_TAGS = ['p', 'span', 'div', 'br', 'hr', 'b', 'strong', 'i', 'em', 'u', 's', 'small', 'sup', 'sub', 'font', 'center'];
const BLOCK_TAGS = ['h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'ul', 'ol', 'li', 'blockquote', 'pre', 'code', 'section', 'article'];
const TABLE_TAGS = ['table', 'thead', 'tbody', 'tfoot', 'tr', 'td', 'th', 'caption', 'colgroup', 'col'];
const DOCUMENT_TAGS = ['html', 'head', 'body', 'title', 'meta', 'style'];
const COMMON_ATTRIBUTES = [
  'aria-*',
  'style',
  'class',
  'id',
  'align',
  'valign',
  'width',
  'height',
  'bgcolor',
  'border',
  'dir',
  'lang',
  'title',
  'role',
];

/** An allowlist fit for email HTML as MJML 4 writes it (tables, inline styles, a <style> in the head). */
const EMAIL_HTML: sanitizeHtml.IOptions = {
  allowedTags: [...TEXT_TAGS, ...BLOCK_TAGS, ...TABLE_TAGS, ...DOCUMENT_TAGS, 'a', 'img'],
  allowVulnerableTags: true,
  allowedAttributes: {
    '*': COMMON_ATTRIBUTES,
    a: ['href', 'target', 'rel', 'name'],
    img: ['src', 'alt', 'width', 'height'],
    table: ['cellpadding', 'cellspacing', 'background'],
    td: ['colspan', 'rowspan', 'background'],
    th: ['colspan', 'rowspan', 'scope'],
    col: ['span'],
    font: ['color', 'face', 'size'],
    meta: ['charset', 'name', 'content', 'http-equiv'],
    style: ['type', 'media'],
    html: ['xmlns', 'xmlns:v', 'xmlns:o'],
  },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['http', 'https', 'data'] },
  allowedSchemesAppliedToAttributes: ['href', 'src', 'background'],
  allowProtocolRelative: false,
  // Whatever is not allowed goes, attributes and all; an unsafe style attribute or refresh goes too.
  transformTags: {
    '*': (tagName, attribs) => {
      const kept = { ...attribs };
      if (kept.style !== undefined && unsafeCss(kept.style)) delete kept.style;
      if (tagName === 'meta' && kept['http-equiv'] && !/^(content-type|x-ua-compatible)$/i.test(kept['http-equiv'].trim()))
        delete kept['http-equiv'];
      if (tagName === 'img' && kept.src && /^\s*data:/i.test(kept.src) && !/^\s*data:image\//i.test(kept.src)) delete kept.src;
      return { tagName, attribs: kept };
    },
  },
};

const STYLE_ELEMENT = /(<style\b[^>]*>)([\s\S]*?)(<\/style\s*>)/gi;
const RAW_FORBIDDEN = new RegExp(`<\\s*(${[...FORBIDDEN_TAGS].join('|')})\\b`, 'i');
const COMMENT = /<!--([\s\S]*?)(-->|$)/g;

/**
 * The HTML made safe to show and to send: only the allowlist's elements, attributes and URL schemes stay;
 * comments (Outlook's `<!--[if mso]>` too) go; a <style> with unsafe CSS goes; `@import` (remote fonts)
 * goes. Merge placeholders (`{{first_name}}`, in text or in an href) are kept.
 */
export function sanitizeContent(html: string): string {
  return sanitizeHtml(html, EMAIL_HTML).replace(STYLE_ELEMENT, (_m, open: string, css: string, close: string) =>
    unsafeCss(css) ? '' : `${open}${css.replace(/@import[^;]*;?/gi, '')}${close}`,
  );
}

/** The first unsafe thing in the HTML, looking inside comments too (a client may render conditional ones). */
function firstUnsafe(html: string): string | null {
  let found: string | null = null;
  sanitizeHtml(html, {
    allowedTags: false,
    allowedAttributes: false,
    allowVulnerableTags: true,
    onOpenTag: (name, attribs) => {
      found ??= unsafeTag(name.toLowerCase(), attribs);
    },
  });
  if (found) return found;
  // A forbidden tag the parser would not see as one (`<scr<script>ipt>`) is refused all the same.
  const raw = RAW_FORBIDDEN.exec(html);
  if (raw) return `<${raw[1]!.toLowerCase()}>`;
  for (const m of html.matchAll(STYLE_ELEMENT)) {
    const detail = unsafeCss(m[2]!);
    if (detail) return detail;
  }
  for (const m of html.matchAll(COMMENT)) {
    const detail = m[1]!.includes('<') ? firstUnsafe(m[1]!) : null;
    if (detail) return detail;
  }
  return null;
}

/**
 * Refuses (rather than silently fixes) HTML with a script, an embedded document, a form, an event
 * handler, a script or data URL (but an image's), a refresh or a <base>; safe HTML comes back sanitized.
 */
export function checkContent(html: string): ContentCheck {
  const detail = firstUnsafe(html);
  return detail ? { ok: false, detail } : { ok: true, html: sanitizeContent(html) };
}
