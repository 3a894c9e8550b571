import { formatVoucherCode, type Voucher, type VoucherBatch, type VoucherKind, type VoucherStatus } from '@splashboard/contract';
import type { BatchRow, VoucherRow } from './voucher-access.ts';

type SiteRef = { id: number; name: string };
type DurationType = VoucherBatch['duration_type'];

const iso = (d: Date | null) => (d ? d.toISOString() : null);
/** Megabytes (10^6 bytes) with two decimals. */
export const megabytes = (bytes: number) => Math.round(Number(bytes) / 10_000) / 100;

const limitsOf = (b: BatchRow) => ({
  duration_value: b.durationValue,
  duration_type: b.durationType as DurationType,
  duration_minutes: b.durationMinutes,
  num_devices: b.numDevices,
  speed_ul: b.speedUl,
  speed_dl: b.speedDl,
  data_limit: b.dataLimitMb,
  notes: b.notes,
  valid_until: iso(b.validUntil),
});

export function toBatch(b: BatchRow, sites: SiteRef[], counts: { unused: number; inuse: number; expired: number }): VoucherBatch {
  return {
    id: b.id,
    batch_id: b.batchCode,
    kind: b.kind as VoucherKind,
    count: b.count,
    ...limitsOf(b),
    sites,
    ...counts,
    created_at: b.createdAt.toISOString(),
  };
}

export function toVoucher(
  v: VoucherRow,
  b: BatchRow,
  sites: SiteRef[],
  usage: { status: VoucherStatus; devicesUsed: number; bytesUsed: number },
): Voucher {
  return {
    id: v.id,
    code: formatVoucherCode(v.code),
    status: usage.status,
    batch: { id: b.id, batch_id: b.batchCode },
    ...limitsOf(b),
    sites,
    devices_used: Number(usage.devicesUsed),
    data_used_mb: megabytes(usage.bytesUsed),
    activated_at: iso(v.activatedAt),
    expires_at: iso(v.expiresAt),
    created_at: v.createdAt.toISOString(),
  };
}

/** `aabbccddeeff` (the contract's form) as the portal stores MACs: `aa:bb:cc:dd:ee:ff`. */
export const portalMac = (hex: string) => hex.match(/../g)!.join(':');
/** As the dashboard shows MACs. */
export const shownMac = (mac: string) => mac.toUpperCase();
