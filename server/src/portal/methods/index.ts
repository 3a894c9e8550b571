import type { AuthMethod } from '@splashboard/contract';
import { ageConsent } from './age-consent.ts';
import { email } from './email.ts';
import { facebook } from './facebook.ts';
import { guestUser } from './guest-user.ts';
import type { PortalMethod } from './method.ts';
import { password } from './password.ts';
import { phone } from './phone.ts';
import { clickthrough, wifi4eu } from './simple.ts';
import { multisiteVoucher, voucher } from './voucher.ts';

/**
 * The login methods guests can use on the portal. Voucher, guest account and paid logins join this
 * list with their own features; until then a site's start page simply does not offer them.
 */
export const PORTAL_METHODS: Partial<Record<AuthMethod, PortalMethod>> = {
  clickthrough,
  email,
  phone,
  password,
  ageconsent: ageConsent,
  wifi4eu,
  facebook,
  guestuser: guestUser,
  voucher,
  multisitevoucher: multisiteVoucher,
};
