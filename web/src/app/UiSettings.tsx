import { createContext, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { ThemeProvider } from '@mui/material/styles';
import CssBaseline from '@mui/material/CssBaseline';
import i18n from 'i18next';
import type { Profile } from '@splashboard/contract';
import { browserPreferences, DARK_QUERY, loadChoices, saveChoices, type UiSettings } from './settings.ts';
import { makeTheme } from './theme.ts';
import { useAppDispatch, useAppSelector } from './hooks.ts';
import { profileLoaded } from './store.ts';
import { post } from './api.ts';
import { setLanguage } from './i18n.ts';

const Ctx = createContext<{ settings: UiSettings; update(change: Partial<UiSettings>): void } | null>(null);

/** The browser's language and colour scheme, followed as they change. */
function useBrowserPreferences() {
  const [prefs, setPrefs] = useState(browserPreferences);
  useEffect(() => {
    const refresh = () => setPrefs(browserPreferences());
    const dark = typeof matchMedia === 'function' ? matchMedia(DARK_QUERY) : null;
    dark?.addEventListener('change', refresh);
    window.addEventListener('languagechange', refresh);
    return () => {
      dark?.removeEventListener('change', refresh);
      window.removeEventListener('languagechange', refresh);
    };
  }, []);
  return prefs;
}

/**
 * Language and theme for the whole app: what the user chose (kept in local storage, and the language also in
 * the signed-in account) over what the browser prefers. An account's Spanish was chosen by its user (accounts
 * start in English), so it becomes this browser's choice at sign-in when the browser holds none.
 */
export function UiSettingsProvider({ children }: { children: ReactNode }) {
  const dispatch = useAppDispatch();
  const user = useAppSelector((s) => s.session.user);
  const browser = useBrowserPreferences();
  const [choices, setChoices] = useState(loadChoices);
  const settings = useMemo(() => ({ ...browser, ...choices }), [browser, choices]);

  const accountLanguage = user?.language;
  useEffect(() => {
    if (accountLanguage !== 'es-ES') return;
    setChoices((current) => {
      if (current.language) return current;
      const next = { ...current, language: accountLanguage } as const;
      saveChoices(next);
      return next;
    });
  }, [accountLanguage]);

  useEffect(() => {
    if (i18n.language !== settings.language) void setLanguage(settings.language);
    else document.documentElement.lang = settings.language;
  }, [settings.language]);

  const signedIn = Boolean(user);
  const value = useMemo(
    () => ({
      settings,
      update(change: Partial<UiSettings>) {
        const next = { ...choices, ...change };
        saveChoices(next);
        setChoices(next);
        // The account keeps the language too: its emails, and the next browser it signs in on, use it.
        if (signedIn && change.language) {
          post<{ data: Profile }>('/a/api/v1/profile/', { language: change.language }).then(
            ({ data }) => dispatch(profileLoaded(data)),
            () => {},
          );
        }
      },
    }),
    [settings, choices, signedIn, dispatch],
  );
  const theme = useMemo(() => makeTheme(settings.theme), [settings.theme]);
  return (
    <Ctx.Provider value={value}>
      <ThemeProvider theme={theme}>
        <CssBaseline />
        {children}
      </ThemeProvider>
    </Ctx.Provider>
  );
}

export function useUiSettings() {
  const ctx = useContext(Ctx);
  if (!ctx) throw new Error('useUiSettings outside UiSettingsProvider');
  return ctx;
}
