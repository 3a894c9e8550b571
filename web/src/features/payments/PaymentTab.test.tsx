import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import {
  DEFAULT_LOGIN_METHOD_VALUES,
  DEFAULT_SPLASH_DESIGN,
  defaultFieldListOf,
  defaultStylesOf,
  fieldTypesOf,
  normalizeLoginField,
} from '@splashboard/contract';
import { initI18n } from '../../app/i18n.ts';
import { API, aConnection, renderAt, site, stubServer } from './testServer.tsx';

// The splash page designer's Payment tab (opened by the packages page's link, ?tab=payment): the Stripe
// connection beside the payment settings, which Save sends with the method's values.

let SplashPagesPage: typeof import('../splash/SplashPagesPage.tsx').SplashPagesPage;
beforeAll(async () => {
  initI18n('en-US');
  ({ SplashPagesPage } = await import('../splash/SplashPagesPage.tsx'));
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const PAY = `${API}/paymentloginconfig`;

describe('the Payment tab of the splash page designer', { timeout: 60_000 }, () => {
  it('shows the Stripe connection and saves the payment settings with the method’s values', async () => {
    const calls = stubServer({
      '/s/api/v1/site/5': site(),
      [`${API}/splashpage/design`]: { ...DEFAULT_SPLASH_DESIGN, can_write: true },
      [`${API}/splashpage/thumbnails`]: { items: [] },
      '/static/guest/fonts/config.json': { fonts: [{ family: 'Roboto' }] },
      [`${PAY}/`]: DEFAULT_LOGIN_METHOD_VALUES.paymentloginconfig,
      [`${PAY}/splashpage`]: defaultStylesOf('paymentloginconfig'),
      [`${PAY}/loginfields`]: { login_fields: defaultFieldListOf('paymentloginconfig', 'login_fields') },
      [`${PAY}/accountfields`]: { account_login_fields: defaultFieldListOf('paymentloginconfig', 'account_login_fields') },
      [`${PAY}/fields`]: { fields: fieldTypesOf('paymentloginconfig').map((field_type) => normalizeLoginField({ field_type })) },
      [`${API}/multilanding/splashpage`]: defaultStylesOf('multilanding'),
      [`${PAY}/stripe`]: aConnection(),
      [`PUT ${PAY}/`]: (c) => ({
        status: 200,
        body: { ...DEFAULT_LOGIN_METHOD_VALUES.paymentloginconfig, ...(c.body as object) },
      }),
    });
    renderAt(<SplashPagesPage />, { at: '/app/site/splash-pages?tab=payment' });

    // The folding part's title (its heading holds the title's own heading, so two match).
    await screen.findAllByRole('heading', { name: 'Stripe: taking payments' });
    await screen.findByRole('button', { name: 'Connect with Stripe' });
    expect(screen.getByLabelText('Secret key')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Advanced settings' }));
    const notify = await screen.findByLabelText('Text guests their account’s details after a purchase (SMS)');
    fireEvent.click(notify);
    const text = (await screen.findByLabelText('Text of the SMS')) as HTMLInputElement;
    fireEvent.change(text, { target: { value: 'Hi {first_name}: {portal_url}' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Saved');
    expect(calls.filter((c) => c.method === 'PUT').map(({ url, body }) => ({ url, body }))).toEqual([
      { url: `${PAY}/`, body: { smsnotification: true, accountsmstext: 'Hi {first_name}: {portal_url}' } },
    ]);
    expect(within(screen.getByRole('tabpanel')).getByText('Platform fee: 3% of each payment (your plan’s).')).toBeTruthy();
  });
});
