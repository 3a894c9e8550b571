import type { PermissionName } from '@splashboard/contract';

export interface MenuItem {
  label: string;
  path: string;
  permission: PermissionName;
  children?: MenuItem[];
}

/** The side menu inside a site, in the order of the specification. */
export const SITE_MENU: MenuItem[] = [
  { label: 'menu.dashboard', path: '/app/reports/dashboard', permission: 'all' },
  { label: 'menu.splashPage', path: '/app/site/splash-pages', permission: 'landingpage' },
  {
    label: 'menu.campaigns',
    path: '/app/campaigns',
    permission: 'campaigns',
    children: [
      { label: 'menu.emailCampaigns', path: '/app/campaigns/email', permission: 'email_campaigns' },
      { label: 'menu.splashAds', path: '/app/campaigns/splash-page-ad', permission: 'splash_campaigns' },
    ],
  },
  { label: 'menu.guests', path: '/app/guests', permission: 'guests' },
  { label: 'menu.multiSiteVouchers', path: '/app/voucher/multisite/manage', permission: 'multisitevoucher' },
  { label: 'menu.vouchers', path: '/app/voucher/manage', permission: 'voucher' },
  {
    label: 'menu.payments',
    path: '/app/payment',
    permission: 'payment',
    children: [
      { label: 'menu.packages', path: '/app/payment/packages', permission: 'payment' },
      { label: 'menu.transactions', path: '/app/payment/transactions', permission: 'payment' },
      { label: 'menu.accounts', path: '/app/payment/accounts', permission: 'payment' },
    ],
  },
  { label: 'menu.guestAccounts', path: '/app/guestuser/manage', permission: 'guestuser' },
  { label: 'menu.settings', path: '/app/settings-view', permission: 'sitesettings' },
];

/** In the control panel view only these show. */
export const CONTROL_PANEL_MENU: MenuItem[] = [
  { label: 'menu.admins', path: '/app/admins', permission: 'control_panel' },
  { label: 'menu.clients', path: '/app/clients', permission: 'clients' },
  { label: 'menu.branding', path: '/app/branding', permission: 'branding' },
];

export function visibleItems(items: MenuItem[], permissions: Partial<Record<PermissionName, boolean>>): MenuItem[] {
  return items
    .filter((i) => i.permission === 'all' || permissions[i.permission])
    .map((i) => (i.children ? { ...i, children: visibleItems(i.children, permissions) } : i))
    .filter((i) => !i.children || i.children.length > 0);
}
