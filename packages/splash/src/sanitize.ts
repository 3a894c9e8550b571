/**
 * Operators write headings as HTML. Guests' browsers run on our origin, so only a small set of
 * formatting tags survives; everything else is shown as text. Links may only go to http(s) or mailto.
 */
const ALLOWED = new Set([
  'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'p', 'br', 'b', 'strong', 'i', 'em', 'u', 'small', 'span', 'div', 'ul', 'ol', 'li', 'a', 'hr',
]); // prettier-ignore
const VOID = new Set(['br', 'hr']);
const TAG = /<(\/?)([a-zA-Z][a-zA-Z0-9]*)([^<>]*)>/g;

export const escapeHtml = (s: string) =>
  s
    .replace(/&(?!(?:[a-zA-Z]{2,8}|#\d{1,6}|#x[0-9a-fA-F]{1,6});)/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');

function safeHref(attrs: string): string | null {
  const m = /\bhref\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+))/i.exec(attrs);
  const href = (m?.[1] ?? m?.[2] ?? m?.[3] ?? '').trim();
  return /^(https?:\/\/|mailto:)[^\s"'<>]*$/i.test(href) ? href : null;
}

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
      const href = safeHref(m[3] ?? '');
      out += href ? `<a href="${escapeHtml(href)}" rel="noopener nofollow">` : '<a>';
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
