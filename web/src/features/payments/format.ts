import type { TFunction } from 'i18next';
import type { PackageTerms } from '@splashboard/contract';
import { dateTime } from '../../app/format.ts';

export { dateTime };

export const durationText = (t: TFunction, p: Pick<PackageTerms, 'duration_val' | 'duration_type'>) =>
  t(`payments.duration.${p.duration_type}`, { count: p.duration_val });

export const dataText = (t: TFunction, p: Pick<PackageTerms, 'bytes_t' | 'bytes_type'>) =>
  p.bytes_t > 0 ? `${p.bytes_t} ${p.bytes_type}` : t('payments.unlimited');

const kbps = (t: TFunction, value: number) => (value > 0 ? t('payments.kbps', { value }) : t('payments.unlimited'));

export const speedText = (t: TFunction, p: Pick<PackageTerms, 'speed_ul' | 'speed_dl'>) =>
  p.speed_ul === 0 && p.speed_dl === 0 ? t('payments.unlimited') : `${kbps(t, p.speed_ul)} / ${kbps(t, p.speed_dl)}`;

export const devicesText = (t: TFunction, p: Pick<PackageTerms, 'num_devices'>) =>
  t('payments.devices', { count: p.num_devices });

export const TRANSACTION_STATUS_COLOUR = {
  pending: 'warning',
  succeeded: 'success',
  failed: 'error',
  canceled: 'default',
} as const;
export const ACCOUNT_STATUS_COLOUR = { active: 'success', expired: 'default', unpaid: 'warning' } as const;
