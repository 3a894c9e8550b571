import type { AuthMethod, PortalLoginMethod } from '@splashboard/contract';
import { ageConsent } from './age-consent.ts';
import { email } from './email.ts';
import { facebook } from './facebook.ts';
import { guestUser } from './guest-user.ts';
import type { PortalMethod } from './method.ts';
import { password } from './password.ts';
import { payment } from './payment.ts';
import { phone } from './phone.ts';
import { clickthrough, wifi4eu } from './simple.ts';
import { multisiteVoucher, voucher } from './voucher.ts';

/**
 * The login methods guests can use on the portal: exactly the contract's PORTAL_LOGIN_METHODS.
 */
const methods = {
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
  payment,
} satisfies Record<PortalLoginMethod, PortalMethod>;

/** The methods by name; one a site enables that the portal does not offer has none (the contract lists them). */
export const PORTAL_METHODS: Partial<Record<AuthMethod, PortalMethod>> = methods;
