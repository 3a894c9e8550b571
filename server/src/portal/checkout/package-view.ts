import type { PaymentPackageView } from '@splashboard/splash';
import type { PackageTerms } from '@splashboard/contract';
import type { PackageRow } from '../../domains/payments/checkout/checkout.repo.ts';

/** MB of a package's data (GB are 1,000 MB, as the portal counts data everywhere). */
export const dataMbOf = (terms: Pick<PackageTerms, 'bytes_t' | 'bytes_type'>) =>
  terms.bytes_type === 'GB' ? terms.bytes_t * 1000 : terms.bytes_t;

export const termsOf = (p: PackageRow): PackageTerms => ({
  duration_type: p.durationType as PackageTerms['duration_type'],
  duration_val: p.durationVal,
  bytes_t: p.bytesT,
  bytes_type: p.bytesType as PackageTerms['bytes_type'],
  speed_ul: p.speedUl,
  speed_dl: p.speedDl,
  num_devices: p.numDevices,
});

export const packageView = (p: PackageRow): PaymentPackageView => ({
  id: p.id,
  name: p.name,
  description: p.description,
  price: p.price,
  currency: p.currency,
  trial: p.isTrial,
  recurring: p.recurring,
  durationType: p.durationType as PaymentPackageView['durationType'],
  durationVal: p.durationVal,
  dataMb: dataMbOf(termsOf(p)),
  upKbps: p.speedUl,
  downKbps: p.speedDl,
  devices: p.numDevices,
});

/** The start of today at the site (its time zone), for the daily trial limit. */
export function startOfLocalDay(timeZone: string, now = new Date()): Date {
  let parts: Intl.DateTimeFormatPart[];
  try {
    parts = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    }).formatToParts(now);
  } catch {
    parts = new Intl.DateTimeFormat('en-US', {
      timeZone: 'UTC',
      hourCycle: 'h23',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    }).formatToParts(now);
  }
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  const sinceMidnight = ((part('hour') * 60 + part('minute')) * 60 + part('second')) * 1000 + now.getMilliseconds();
  return new Date(now.getTime() - sinceMidnight);
}
