import { enUS, type GuestStrings } from './en-US.ts';
import { esES } from './es-ES.ts';

export const GUEST_LANGS = ['en-US', 'es-ES'] as const;
export type GuestLang = (typeof GUEST_LANGS)[number];
export type { GuestStrings };

const CATALOGUES: Record<GuestLang, GuestStrings> = { 'en-US': enUS, 'es-ES': esES };

/** The guest's language from `Accept-Language` (or a short code such as `es`); English otherwise. */
export function guestLangFrom(header: string | undefined | null): GuestLang {
  if (!header) return 'en-US';
  for (const part of header.split(',')) {
    const tag = part.split(';')[0]!.trim().toLowerCase();
    if (tag.startsWith('es')) return 'es-ES';
    if (tag.startsWith('en')) return 'en-US';
  }
  return 'en-US';
}

export const stringsFor = (lang: GuestLang): GuestStrings => CATALOGUES[lang] ?? enUS;

/** Fills `{name}` placeholders. */
export function fill(template: string, vars: Record<string, string | number> = {}): string {
  return template.replace(/\{(\w+)\}/g, (m, k: string) => (k in vars ? String(vars[k]) : m));
}
