import { describe, expect, it } from 'vitest';
import type { MenuEntry } from '../app/feature.ts';
import { FEATURES } from '../features/index.ts';
import { CONTROL_PANEL_MENU, SITE_MENU, menuOf } from './menus.ts';
import { visibleItems } from '../layout/visibleItems.ts';

const labels = (items: ReturnType<typeof visibleItems>) =>
  items.flatMap((i) => [i.label, ...(i.children ?? []).map((c) => c.label)]);

describe('side menu', () => {
  it('lists the site items of the specification in order when every permission is held', () => {
    const all = new Proxy({}, { get: () => true });
    expect(labels(visibleItems(SITE_MENU, all))).toEqual([
      'menu.dashboard',
      'menu.splashPage',
      'menu.social',
      'menu.campaigns',
      'menu.emailCampaigns',
      'menu.splashAds',
      'menu.abTests',
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
    expect(labels(visibleItems(CONTROL_PANEL_MENU, all))).toEqual([
      'menu.admins',
      'menu.clients',
      'menu.branding',
      'menu.reports',
    ]);
  });

  it('shows an item only with its permission, and a group only with a visible child', () => {
    const items = visibleItems(SITE_MENU, { all: true, guests: true, campaigns: true, email_campaigns: false });
    expect(labels(items)).toEqual(['menu.dashboard', 'menu.guests']);
    expect(labels(visibleItems(CONTROL_PANEL_MENU, { clients: true }))).toEqual(['menu.clients']);
  });

  it('is made of the features’ entries, nothing else', () => {
    const declared = FEATURES.flatMap((f) => f.menu ?? []);
    expect([...SITE_MENU, ...CONTROL_PANEL_MENU]).toHaveLength(declared.length);
    expect(new Set([...SITE_MENU, ...CONTROL_PANEL_MENU])).toEqual(new Set(declared));
    for (const menu of ['site', 'controlPanel'] as const) {
      const positions = declared.filter((e) => e.menu === menu).map((e) => e.position);
      expect(new Set(positions).size, `${menu} menu positions`).toBe(positions.length);
    }
  });

  it('orders each menu by position, not by the order entries are declared in', () => {
    const entry = (menu: MenuEntry['menu'], position: number, label: string): MenuEntry => ({
      menu,
      position,
      label,
      path: `/app/${label}`,
      permission: 'all',
    });
    const entries = [entry('site', 30, 'c'), entry('controlPanel', 5, 'panel'), entry('site', 10, 'a'), entry('site', 20, 'b')];
    expect(labels(menuOf('site', entries))).toEqual(['a', 'b', 'c']);
    expect(labels(menuOf('controlPanel', entries))).toEqual(['panel']);
  });
});
