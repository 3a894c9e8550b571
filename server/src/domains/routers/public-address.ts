import { isIP } from 'node:net';
import type { PublicAddress, PublicAddressProblem } from '@splashboard/contract';

/** Whether an IP address names this machine (or no machine): 127.0.0.0/8, ::1, 0.0.0.0, ::, and IPv4 mapped into IPv6. */
function isLoopbackIp(ip: string): boolean {
  const v = ip.toLowerCase();
  if (isIP(v) === 4) return v.startsWith('127.') || v === '0.0.0.0';
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(v);
  if (mapped) return isLoopbackIp(mapped[1]!);
  // The URL parser writes an IPv4-mapped address in hexadecimal: ::ffff:7f00:1 is 127.0.0.1.
  const hex = /^::ffff:([0-9a-f]{1,4}):[0-9a-f]{1,4}$/.exec(v);
  if (hex) return parseInt(hex[1]!, 16) >> 8 === 127 || parseInt(hex[1]!, 16) === 0;
  return v === '::1' || v === '::' || /^0*:(0*:)*0*1$/.test(v) || /^[0:]+$/.test(v);
}

/**
 * What stops a gateway reaching the server at the address it is told (PUBLIC_URL): a loopback address
 * or `localhost` points the gateway at itself; a `.local` name is multicast DNS, which gateways do not ask.
 */
export function publicAddressProblem(publicUrl: string): PublicAddressProblem | null {
  const host = new URL(publicUrl).hostname
    .toLowerCase()
    .replace(/^\[|\]$/g, '')
    .replace(/\.$/, '');
  if (isIP(host)) return isLoopbackIp(host) ? 'loopback' : null;
  if (host === 'localhost' || host.endsWith('.localhost')) return 'loopback';
  if (host.endsWith('.local')) return 'local_name';
  return null;
}

export const publicAddressOf = (publicUrl: string): PublicAddress => ({
  url: publicUrl,
  problem: publicAddressProblem(publicUrl),
});
