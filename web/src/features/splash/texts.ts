import { storedTranslations, type Translations } from '@splashboard/contract';
import type { GuestLang } from '@splashboard/splash';

/**
 * The texts an operator types have an English value (the contract's field) and a version per other guest
 * language (`translations`). The designer edits one language at a time: these read and write the value
 * of the language being edited, in a design's or a screen's settings as loaded.
 */
type WithTexts = Record<string, unknown> & { translations?: Partial<Translations> };

export function textIn(values: WithTexts, name: string, lang: GuestLang): string {
  if (lang === 'en-US') return String(values[name] ?? '');
  return values.translations?.[lang]?.[name] ?? '';
}

export function withText<T extends WithTexts>(values: T, name: string, lang: GuestLang, text: string): T {
  if (lang === 'en-US') return { ...values, [name]: text };
  const translations = values.translations ?? {};
  return { ...values, translations: { ...translations, [lang]: { ...translations[lang], [name]: text } } };
}

/** A field's error key in the server's answer, for the language being edited. */
export const errorKeyOf = (name: string, lang: GuestLang) => (lang === 'en-US' ? name : `translations.${lang}.${name}`);

/**
 * Settings as the portal reads them from storage: the English values, and each version under its own
 * key (packages/splash resolves the guest's language from these).
 */
export function asStored(values: object): { own: Record<string, unknown>; versions: Record<string, string> } {
  const { translations, ...own } = values as WithTexts;
  return { own, versions: storedTranslations(translations) };
}
