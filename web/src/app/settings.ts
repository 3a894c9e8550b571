/** Language and theme, kept in local storage under `settings` (not in the signed-in state). */
export interface UiSettings {
  language: 'en-US' | 'es-ES';
  theme: 'light' | 'dark';
}

const KEY = 'settings';
const DEFAULTS: UiSettings = { language: 'en-US', theme: 'light' };

export function loadSettings(): UiSettings {
  try {
    const saved = JSON.parse(localStorage.getItem(KEY) ?? '{}') as Partial<UiSettings>;
    return {
      language: saved.language === 'es-ES' ? 'es-ES' : 'en-US',
      theme: saved.theme === 'dark' ? 'dark' : 'light',
    };
  } catch {
    return DEFAULTS;
  }
}

export function saveSettings(settings: UiSettings) {
  localStorage.setItem(KEY, JSON.stringify(settings));
}
