import type { Feature } from '../app/feature.ts';
import { accessHealth } from './access-health/index.ts';
import { account } from './account/index.ts';
import { admins } from './admins/index.ts';
import { auth } from './auth/index.ts';
import { billing } from './billing/index.ts';
import { branding } from './branding/index.ts';
import { campaigns } from './campaigns/index.ts';
import { clients } from './clients/index.ts';
import { customDomain } from './custom-domain/index.ts';
import { dashboard } from './dashboard/index.ts';
import { guestAccounts } from './guest-accounts/index.ts';
import { guests } from './guests/index.ts';
import { integrations } from './integrations/index.ts';
import { payments } from './payments/index.ts';
import { reports } from './reports/index.ts';
import { routers } from './routers/index.ts';
import { settings } from './settings/index.ts';
import { signup } from './signup/index.ts';
import { sites } from './sites/index.ts';
import { sms } from './sms/index.ts';
import { social } from './social/index.ts';
import { splash } from './splash/index.ts';
import { teamInvite } from './team-invite/index.ts';
import { unifiTasks } from './unifi-tasks/index.ts';
import { vouchers } from './vouchers/index.ts';
import { whitelist } from './whitelist/index.ts';

/** Every area of the dashboard: the router takes its routes, the side menus its menu entries. */
export const FEATURES: Feature[] = [
  dashboard,
  splash,
  social,
  guests,
  vouchers,
  guestAccounts,
  payments,
  campaigns,
  settings,
  routers,
  unifiTasks,
  accessHealth,
  whitelist,
  sms,
  integrations,
  reports,
  admins,
  clients,
  customDomain,
  account,
  branding,
  sites,
  signup,
  auth,
  teamInvite,
  billing,
];
