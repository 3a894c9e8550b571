import type { Transaction } from '../db/client.ts';

/** The guest a change is about, read before it happened (an erased guest's row is gone after). */
export interface ChangedGuest {
  accountId: number;
  siteId: number;
  guestId: number;
  email: string | null;
  phone: string | null;
}

/** An area's part in a change of a guest, run inside the transaction that makes it. */
export type GuestChangeStep = (tx: Transaction, guest: ChangedGuest) => Promise<void>;

/**
 * Changes of a guest that other areas act on (integrations erase and unsubscribe them at vendors): the
 * area that makes the change runs every registered step in its own transaction, so that the change and
 * what follows from it commit together or not at all.
 */
export interface GuestChanges {
  onErased(step: GuestChangeStep): void;
  onConsentWithdrawn(step: GuestChangeStep): void;
  /** Call inside the erasing transaction, before the guest row is deleted. */
  erased(tx: Transaction, guest: ChangedGuest): Promise<void>;
  consentWithdrawn(tx: Transaction, guest: ChangedGuest): Promise<void>;
}

export function createGuestChanges(): GuestChanges {
  const erasedSteps: GuestChangeStep[] = [];
  const withdrawnSteps: GuestChangeStep[] = [];
  return {
    onErased: (step) => void erasedSteps.push(step),
    onConsentWithdrawn: (step) => void withdrawnSteps.push(step),
    async erased(tx, guest) {
      for (const step of erasedSteps) await step(tx, guest);
    },
    async consentWithdrawn(tx, guest) {
      for (const step of withdrawnSteps) await step(tx, guest);
    },
  };
}
