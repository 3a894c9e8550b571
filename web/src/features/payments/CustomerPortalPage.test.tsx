import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { initI18n } from '../../app/i18n.ts';
import { API, aConnection, renderAt, stubServer } from './testServer.tsx';

let CustomerPortalPage: typeof import('./CustomerPortalPage.tsx').CustomerPortalPage;
beforeAll(async () => {
  initI18n('en-US');
  ({ CustomerPortalPage } = await import('./CustomerPortalPage.tsx'));
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const PORTAL = 'https://wifi.example.test/guest/k3y/account';

describe('the customer portal page', { timeout: 30_000 }, () => {
  it('shows the site’s customer portal address, to copy, open or scan, and what guests do there', async () => {
    stubServer({ [`${API}/paymentloginconfig/stripe`]: aConnection({ customer_portal_url: PORTAL }) });
    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderAt(<CustomerPortalPage />);
    expect(((await screen.findByLabelText('Customer portal address')) as HTMLInputElement).value).toBe(PORTAL);
    expect(screen.getByRole('link', { name: 'Open' }).getAttribute('href')).toBe(PORTAL);
    const qr = screen.getByRole('img', { name: 'QR code of the customer portal address' });
    expect(qr.querySelector('path')!.getAttribute('d')!.length).toBeGreaterThan(100);
    for (const text of [
      'See their package: what it gives and when it ends',
      'See and download their invoices',
      'Renew or buy a package',
    ])
      expect(screen.getByText(text)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Copy' }));
    await screen.findByText('Address copied');
    expect(writeText).toHaveBeenCalledWith(PORTAL);
  });

  it('says so when the address cannot be read', async () => {
    stubServer({});
    renderAt(<CustomerPortalPage />);
    await screen.findByText('The customer portal address could not be loaded');
    expect(screen.getByRole('heading', { level: 1, name: 'Customer portal' })).toBeTruthy();
  });
});
