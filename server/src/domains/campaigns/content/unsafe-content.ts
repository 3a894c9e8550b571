/**
 * What makes email or splash-page HTML unsafe, as the dashboard refuses it: each check answers a short
 * English detail naming the first unsafe thing found (shown in the refusal), or null when it is safe.
 */

/** Elements that run code, embed other documents, post data or redirect: refused wherever they appear. */
export const FORBIDDEN_TAGS = new Set(['script', 'iframe', 'frame', 'frameset', 'object', 'embed', 'applet', 'form', 'base']);

/** Attributes whose value is a URL the browser or mail client loads or follows. */
const URL_ATTRIBUTES = new Set([
  'href',
  'src',
  'background',
  'action',
  'formaction',
  'poster',
  'xlink:href',
  'lowsrc',
  'dynsrc',
  'longdesc',
  'cite',
  'data',
  'srcset',
]);

const UNSAFE_SCHEMES = ['javascript:', 'vbscript:', 'data:', 'livescript:', 'mocha:'];

/** The URL as a browser reads its scheme: entities are decoded already; whitespace and controls inside are ignored. */
const schemeView = (url: string) =>
  // eslint-disable-next-line no-control-regex
  url.replace(/[\u0000-\u0020\u007f-\u009f]+/g, '').toLowerCase();

/** data: is allowed for images only (`img src`), and only as an image type. */
export function unsafeUrl(url: string, allowDataImage: boolean): string | null {
  const view = schemeView(url);
  const scheme = UNSAFE_SCHEMES.find((s) => view.startsWith(s));
  if (!scheme) return null;
  if (scheme === 'data:' && allowDataImage && /^data:image\/[a-z0-9.+-]+[;,]/.test(view)) return null;
  return `${scheme} URL`;
}

/** CSS as a browser reads it: comments dropped and escapes (`\6a`, `\:`) turned into their characters. */
function cssView(css: string): string {
  return css
    .replace(/\/\*[\s\S]*?(\*\/|$)/g, '')
    .replace(/\\([0-9a-f]{1,6})\s?/gi, (_m, hex: string) => String.fromCodePoint(Math.min(parseInt(hex, 16), 0x10ffff)))
    .replace(/\\(.)/g, '$1');
}

/** CSS (a style attribute or a <style> element) that runs code or loads an unsafe URL. */
export function unsafeCss(css: string): string | null {
  const view = cssView(css).toLowerCase();
  if (/expression\s*\(/.test(view)) return 'CSS expression()';
  if (/-moz-binding|behavior\s*:/.test(view)) return 'CSS binding';
  for (const m of view.matchAll(/url\s*\(\s*(['"]?)([\s\S]*?)\1\s*\)/g)) {
    const detail = unsafeUrl(m[2]!, true);
    if (detail) return `${detail} in CSS`;
  }
  if (/(javascript|vbscript)\s*:/.test(view)) return 'script URL in CSS';
  return null;
}

/** One opening tag with its (decoded, lower-cased) attributes. */
export function unsafeTag(name: string, attribs: Record<string, string>): string | null {
  if (FORBIDDEN_TAGS.has(name)) return `<${name}>`;
  if (name === 'meta' && (attribs['http-equiv'] ?? '').trim().toLowerCase() === 'refresh') return '<meta http-equiv="refresh">';
  for (const [attr, value] of Object.entries(attribs)) {
    if (/^on/.test(attr)) return `${attr} attribute`;
    if (attr === 'style') {
      const detail = unsafeCss(value);
      if (detail) return detail;
    }
    if (URL_ATTRIBUTES.has(attr)) {
      const detail = unsafeUrl(value, name === 'img' && attr === 'src');
      if (detail) return `${detail} in ${attr}`;
    }
  }
  return null;
}
