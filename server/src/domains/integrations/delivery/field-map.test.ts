import { describe, expect, it } from 'vitest';
import { applyFieldMap, maskLabel, type MappedGuest } from './field-map.ts';
import { BACKOFF_SECONDS, MAX_ATTEMPTS, retryDelaySeconds } from './backoff.ts';

const guest: MappedGuest = {
  email: 'ana@example.com',
  phone: '+34600111222',
  firstName: 'Ana',
  lastName: 'Ruiz',
  gender: 'female',
  birthday: '1990-05-04',
  country: 'ES',
  postcode: null,
  fields: { 'Favourite drink': 'Tea', 'Loyalty member': true },
  visits: 3,
  firstSeenAt: new Date('2026-01-02T10:00:00Z'),
  lastSeenAt: new Date('2026-03-01T09:30:00Z'),
  lastMethod: 'email',
  siteName: 'Main Street',
};

describe('the field map', () => {
  it("names each guest field as the vendor's field; custom fields by their title; unknown ones are null", () => {
    expect(
      applyFieldMap(
        [
          { source: 'email', target: 'EMAIL' },
          { source: 'first_name', target: 'FNAME' },
          { source: 'birthday', target: 'BIRTHDAY' },
          { source: 'visits', target: 'visits' },
          { source: 'last_seen', target: 'last_visit' },
          { source: 'site_name', target: 'venue' },
          { source: 'login_method', target: 'source' },
          { source: 'custom:Favourite drink', target: 'drink' },
          { source: 'custom:Loyalty member', target: 'member' },
          { source: 'custom:Shoe size', target: 'shoe' },
          { source: 'postcode', target: 'zip' },
        ],
        guest,
      ),
    ).toEqual({
      EMAIL: 'ana@example.com',
      FNAME: 'Ana',
      BIRTHDAY: '1990-05-04',
      visits: 3,
      last_visit: '2026-03-01T09:30:00.000Z',
      venue: 'Main Street',
      source: 'email',
      drink: 'Tea',
      member: true,
      shoe: null,
      zip: null,
    });
  });

  it("masks an erased guest's email or phone in the log", () => {
    expect(maskLabel('ana@example.com')).toBe('a•••@example.com');
    expect(maskLabel('+34600111222')).toBe('•••22');
  });
});

describe('the backoff', () => {
  it('waits 5 s, 15 s, 1, 2, 5, 10 and 30 minutes between the 8 tries, or what a 429 asked', () => {
    expect(Array.from({ length: MAX_ATTEMPTS - 1 }, (_, i) => retryDelaySeconds(i + 1))).toEqual([...BACKOFF_SECONDS]);
    expect(retryDelaySeconds(3, 2)).toBe(2);
    expect(retryDelaySeconds(12)).toBe(1800);
  });
});
