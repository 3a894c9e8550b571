import { useCallback } from 'react';
import i18n from 'i18next';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import './i18n.ts';

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The English messages of the contract and the server for this area as patterns: `{{name}}` parts are read back out. */
const PATTERNS = Object.entries(i18n.getResource('en-US', 'translation', 'vouchers.errors') as Record<string, string>).map(
  ([key, template]) => {
    const names: string[] = [];
    const source = escape(template).replace(/\\\{\\\{(\w+)\\\}\\\}/g, (_m, name: string) => {
      names.push(name);
      return '(.+)';
    });
    return { key, names, regex: new RegExp(`^${source}$`) };
  },
);

/** A message from the server or the shared schemas in the dashboard's language when it is one of this area's. */
export function useServerText() {
  const { t } = useTranslation();
  return useCallback(
    (message: string) => {
      for (const p of PATTERNS) {
        const m = p.regex.exec(message);
        if (m) return t(`vouchers.errors.${p.key}`, Object.fromEntries(p.names.map((n, i) => [n, m[i + 1]])));
      }
      return message;
    },
    [t],
  );
}

/** The first message per field of a failed zod parse, the way the server's schema_errors carry them. */
export function schemaErrors(error: z.ZodError): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? '');
    if (!(key in out)) out[key] = issue.message;
  }
  return out;
}
