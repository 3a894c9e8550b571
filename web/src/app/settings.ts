/**
 * Language and theme. What the user chose is kept in local storage under `settings` (not in the signed-in
 * state); what they have not chosen follows the browser: its languages (any Spanish: Spanish) and its
 * light or dark preference, live.
 */
export interface UiSettings {
  language: 'en-US' | 'es-ES';
  theme: 'light' | 'dark';
}

const KEY = 'settings';
export const DARK_QUERY = '(prefers-color-scheme: dark)';

/** Only what the user chose: a key is absent until they pick a language or a theme. */
export function loadChoices(): Partial<UiSettings> {
  try {
    const saved = JSON.parse(localStorage.getItem(KEY) ?? '{}') as Partial<UiSettings>;
    const choices: Partial<UiSettings> = {};
    if (saved.language === 'es-ES' || saved.language === 'en-US') choices.language = saved.language;
    if (saved.theme === 'dark' || saved.theme === 'light') choices.theme = saved.theme;
    return choices;
  } catch {
    return {};
  }
}

export function saveChoices(choices: Partial<UiSettings>) {
  localStorage.setItem(KEY, JSON.stringify(choices));
}

/** The browser's own preferences: the first of its languages that we speak, and its colour scheme. */
export function browserPreferences(): UiSettings {
  const languages = navigator.languages?.length ? navigator.languages : [navigator.language ?? 'en-US'];
  const first = languages.find((l) => /^(en|es)\b/i.test(l)) ?? 'en-US';
  const dark = typeof matchMedia === 'function' && matchMedia(DARK_QUERY).matches;
  return { language: first.toLowerCase().startsWith('es') ? 'es-ES' : 'en-US', theme: dark ? 'dark' : 'light' };
}

/** What the dashboard shows: the user's choices over the browser's preferences. */
export function loadSettings(): UiSettings {
  return { ...browserPreferences(), ...loadChoices() };
}
