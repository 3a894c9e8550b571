import type { IntegrationKind, IntegrationSettings } from '@splashboard/contract';
import type { VendorRequest } from '../vendor-server.ts';

/**
 * What every integration fake (a loopback server speaking one vendor's documented API) lets a test
 * check and steer, so that one table of tests runs the same journeys against every vendor.
 */
export interface FakeVendor {
  kind: IntegrationKind;
  /** The fake's origin: INTEGRATION_API_BASES[kind] for API vendors; for URL-configured kinds it is in `settings`. */
  url: string;
  /** Settings that work against this fake (keys it accepts, a list that exists). */
  settings: IntegrationSettings;
  /** The contact the vendor holds for this address, as its fields (vendor field name → value), or undefined. */
  contact(email: string): Record<string, unknown> | undefined;
  /** How many contacts it holds. */
  count(): number;
  /** Whether the address was unsubscribed there. */
  unsubscribed(email: string): boolean;
  /** Whether the address was erased (deleted, or forgotten and suppressed) there. */
  erased(email: string): boolean;
  /** The next `n` calls answer 429 with `Retry-After: seconds`. */
  rateLimitNext(n: number, seconds: number): void;
  /** From now until `untilMs` (epoch), each call fails with a 503 with this probability (0 to 1). */
  failRandomly(probability: number, untilMs: number): void;
  /** Every request received, in order. */
  requests: VendorRequest[];
  close(): Promise<void>;
}
