/**
 * What the vendor adapters' tests share: a connection that sends an adapter to a loopback fake, a
 * contact to deliver, and the VendorError a call fails with.
 */
import type { IntegrationKind, IntegrationSettings } from '@splashboard/contract';
import type { VendorConnection, VendorContact, VendorError } from '../src/adapters/integrations/vendor.ts';

/** A connection of `kind` whose vendor origin is the fake's (`more` replaces the origin, OAuth tokens or signer). */
export const connectionTo = (
  kind: IntegrationKind,
  fake: { url: string; settings: IntegrationSettings },
  settings: IntegrationSettings = fake.settings,
  more: Partial<Pick<VendorConnection, 'oauth' | 'origin' | 'sign'>> = {},
): VendorConnection => ({
  kind,
  settings,
  oauth: null,
  origin: () => fake.url,
  sign: () => '',
  ...more,
});

/** For vendors reached at an address in the settings (a webhook URL, an account's own host): no replacement. */
export const ownOrigin = (real: string) => real;

/** A guest with marketing consent, as the delivery engine hands it to an adapter. */
export const vendorContact = (
  email: string | null,
  fields: VendorContact['fields'] = {},
  more: Partial<VendorContact> = {},
): VendorContact => ({
  guestId: 1,
  email,
  phone: null,
  fields,
  vendorId: null,
  consentAt: '2026-11-29T10:00:00.000Z',
  ...more,
});

/** The VendorError a call failed with, or null when it succeeded. */
export const failureOf = (p: Promise<unknown>) =>
  p.then(
    () => null,
    (e: unknown) => e as VendorError,
  );

/** How `call` fails while the fake answers every call with a 503 (the fault is lifted afterwards). */
export async function failureWhileUnavailable(
  fake: { failRandomly(probability: number, untilMs: number): void },
  call: () => Promise<unknown>,
) {
  fake.failRandomly(1, Date.now() + 60_000);
  try {
    return await failureOf(call());
  } finally {
    fake.failRandomly(0, 0);
  }
}
