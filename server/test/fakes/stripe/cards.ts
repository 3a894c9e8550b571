/**
 * Stripe's test cards (docs "Testing") and the test PaymentMethod ids that stand for them, with what
 * each does: when set up, and when charged.
 */
import { StripeFail } from './store.ts';

export type CardBehaviour =
  | 'succeeds'
  | 'declined' // refused when set up and when charged: card_declined / generic_decline
  | 'expired' // expired_card
  | 'incorrect_cvc'
  | 'insufficient_funds' // set up fine, every charge refused
  | 'charge_fails' // set up fine, every charge refused (card_declined)
  | 'requires_3ds' // set up needs 3-D Secure; later charges off session succeed
  | 'always_3ds'; // every setup and every charge needs 3-D Secure: off-session charges fail

export interface TestCard {
  number: string;
  brand: string;
  country: string;
  funding: 'credit' | 'debit' | 'prepaid';
  behaviour: CardBehaviour;
}

const CARDS: TestCard[] = [
  { number: '4242424242424242', brand: 'visa', country: 'US', funding: 'credit', behaviour: 'succeeds' },
  { number: '4000056655665556', brand: 'visa', country: 'US', funding: 'debit', behaviour: 'succeeds' },
  { number: '5555555555554444', brand: 'mastercard', country: 'US', funding: 'credit', behaviour: 'succeeds' },
  { number: '378282246310005', brand: 'amex', country: 'US', funding: 'credit', behaviour: 'succeeds' },
  { number: '4000007240000007', brand: 'visa', country: 'ES', funding: 'credit', behaviour: 'succeeds' },
  { number: '4000000000000002', brand: 'visa', country: 'US', funding: 'credit', behaviour: 'declined' },
  { number: '4000000000000069', brand: 'visa', country: 'US', funding: 'credit', behaviour: 'expired' },
  { number: '4000000000000127', brand: 'visa', country: 'US', funding: 'credit', behaviour: 'incorrect_cvc' },
  { number: '4000000000009995', brand: 'visa', country: 'US', funding: 'credit', behaviour: 'insufficient_funds' },
  { number: '4000000000000341', brand: 'visa', country: 'US', funding: 'credit', behaviour: 'charge_fails' },
  { number: '4000002500003155', brand: 'visa', country: 'US', funding: 'credit', behaviour: 'requires_3ds' },
  { number: '4000002760003184', brand: 'visa', country: 'DE', funding: 'credit', behaviour: 'always_3ds' },
];

/** The test PaymentMethod ids of the docs, usable without Stripe.js. */
const TEST_PAYMENT_METHODS: Record<string, string> = {
  pm_card_visa: '4242424242424242',
  pm_card_visa_debit: '4000056655665556',
  pm_card_mastercard: '5555555555554444',
  pm_card_amex: '378282246310005',
  pm_card_es: '4000007240000007',
  pm_card_visa_chargeDeclined: '4000000000000002',
  pm_card_chargeDeclined: '4000000000000002',
  pm_card_chargeDeclinedExpiredCard: '4000000000000069',
  pm_card_chargeDeclinedIncorrectCvc: '4000000000000127',
  pm_card_visa_chargeDeclinedInsufficientFunds: '4000000000009995',
  pm_card_chargeDeclinedInsufficientFunds: '4000000000009995',
  pm_card_chargeCustomerFail: '4000000000000341',
  pm_card_authenticationRequiredOnSetup: '4000002500003155',
  pm_card_authenticationRequired: '4000002760003184',
};

export const cardByNumber = (number: string) => CARDS.find((c) => c.number === number);

export function testPaymentMethodCard(id: string): TestCard | undefined {
  const number = TEST_PAYMENT_METHODS[id];
  return number ? cardByNumber(number) : undefined;
}

export function luhnValid(number: string): boolean {
  let sum = 0;
  [...number].reverse().forEach((ch, i) => {
    let d = Number(ch);
    if (i % 2 === 1) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
    sum += d;
  });
  return /^\d{12,19}$/.test(number) && sum % 10 === 0;
}

/** A card error (HTTP 402) as Stripe words it. */
export function cardError(code: string, extra: Record<string, unknown> = {}): StripeFail {
  const messages: Record<string, [string, string | undefined]> = {
    generic_decline: ['Your card was declined.', 'card_declined'],
    insufficient_funds: ['Your card has insufficient funds.', 'card_declined'],
    expired_card: ['Your card has expired.', 'expired_card'],
    incorrect_cvc: ["Your card's security code is incorrect.", 'incorrect_cvc'],
    authentication_required: ['Your card was declined. This transaction requires authentication.', 'authentication_required'],
  };
  const [message, errorCode] = messages[code] ?? ['Your card was declined.', 'card_declined'];
  return new StripeFail(402, {
    type: 'card_error',
    code: errorCode,
    decline_code: code,
    message,
    param: '',
    ...extra,
  });
}

/** What refusing this card when it is set up looks like, or null when setting it up works. */
export function setupDecline(behaviour: CardBehaviour): string | null {
  if (behaviour === 'declined') return 'generic_decline';
  if (behaviour === 'expired') return 'expired_card';
  if (behaviour === 'incorrect_cvc') return 'incorrect_cvc';
  return null;
}

/** The decline code of a charge on this card, or null when it goes through. */
export function chargeDecline(behaviour: CardBehaviour): string | null {
  if (behaviour === 'insufficient_funds') return 'insufficient_funds';
  if (behaviour === 'charge_fails') return 'generic_decline';
  if (behaviour === 'always_3ds') return 'authentication_required';
  return setupDecline(behaviour);
}
