import type { LoginFieldType } from './splash.ts';

/**
 * Each login field type's default title. Apart from splash.ts (its zod schemas) so that the guest fields
 * page, loaded with the dashboard's shell, reads it without them.
 */
export const LOGIN_FIELD_TITLES: Record<LoginFieldType, string> = {
  email: 'Email',
  voucher: 'Voucher code',
  phonenumber: 'Phone number',
  firstname: 'First name',
  lastname: 'Last name',
  gender: 'Gender',
  birthday: 'Birthday',
  consent: 'I agree to receive news and offers',
  ukpostcode: 'Postcode',
  custom_text: 'Your answer',
  custom_number: 'A number',
  custom_checkbox: 'Tick if it applies',
  custom_select: 'Choose one',
  otp: 'Verification code',
  country: 'Country',
};
