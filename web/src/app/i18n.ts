import i18n, { type Resource } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { enUS } from '../locales/en-US.ts';

type Language = 'en-US' | 'es-ES';

// English is the fallback and comes with the first chunk; Spanish is fetched when it is the language, so
// that English readers do not download it.
let spanish: Promise<void> | null = null;
// One object across starts: i18next keeps it as its store, so texts added to it (areas', Spanish) stay.
const resources: Resource = { 'en-US': { translation: enUS } };

/** Adds a language's texts (areas' own texts already added stay). */
export function loadLanguage(language: Language): Promise<void> {
  if (language === 'en-US') return Promise.resolve();
  spanish ??= import('../locales/es-ES.ts').then(
    ({ esES }) => void i18n.addResourceBundle('es-ES', 'translation', esES, true, false),
    (e: unknown) => {
      spanish = null;
      throw e;
    },
  );
  return spanish;
}

/** Switches to a language once its texts are in. */
export async function setLanguage(language: Language) {
  await loadLanguage(language).catch(() => {}); // without its texts, English (the fallback) shows
  await i18n.changeLanguage(language);
  document.documentElement.lang = language;
}

/** Starts i18next in English, then switches to `language` (see setLanguage for when it is in). */
export function initI18n(language: Language) {
  void i18n.use(initReactI18next).init({
    resources,
    lng: 'en-US',
    fallbackLng: 'en-US',
    interpolation: { escapeValue: false },
    showSupportNotice: false,
  });
  document.documentElement.lang = 'en-US';
  if (language !== 'en-US') void setLanguage(language);
  return i18n;
}
