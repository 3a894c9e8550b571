import { minorUnitDigits } from '@splashboard/contract';
import { fill, stringsFor, type GuestLang, type GuestStrings } from './i18n/index.ts';
import type { PaymentPackageView } from './model.ts';

/** 499 USD -> "$4.99" in English, "4,99 US$" in Spanish; money stays in minor units until shown. */
export function formatPrice(lang: GuestLang, amount: number, currency: string): string {
  const digits = minorUnitDigits(currency);
  return new Intl.NumberFormat(lang, {
    style: 'currency',
    currency: currency.toUpperCase(),
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  }).format(amount / 10 ** digits);
}

/** The package's price, or "Free" for a trial. */
export const priceOf = (lang: GuestLang, p: PaymentPackageView) =>
  p.trial || p.price === 0 ? stringsFor(lang).packageFree : formatPrice(lang, p.price, p.currency);

const speed = (lang: GuestLang, kbps: number) =>
  kbps >= 1000
    ? `${new Intl.NumberFormat(lang, { maximumFractionDigits: 1 }).format(kbps / 1000)} Mbps`
    : `${new Intl.NumberFormat(lang).format(kbps)} Kbps`;

const data = (lang: GuestLang, mb: number) =>
  mb >= 1000 && mb % 1000 === 0
    ? `${new Intl.NumberFormat(lang).format(mb / 1000)} GB`
    : `${new Intl.NumberFormat(lang).format(mb)} MB`;

function duration(t: GuestStrings, p: PaymentPackageView): string {
  const one = { minutes: t.durationMinute, hours: t.durationHour, days: t.durationDay }[p.durationType];
  const many = { minutes: t.durationMinutes, hours: t.durationHours, days: t.durationDays }[p.durationType];
  return p.durationVal === 1 ? one : fill(many, { count: p.durationVal });
}

/** What a package gives, one short line each: duration, data, speed, devices (and renewal). */
export function packageFacts(lang: GuestLang, p: PaymentPackageView): string[] {
  const t = stringsFor(lang);
  const facts = [
    duration(t, p),
    p.dataMb > 0 ? fill(t.packageData, { amount: data(lang, p.dataMb) }) : t.packageUnlimitedData,
    p.upKbps > 0 || p.downKbps > 0
      ? fill(t.packageSpeed, {
          down: p.downKbps > 0 ? speed(lang, p.downKbps) : '∞',
          up: p.upKbps > 0 ? speed(lang, p.upKbps) : '∞',
        })
      : t.packageUnlimitedSpeed,
    p.devices === 1 ? t.packageDevice : fill(t.packageDevices, { count: p.devices }),
  ];
  if (p.recurring) facts.push(t.packageRecurring);
  return facts;
}

/** Stripe's decline and error codes -> the guest's words (the checkout script picks one, generic otherwise). */
export function declineMessages(lang: GuestLang): Record<string, string> {
  const t = stringsFor(lang);
  return {
    generic: t.declineGeneric,
    card_declined: t.declineGeneric,
    generic_decline: t.declineGeneric,
    do_not_honor: t.declineGeneric,
    lost_card: t.declineGeneric,
    stolen_card: t.declineGeneric,
    fraudulent: t.declineGeneric,
    insufficient_funds: t.declineInsufficientFunds,
    expired_card: t.declineExpiredCard,
    incorrect_cvc: t.declineIncorrectCvc,
    invalid_cvc: t.declineIncorrectCvc,
    incorrect_number: t.declineIncorrectNumber,
    invalid_number: t.declineIncorrectNumber,
    authentication_required: t.declineAuthentication,
    payment_intent_authentication_failure: t.declineAuthentication,
    processing_error: t.declineProcessing,
    load_failed: t.paymentLoadFailed,
    paying: t.paymentPaying,
  };
}
