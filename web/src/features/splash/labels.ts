import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { LOGIN_METHOD_OF_PATH, type AuthMethod, type LoginMethodPath } from '@splashboard/contract';
import type { PreviewScreenId } from './previewScreens.ts';

const BUTTONS = ['loginbtn', 'backbtn', 'otpbtn', 'signupbtn', 'makepaymentbtn', 'gotoaccountbtn', 'agreebtn'];
const HEADINGS: Record<string, string> = {
  heading_htmltext: 'heading',
  signup_heading_htmltext: 'signupHeading',
  card_heading_htmltext: 'cardHeading',
  alreadypaid_heading_htmltext: 'alreadyPaidHeading',
};

/**
 * Where a style field sits on the screen (its group: the fields, a button, a heading) and what of it
 * it sets, as keys of the splash.styles catalogue: `email_loginbtn_backgroundcolor` → loginbtn, backgroundcolor.
 */
export function styleSlot(path: LoginMethodPath, name: string): { group: string; attr: string } {
  if (name === 'multilanding_heading_htmltext') return { group: 'heading', attr: 'html' };
  if (name.startsWith('multi_btns_')) return { group: 'multi_btns', attr: name.slice('multi_btns_'.length) };
  const part = name.slice(LOGIN_METHOD_OF_PATH[path].length + 1);
  if (HEADINGS[part]) return { group: HEADINGS[part], attr: 'html' };
  if (part.startsWith('fields_')) return { group: 'fields', attr: part.slice('fields_'.length) };
  if (part === 'checkbox_color') return { group: 'checkbox', attr: 'colour' };
  if (['mainheading_color', 'subheading_color', 'description_color'].includes(part)) return { group: 'texts', attr: part };
  const button = BUTTONS.find((b) => part.startsWith(`${b}_`));
  if (button) return { group: button, attr: part.slice(button.length + 1) };
  return { group: 'texts', attr: part };
}

/** Style fields grouped by what they style, in their order. */
export function styleGroups(path: LoginMethodPath, names: string[]): { group: string; names: string[] }[] {
  const groups: { group: string; names: string[] }[] = [];
  for (const name of names) {
    const { group } = styleSlot(path, name);
    const found = groups.find((g) => g.group === group);
    if (found) found.names.push(name);
    else groups.push({ group, names: [name] });
  }
  return groups;
}

export function useMethodName() {
  const { t } = useTranslation();
  return useCallback((method: AuthMethod) => t(`splash.methodNames.${method}`), [t]);
}

export function useScreenLabel() {
  const { t } = useTranslation();
  const methodName = useMethodName();
  return useCallback(
    (screen: PreviewScreenId): string => {
      switch (screen) {
        case 'start':
          return t('splash.screens.start');
        case 'terms':
          return t('splash.screens.terms');
        case 'phone:code':
          return t('splash.screens.phoneCode');
        case 'guestuser:signup':
          return t('splash.screens.signup');
        case 'connected':
          return t('splash.screens.connected');
        case 'legal:terms':
          return t('splash.screens.legalTerms');
        case 'legal:privacy':
          return t('splash.screens.legalPrivacy');
        default:
          return methodName(screen.slice('method:'.length) as AuthMethod);
      }
    },
    [t, methodName],
  );
}
