import { describe, expect, it } from 'vitest';
import { normalizePhone } from './phone-number.ts';

describe('normalizePhone', () => {
  it.each([
    ['+34 600 111 222', 'US', '+34600111222'],
    ['+34-600-111-222', 'GB', '+34600111222'],
    ['0034 600.111.222', 'US', '+34600111222'],
    ['600 11 12 22', 'ES', '+34600111222'],
    ['(202) 555-0143', 'US', '+12025550143'],
    ['202.555.0143', 'us', '+12025550143'],
    ['+1 (212) 456-7890', 'ES', '+12124567890'],
    ['001 212 456 7890', 'ES', '+12124567890'],
    ['07911 123456', 'GB', '+447911123456'],
    ['+44 (0)20 7946 0958', 'ES', '+442079460958'],
    ['  +44 7911 123456  ', 'ZZ', '+447911123456'],
  ])('reads %j in %s as %s', (input, country, expected) => {
    expect(normalizePhone(input, country)).toBe(expected);
  });

  it.each([
    ['', 'ES'],
    ['hello', 'ES'],
    ['call +34 600 111 222', 'ES'],
    ['1-800-FLOWERS', 'US'],
    ['123', 'ES'],
    // Outside every assigned range of its country.
    ['+34 500 111 222', 'ES'],
    ['+1 011 555 0143', 'US'],
    ['+44 20 7946 095', 'GB'],
    // A national number without a usable default country.
    ['600 111 222', 'ZZ'],
    ['+34 600 111 222 ext 5', 'ES'],
    ['+34 600 111 222'.repeat(4), 'ES'],
  ])('rejects %j in %s', (input, country) => {
    expect(normalizePhone(input, country)).toBeNull();
  });
});
