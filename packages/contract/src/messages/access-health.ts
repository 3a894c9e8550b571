/**
 * Access health: each limit of a login that the gateway let the guest in without enforcing, named on the
 * grant's row (`unenforced`); the values are the login's own.
 */
export const ACCESS_HEALTH_MESSAGES = {
  sessionLength: 'The gateway does not end the session after {{minutes}} minutes: its own session length applies',
  uploadRate: 'The gateway does not hold uploads to {{kbps}} kbps',
  downloadRate: 'The gateway does not hold downloads to {{kbps}} kbps',
  dataQuota: 'The gateway does not stop the device after {{mb}} MB',
} satisfies Record<string, string>;
