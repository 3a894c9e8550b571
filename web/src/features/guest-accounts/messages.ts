import { useCallback } from 'react';
import i18n from 'i18next';
import { useTranslation } from 'react-i18next';
import './i18n.ts';

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The server's English messages of this area as patterns: `{{name}}` parts are read back out. */
const PATTERNS = Object.entries(i18n.getResource('en-US', 'translation', 'guestAccounts.errors') as Record<string, string>).map(
  ([key, template]) => {
    const names: string[] = [];
    const source = escape(template).replace(/\\\{\\\{(\w+)\\\}\\\}/g, (_m, name: string) => {
      names.push(name);
      return '(.+)';
    });
    return { key, names, regex: new RegExp(`^${source}$`) };
  },
);

/** A message from the server in the dashboard's language when it is one of this area's; otherwise as it came. */
export function useServerText() {
  const { t } = useTranslation();
  return useCallback(
    (message: string) => {
      for (const p of PATTERNS) {
        const m = p.regex.exec(message);
        if (m) return t(`guestAccounts.errors.${p.key}`, Object.fromEntries(p.names.map((n, i) => [n, m[i + 1]])));
      }
      return message;
    },
    [t],
  );
}
