/** Messages of the guests screens (001 section 8), of their dates (section 5) and of their downloads. */
export const GUEST_MESSAGES = {
  disconnectFailed: 'Disconnecting device failed',
  /** With the controller's answer. */
  disconnectFailedDetail: 'Disconnecting device failed: {{detail}}',
  deleteFailed: 'Delete failed',
  dateOrder: 'Start date must be less than or equal to end date',
  searchMin: 'Enter at least 3 characters to search',
  guestNotFound: 'Guest not found',
  deviceNotFound: 'Device not found',
  macFormat: 'Enter a MAC address such as AA:BB:CC:DD:EE:FF',
  downloadNotFound: 'Download not found',
  downloadNotReady: 'This download is not ready or has expired',
  downloadUnreadable: 'The download could not be read from storage: try again in a few minutes',
  downloadsBusy: 'Downloads are already being prepared for this location: wait for them to finish',
} satisfies Record<string, string>;
