/** Messages of the account's subscription, card, invoices and plan limits (codes `billing.<key>`). */
export const BILLING_MESSAGES = {
  planUpdateFailed: 'Plan update failed',
  billingOff: 'Billing is turned off on this server: every account has the Provider plan without limits.',
  notOwner: 'Only the account owner can manage billing',
  planNotFound: 'There is no plan {{plan_id}}. Choose one of collect, engage or provider, monthly or yearly.',
  samePlan: 'You are already on this plan',
  cardRequired: 'Add a card first',
  cardDeclined: 'Your card was declined. Try another card.',
  cardExpired: 'Your card has expired. Try another card.',
  cardIncorrectCvc: 'The card’s security code is incorrect.',
  cardInsufficientFunds: 'Your card has insufficient funds. Try another card.',
  cardNotConfirmed: 'The card was not confirmed. Enter it again.',
  noSubscription: 'There is no subscription to change. Choose a plan first.',
  notCancellable: 'The subscription is already ending',
  notReactivatable: 'The subscription is active: there is nothing to reactivate',
  stripeUnavailable: 'The payment provider could not be reached. Please try again in a few minutes.',
  webhookSignature: 'The webhook signature does not match',
  pricesMissing:
    'The plans’ prices are not set up in Stripe (missing: {{keys}}). Run `npm run billing:setup` with this server’s STRIPE_SECRET_KEY.',
  devicesLimitReached:
    'Your plan allows {{limit}} active guest devices per billing period and all are used: new guests cannot log in until {{date}}. Upgrade your plan to let them in now.',
  vouchersLimitReached:
    'Your plan allows {{limit}} vouchers activated per billing period and all are used: new vouchers cannot be used until {{date}}. Upgrade your plan to let them in now.',
} satisfies Record<string, string>;
