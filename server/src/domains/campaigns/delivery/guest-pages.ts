import { GUEST_TEXTS, escapeHtml, type GuestLang } from './guest-texts.ts';

/** A 1x1 transparent GIF: the open pixel. */
export const PIXEL_GIF = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

/** A small page a captive portal's mini browser shows as it is: no script, no outside resource. */
export function guestPage(lang: GuestLang, title: string, body: string): string {
  return `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(title)}</title><style>body{font-family:Arial,Helvetica,sans-serif;max-width:480px;margin:48px auto;padding:0 16px;color:#222}button{font-size:16px;padding:10px 20px}</style></head><body><h1>${escapeHtml(title)}</h1>${body}</body></html>`;
}

export const unsubscribeForm = (lang: GuestLang, question: string) =>
  `<p>${escapeHtml(question)}</p><form method="post"><input type="hidden" name="from" value="page"><button type="submit">${escapeHtml(GUEST_TEXTS[lang].unsubscribeButton)}</button></form>`;

export const paragraph = (text: string) => `<p>${escapeHtml(text)}</p>`;
