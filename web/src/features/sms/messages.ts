import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { SMS_MESSAGES } from '@splashboard/contract';

const KEY_OF = new Map<string, string>(Object.entries(SMS_MESSAGES).map(([key, message]) => [message, key]));

/** A message of the server in the dashboard's language when it is one of the SMS messages; otherwise as it came. */
export function useServerText() {
  const { t } = useTranslation();
  return useCallback(
    (message: string) => {
      const key = KEY_OF.get(message);
      return key ? t(`sms.errors.${key}`) : message;
    },
    [t],
  );
}
