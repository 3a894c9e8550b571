import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import type { Profile, Subscription } from '@splashboard/contract';
import { initI18n } from '../app/i18n.ts';
import { makeStore, profileLoaded, subscriptionLoaded } from '../app/store.ts';
import { Banners } from './Banners.tsx';

beforeAll(() => initI18n('en-US'));
afterEach(cleanup);

const DAY = 86_400_000;
const owner = { billing_access: true, sub_active: true } as Profile;
const line = (used: number, limit: number) => ({
  used,
  limit,
  percent: Math.floor((used / limit) * 100),
  reached: used >= limit,
});
const subscription = (change: Partial<Subscription>): Subscription => ({
  billing_enabled: true,
  plan_type: 'collect',
  plan_id: 'collect_monthly',
  status: 'trialing',
  trial_end: new Date(Date.now() + 5 * DAY - 60_000).toISOString(),
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
  ...change,
});

function Where() {
  return <output aria-label="address">{useLocation().pathname}</output>;
}

function show(sub: Subscription) {
  const { store } = makeStore();
  store.dispatch(profileLoaded(owner));
  store.dispatch(subscriptionLoaded(sub));
  render(
    <Provider store={store}>
      <MemoryRouter initialEntries={['/app']}>
        <Banners />
        <Routes>
          <Route path="*" element={<Where />} />
        </Routes>
      </MemoryRouter>
    </Provider>,
  );
}

describe('the subscription banners', () => {
  it('say when the trial ends, and Upgrade Now opens the purchase', () => {
    show(subscription({}));
    expect(screen.getByRole('alert').textContent).toContain('Psst... your trial ends in 5 days');
    fireEvent.click(screen.getByRole('button', { name: 'Upgrade Now' }));
    expect(screen.getByRole('status', { name: 'address' }).textContent).toBe('/change-subscription/buy_now');
  });

  it('say nothing when billing is off', () => {
    show(
      subscription({
        billing_enabled: false,
        cancel_at_period_end: true,
        current_period_end: new Date(Date.now() + 3 * DAY).toISOString(),
      }),
    );
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('say which limit is reached until when, and Upgrade opens the plan change', () => {
    const usage = {
      period_start: '2026-11-01T00:00:00.000Z',
      period_end: '2026-12-01T00:00:00.000Z',
      active_guest_devices: line(5000, 5000),
      vouchers_activated: line(12, 500),
    };
    show(subscription({ status: 'active', trial_end: null, usage }));
    const text = screen.getByRole('alert').textContent;
    expect(text).toContain("Your plan's limit of 5,000 active guest devices is reached until ");
    expect(text).toContain('New guests cannot log in.');
    fireEvent.click(screen.getByRole('button', { name: 'Upgrade' }));
    expect(screen.getByRole('status', { name: 'address' }).textContent).toBe('/change-subscription/change');
  });
});
