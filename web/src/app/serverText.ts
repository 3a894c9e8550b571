import { useCallback } from 'react';
import i18n from 'i18next';
import { useTranslation } from 'react-i18next';

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * A hook that shows a server message in the dashboard's language when it is one of an area's: the
 * area's English messages (`{area}.errors` in the English resources) are read as patterns, so their
 * `{{name}}` parts are taken back out of the server's text. Other messages are shown as they came.
 */
export function serverTextOf(errorsKey: string) {
  let patterns: { key: string; names: string[]; regex: RegExp }[] | undefined;
  const compiled = () =>
    (patterns ??= Object.entries(i18n.getResource('en-US', 'translation', errorsKey) as Record<string, string>).map(
      ([key, template]) => {
        const names: string[] = [];
        const source = escape(template).replace(/\\\{\\\{(\w+)\\\}\\\}/g, (_m, name: string) => {
          names.push(name);
          return '(.+)';
        });
        return { key, names, regex: new RegExp(`^${source}$`) };
      },
    ));
  return function useServerText() {
    const { t } = useTranslation();
    return useCallback(
      (message: string) => {
        for (const p of compiled()) {
          const m = p.regex.exec(message);
          if (m) return t(`${errorsKey}.${p.key}`, Object.fromEntries(p.names.map((n, i) => [n, m[i + 1]])));
        }
        return message;
      },
      [t],
    );
  };
}

/** The server's messages on the shell's own calls (sign-in, sign-up, account, location, settings). */
export const useCommonServerText = serverTextOf('common.errors');

/** Each field's message through `text` (a server-text hook's function). */
export const translatedFields = (errors: Record<string, string>, text: (message: string) => string) =>
  Object.fromEntries(Object.entries(errors).map(([field, message]) => [field, text(message)]));
