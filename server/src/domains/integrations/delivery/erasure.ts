import { INTEGRATION_KINDS, INTEGRATIONS } from '@splashboard/contract';
import type { GuestChanges } from '../../../platform/guest-changes.ts';
import { maskLabel } from './field-map.ts';
import { guestChangesRepo } from './guest-changes.repo.ts';

/** Kinds whose vendor an erasure reaches (Teams only ever got notices: there is nothing to remove there). */
const ERASING_KINDS = INTEGRATION_KINDS.filter((k) => INTEGRATIONS[k].erases);
/** Kinds whose vendor a withdrawn consent reaches (webhook as an event). */
const UNSUBSCRIBING_KINDS = INTEGRATION_KINDS.filter((k) => INTEGRATIONS[k].unsubscribes);

/**
 * The integrations' steps in a guest's erasure and withdrawn consent: run in the transaction that makes
 * the change, they queue what the vendors must be told, so that it is sent even if a vendor is down.
 */
export function registerGuestChangeSteps(guestChanges: GuestChanges) {
  guestChanges.onErased(async (tx, guest) => {
    const label = guest.email ?? guest.phone ?? '';
    await guestChangesRepo.queueErasure(tx, guest, ERASING_KINDS, label ? maskLabel(label) : '•••');
  });
  guestChanges.onConsentWithdrawn(async (tx, guest) => {
    await guestChangesRepo.queueUnsubscribe(tx, guest, UNSUBSCRIBING_KINDS, guest.email ?? guest.phone ?? '');
  });
}
