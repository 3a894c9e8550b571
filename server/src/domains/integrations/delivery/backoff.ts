/** Tries a delivery gets before it is parked. */
export const MAX_ATTEMPTS = 8;

/** Seconds before the next try after a temporary failure: 5 s, 15 s, 1 min, 2 min, 5 min, 10 min, then 30 min. */
export const BACKOFF_SECONDS = [5, 15, 60, 120, 300, 600, 1800] as const;

/** The wait after the `attempts`-th try failed (a 429's Retry-After instead when the vendor gave one). */
export function retryDelaySeconds(attempts: number, retryAfterSeconds?: number): number {
  if (retryAfterSeconds !== undefined) return retryAfterSeconds;
  return BACKOFF_SECONDS[Math.min(Math.max(attempts, 1), BACKOFF_SECONDS.length) - 1]!;
}

/** How long an integration whose key was refused waits before it tries again (the operator fixes it meanwhile). */
export const AUTH_PAUSE_SECONDS = 300;
