/**
 * Operators write headings as HTML (the designer's rich-text editor, or the API). Guests' browsers run on
 * our origin, so only a small set of formatting tags survives; everything else is shown as text. Links may
 * only go to http(s) or mailto; a span keeps only a size of HEADING_SIZES. The server runs this when a
 * heading is saved and the portal again when it draws one: stored HTML is never trusted.
 */
const ALLOWED = new Set([
  'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'p', 'br', 'b', 'strong', 'i', 'em', 'u', 'small', 'span', 'div', 'ul', 'ol', 'li', 'a', 'hr',
]); // prettier-ignore
const VOID = new Set(['br', 'hr']);
const TAG = /<(\/?)([a-zA-Z][a-zA-Z0-9]*)([^<>]*)>/g;

/** The sizes the rich-text editor offers, relative to the heading's own size (`<span data-size="large">`). */
export const HEADING_SIZES = ['small', 'large', 'x-large'] as const;
export type HeadingSize = (typeof HEADING_SIZES)[number];
/** Each size's CSS, for the portal's stylesheet and the editor alike. */
export const HEADING_SIZE_EM: Record<HeadingSize, string> = { small: '0.75em', large: '1.25em', 'x-large': '1.6em' };

export const escapeHtml = (s: string) =>
  s
    .replace(/&(?!(?:[a-zA-Z]{2,8}|#\d{1,6}|#x[0-9a-fA-F]{1,6});)/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');

const attrOf = (attrs: string, name: string) => {
  const m = new RegExp(`(?:^|\\s)${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s"'>]+))`, 'i').exec(attrs);
  return (m?.[1] ?? m?.[2] ?? m?.[3] ?? '').trim();
};

/** A link's address when it is one a guest may follow (http, https, mailto), else null. */
export function safeHref(href: string): string | null {
  const h = href.replace(/&amp;/g, '&').trim();
  return /^(https?:\/\/|mailto:)[^\s"'<>]*$/i.test(h) ? h : null;
}

const sizeOf = (attrs: string): HeadingSize | null => {
  const size = attrOf(attrs, 'data-size');
  return (HEADING_SIZES as readonly string[]).includes(size) ? (size as HeadingSize) : null;
};

export function sanitizeHtml(raw: string): string {
  // What script and style elements hold is not text for the reader: it goes with them.
  const input = raw.replace(/<(script|style)\b[^>]*>[\s\S]*?<\/\1\s*>/gi, '');
  let out = '';
  let last = 0;
  const open: string[] = [];
  for (const m of input.matchAll(TAG)) {
    out += escapeHtml(input.slice(last, m.index));
    last = m.index + m[0].length;
    const closing = m[1] === '/';
    const name = m[2]!.toLowerCase();
    if (!ALLOWED.has(name)) continue;
    if (closing) {
      const at = open.lastIndexOf(name);
      if (at === -1) continue;
      while (open.length > at) out += `</${open.pop()}>`;
    } else if (VOID.has(name)) out += `<${name}>`;
    else if (name === 'a') {
      const href = safeHref(attrOf(m[3] ?? '', 'href'));
      out += href ? `<a href="${escapeHtml(href)}" rel="noopener nofollow">` : '<a>';
      open.push(name);
    } else if (name === 'span') {
      const size = sizeOf(m[3] ?? '');
      out += size ? `<span data-size="${size}">` : '<span>';
      open.push(name);
    } else {
      out += `<${name}>`;
      open.push(name);
    }
  }
  out += escapeHtml(input.slice(last));
  while (open.length) out += `</${open.pop()}>`;
  return out;
}

/**
 * Whether sanitised HTML has a block element: a heading element, or a heading written as several blocks
 * (headings, paragraphs, lists) before the rich-text editor.
 */
export const hasBlocks = (safe: string) => /<(h[1-6]|p|div|ul|ol|li|hr)>/.test(safe);
