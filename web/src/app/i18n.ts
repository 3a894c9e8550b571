import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { enUS } from '../locales/en-US.ts';
import { esES } from '../locales/es-ES.ts';

export function initI18n(language: 'en-US' | 'es-ES') {
  void i18n.use(initReactI18next).init({
    resources: { 'en-US': { translation: enUS }, 'es-ES': { translation: esES } },
    lng: language,
    fallbackLng: 'en-US',
    interpolation: { escapeValue: false },
    showSupportNotice: false,
  });
  document.documentElement.lang = language;
  return i18n;
}
