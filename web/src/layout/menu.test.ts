import { describe, expect, it } from 'vitest';
import { CONTROL_PANEL_MENU, SITE_MENU, visibleItems } from './menu.ts';

const labels = (items: ReturnType<typeof visibleItems>) =>
  items.flatMap((i) => [i.label, ...(i.children ?? []).map((c) => c.label)]);

describe('side menu', () => {
  it('lists the site items of the specification in order when every permission is held', () => {
    const all = new Proxy({}, { get: () => true });
    expect(labels(visibleItems(SITE_MENU, all))).toEqual([
      'menu.dashboard',
      'menu.splashPage',
      'menu.campaigns',
      'menu.emailCampaigns',
      'menu.splashAds',
      'menu.guests',
      'menu.multiSiteVouchers',
      'menu.vouchers',
      'menu.payments',
      'menu.packages',
      'menu.transactions',
      'menu.accounts',
      'menu.guestAccounts',
      'menu.settings',
    ]);
    expect(labels(visibleItems(CONTROL_PANEL_MENU, all))).toEqual(['menu.admins', 'menu.clients', 'menu.branding']);
  });

  it('shows an item only with its permission, and a group only with a visible child', () => {
    const items = visibleItems(SITE_MENU, { all: true, guests: true, campaigns: true, email_campaigns: false });
    expect(labels(items)).toEqual(['menu.dashboard', 'menu.guests']);
    expect(labels(visibleItems(CONTROL_PANEL_MENU, { clients: true }))).toEqual(['menu.clients']);
  });
});
