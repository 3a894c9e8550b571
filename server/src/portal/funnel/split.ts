import { createHash } from 'node:crypto';

/**
 * The variant a device sees: a stable hash of the test and the device, placed on the variants' weights
 * (percent, in order), so that the same guest sees the same variant on every visit and the shares
 * follow the weights.
 */
export function pickVariant<V extends { weight: number }>(testId: number, device: string, variants: readonly V[]): V {
  const bucket = createHash('sha256').update(`${testId}\n${device}`).digest().readUInt32BE(0) % 100;
  let upTo = 0;
  for (const v of variants) {
    upTo += v.weight;
    if (bucket < upTo) return v;
  }
  return variants[variants.length - 1]!;
}
