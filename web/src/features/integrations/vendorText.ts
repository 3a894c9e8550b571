import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { INTEGRATION_MESSAGES } from '@splashboard/contract/messages';

const escape = (s: string) => s.replace(/[.*+?^$()|[\]\\]/g, '\\$&');

/**
 * The contract's messages as patterns: the server words a test's result and a last error in English
 * (the message, not its code), with the vendor's details filled in; the pattern takes them back out.
 */
const PATTERNS = Object.entries(INTEGRATION_MESSAGES).map(([key, text]) => ({
  key,
  pattern: new RegExp(`^${escape(text).replace(/\{\{(\w+)\}\}/g, '(?<$1>.+)')}$`, 's'),
}));

/** A message of the integrations' server in the dashboard's language, when it is one of the contract's; else as it came. */
export function useVendorText() {
  const { t, i18n } = useTranslation();
  return useCallback(
    (message: string) => {
      for (const { key, pattern } of PATTERNS) {
        const match = pattern.exec(message);
        if (match && i18n.exists(`integrations.errors.${key}`)) return t(`integrations.errors.${key}`, { ...match.groups });
      }
      return message;
    },
    [t, i18n],
  );
}
