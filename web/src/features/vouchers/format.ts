import type { TFunction } from 'i18next';
import { dataText, speedText, type Voucher, type VoucherBatch } from '@splashboard/contract';
import { dateTime } from '../../app/format.ts';

export { dateTime };

type Limits = Pick<VoucherBatch, 'duration_value' | 'duration_type' | 'speed_ul' | 'speed_dl' | 'data_limit'>;

export const durationText = (t: TFunction, b: Pick<Limits, 'duration_value' | 'duration_type'>) =>
  t(`vouchers.duration.${b.duration_type}`, { count: b.duration_value });

/** "2 h 5 min", "45 min", "3 d 4 h". */
export function minutesText(t: TFunction, minutes: number) {
  const d = Math.floor(minutes / 1440);
  const h = Math.floor((minutes % 1440) / 60);
  const m = minutes % 60;
  const parts = [d && t('vouchers.short.days', { n: d }), h && t('vouchers.short.hours', { n: h })];
  if (!d && (m || !h)) parts.push(t('vouchers.short.minutes', { n: m }));
  return parts.filter(Boolean).join(' ');
}

export const speedOf = (t: TFunction, kbps: number) => (kbps > 0 ? speedText(kbps) : t('vouchers.unlimited'));
export const dataOf = (t: TFunction, mb: number) => (mb > 0 ? dataText(mb) : t('vouchers.unlimited'));
/** Up / down, or one "Unlimited" when both are (the specification's rule). */
export const speedsText = (t: TFunction, b: Limits) =>
  b.speed_ul === 0 && b.speed_dl === 0 ? t('vouchers.unlimited') : `${speedOf(t, b.speed_ul)} / ${speedOf(t, b.speed_dl)}`;

export const validUntilText = (t: TFunction, iso: string | null, lang: string) =>
  iso ? dateTime(iso, lang) : t('vouchers.noEnd');

export const STATUS_COLOUR = { unused: 'default', inuse: 'success', expired: 'error' } as const;

export const devicesText = (t: TFunction, v: Pick<Voucher, 'devices_used' | 'num_devices'>) =>
  t('vouchers.devicesOf', { count: v.devices_used, max: v.num_devices });

export const sitesText = (sites: { name: string }[]) => sites.map((s) => s.name).join(', ');
