/** Messages of the whitelisted devices of a site. */
export const WHITELIST_MESSAGES = {
  required: 'MAC address and external IP are required',
  badMac: 'Enter a MAC address such as AA:BB:CC:DD:EE:FF',
  badIp: 'Enter an IPv4 or IPv6 address',
  duplicate: 'This device is already whitelisted at this site',
} satisfies Record<string, string>;
