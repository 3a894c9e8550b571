import { describe, expect, it } from 'vitest';
import type { Profile, Subscription } from '@splashboard/contract';
import { daysUntil, matchSites, signedInGate, siteGuardAllows } from './gates.ts';

const user = (over: Partial<Profile> = {}): Profile => ({
  id: 1,
  email: 'a@b.test',
  name: 'A',
  permissions: { all: true, guests: true } as Profile['permissions'],
  sites: [{ id: 1, name: 'One' }],
  isProvider: false,
  billing_access: true,
  sub_active: true,
  card_updated_required: false,
  site_creation_needed: false,
  crisp_hash: '',
  role: 'admin',
  email_verified: true,
  tf_enabled: false,
  language: 'en-US',
  ...over,
});
const sub = (over: Partial<Subscription> = {}): Subscription => ({
  billing_enabled: true,
  plan_type: 'collect',
  plan_id: 'collect_monthly',
  status: 'active',
  trial_end: null,
  current_period_start: null,
  current_period_end: null,
  price: 29,
  currency: 'USD',
  billing_cycle: 'monthly',
  cancel_at_period_end: false,
  next_charge: null,
  transaction_fee_percent: 5,
  has_card: false,
  usage: null,
  ...over,
});

describe('the signed-in gate, in the order of the specification', () => {
  it('sends no user to /login', () => expect(signedInGate(null, null, '/app/reports/dashboard')).toBe('/login'));
  it('sends a card update first, even before an inactive subscription', () =>
    expect(signedInGate(user({ card_updated_required: true, sub_active: false }), sub({ plan_type: null }), '/app')).toBe(
      '/signup/registration/setup-payment/update',
    ));
  it('sends inactive without a plan to change the subscription', () =>
    expect(signedInGate(user({ sub_active: false }), sub({ plan_type: null }), '/app')).toBe('/change-subscription/update'));
  it('sends inactive with billing access to the subscription tab, and lets them stay there', () => {
    expect(signedInGate(user({ sub_active: false }), sub({ status: 'expired' }), '/app/guests')).toBe(
      '/app/account/subscription',
    );
    expect(signedInGate(user({ sub_active: false }), sub({ status: 'expired' }), '/app/account/subscription')).toBeNull();
  });
  it('sends inactive without billing access (a client) to be told to ask their administrator, and lets them stay there', () => {
    const client = user({ sub_active: false, billing_access: false, role: 'client' });
    expect(signedInGate(client, null, '/app/guests')).toBe('/app/subscription-expired');
    expect(signedInGate(client, null, '/app/subscription-expired')).toBeNull();
  });
  it('sends a user with no site to create one', () =>
    expect(signedInGate(user({ site_creation_needed: true }), sub(), '/app')).toBe('/signup/registration/deployment/first'));
  it('shows the page otherwise', () => expect(signedInGate(user(), sub(), '/app/reports/dashboard')).toBeNull());
});

describe('site guard, days and search', () => {
  it('refuses the control panel and a missing permission', () => {
    expect(siteGuardAllows(0, { landingpage: true }, 'landingpage')).toBe(false);
    expect(siteGuardAllows(3, { landingpage: false }, 'landingpage')).toBe(false);
    expect(siteGuardAllows(3, { landingpage: true }, 'landingpage')).toBe(true);
  });
  it('counts whole days, rounding up and never below zero', () => {
    const now = Date.parse('2026-01-01T00:00:00Z');
    expect(daysUntil('2026-01-15T00:00:00Z', now)).toBe(14);
    expect(daysUntil('2026-01-01T01:00:00Z', now)).toBe(1);
    expect(daysUntil('2025-12-01T00:00:00Z', now)).toBe(0);
  });
  it('matches site names case-insensitively by substring', () => {
    const sites = [{ name: 'North Pier' }, { name: 'South Beach' }];
    expect(matchSites(sites, 'pIER')).toEqual([{ name: 'North Pier' }]);
    expect(matchSites(sites, '')).toHaveLength(2);
  });
});
