import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

/** Loopback, link-local, private and other non-internet ranges an operator's URL may not reach. */
const PRIVATE = new BlockList();
for (const [net, bits] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 3],
] as const)
  PRIVATE.addSubnet(net, bits, 'ipv4');
for (const [net, bits] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const)
  PRIVATE.addSubnet(net, bits, 'ipv6');

/** Whether an IP address is in a private range (an IPv4-mapped IPv6 address against the IPv4 ranges too). */
export function isPrivateAddress(address: string): boolean {
  const version = isIP(address);
  if (version === 4) return PRIVATE.check(address, 'ipv4');
  if (version === 6) return PRIVATE.check(address, 'ipv6');
  return false;
}

const bare = (hostname: string) =>
  hostname
    .replace(/^\[|\]$/g, '')
    .replace(/\.$/, '')
    .toLowerCase();

/** Whether a URL's host is private as written: localhost, or a literal private address (nothing resolved). */
export function isPrivateHost(hostname: string): boolean {
  const host = bare(hostname);
  return host === 'localhost' || host.endsWith('.localhost') || isPrivateAddress(host);
}

/** Whether a host name resolves to a private address (a public-looking name pointed inside the network). */
export async function resolvesPrivate(hostname: string): Promise<boolean> {
  const host = bare(hostname);
  if (isPrivateHost(host)) return true;
  if (isIP(host)) return false;
  const addresses = await lookup(host, { all: true });
  return addresses.some((a) => isPrivateAddress(a.address));
}
