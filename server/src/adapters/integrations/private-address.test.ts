import { describe, expect, it } from 'vitest';
import { isPrivateAddress, isPrivateHost, resolvesPrivate } from './private-address.ts';

describe('private addresses', () => {
  it('knows loopback, private, link-local and mapped addresses from the internet', () => {
    for (const inside of [
      '127.0.0.1',
      '10.1.2.3',
      '172.16.0.9',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '::1',
      'fe80::1',
      'fd00::5',
      '::ffff:127.0.0.1',
    ])
      expect(isPrivateAddress(inside), inside).toBe(true);
    for (const outside of ['93.184.216.34', '8.8.8.8', '172.32.0.1', '2606:4700::1111'])
      expect(isPrivateAddress(outside), outside).toBe(false);
  });

  it('refuses localhost and literal private hosts as written, and resolves names', async () => {
    expect(isPrivateHost('localhost')).toBe(true);
    expect(isPrivateHost('api.localhost')).toBe(true);
    expect(isPrivateHost('[::1]')).toBe(true);
    expect(isPrivateHost('hooks.example.com')).toBe(false);
    expect(await resolvesPrivate('127.0.0.1')).toBe(true);
    expect(await resolvesPrivate('93.184.216.34')).toBe(false);
  });
});
