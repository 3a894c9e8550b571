/** Permission names of the specification; `all` is always true. */
export const PERMISSION_NAMES = [
  'all',
  'integrations',
  'payment',
  'payment_branding',
  'macauth',
  'reports',
  'smsgateway',
  'guestuser',
  'campaigns',
  'splash_campaigns',
  'email_campaigns',
  'landingpage',
  'voucher',
  'multisitevoucher',
  'client_access',
  'guests',
  'routersettings',
  'sitesettings',
  'control_panel',
  'clients',
  'branding',
  'clickthroughlogin',
  'email',
  'passwordlogin',
  'facebook',
  'phone',
  'api',
  'chat_widget',
] as const;
export type PermissionName = (typeof PERMISSION_NAMES)[number];
export type PermissionMap = Record<PermissionName, boolean>;

/** The areas an invited client is given access to, per site. */
export const CLIENT_AREAS = [
  'guest_data',
  'voucher_data',
  'guest_accounts',
  'landing_page',
  'campaigns',
  'settings',
  'device_whitelisting',
] as const;
export type ClientArea = (typeof CLIENT_AREAS)[number];

export const ACCESS_LEVELS = ['none', 'read', 'write'] as const;
export type AccessLevel = (typeof ACCESS_LEVELS)[number];

/** Which permission names each client area opens. */
export const AREA_PERMISSIONS: Record<ClientArea, PermissionName[]> = {
  guest_data: ['guests'],
  voucher_data: ['voucher', 'multisitevoucher'],
  guest_accounts: ['guestuser'],
  landing_page: ['landingpage'],
  campaigns: ['campaigns', 'splash_campaigns', 'email_campaigns'],
  settings: ['sitesettings', 'routersettings', 'smsgateway', 'reports', 'integrations'],
  device_whitelisting: ['macauth'],
};

export const USER_ROLES = ['admin', 'client'] as const;
export type UserRole = (typeof USER_ROLES)[number];
