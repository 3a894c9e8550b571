import { createContext, useContext, useMemo, useState, type ReactNode } from 'react';
import { ThemeProvider } from '@mui/material/styles';
import CssBaseline from '@mui/material/CssBaseline';
import i18n from 'i18next';
import { loadSettings, saveSettings, type UiSettings } from './settings.ts';
import { makeTheme } from './theme.ts';

const Ctx = createContext<{ settings: UiSettings; update(change: Partial<UiSettings>): void } | null>(null);

/** Language and theme for the whole app, persisted in local storage. */
export function UiSettingsProvider({ children }: { children: ReactNode }) {
  const [settings, setSettings] = useState(loadSettings);
  const value = useMemo(
    () => ({
      settings,
      update(change: Partial<UiSettings>) {
        const next = { ...settings, ...change };
        saveSettings(next);
        setSettings(next);
        if (change.language) {
          void i18n.changeLanguage(change.language);
          document.documentElement.lang = change.language;
        }
      },
    }),
    [settings],
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
