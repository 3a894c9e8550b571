import type { RouterStatus, UnifiMode, UnifiRouterSettings, unifiRouterSettingsInputSchema } from '@splashboard/contract';
import { ROUTER_MESSAGES, STRIPE_WALLED_GARDEN_HOSTS } from '@splashboard/contract';
import type { z } from 'zod';
import { UnifiController } from '../../adapters/controllers/unifi/unifi.ts';
import { invalid } from '../../platform/errors.ts';
import type { SettingsRecord, StatusRecord, StoredSettings } from './controller-settings.repo.ts';
import { publicAddressOf } from './public-address.ts';

export type UnifiInput = z.output<typeof unifiRouterSettingsInputSchema>;

interface UnifiConfig {
  url: string;
  username: string;
  site: string;
  skipTlsVerify: boolean;
  mode: UnifiMode;
}

const DEFAULTS: UnifiConfig = { url: '', username: '', site: 'default', skipTlsVerify: false, mode: 'auto' };
const NOT_CONFIGURED = 'Enter the controller address, username and password, then save';

function configOf(stored: StoredSettings | null): UnifiConfig | null {
  if (stored?.family !== 'unifi') return null;
  return { ...DEFAULTS, ...(stored.config as Partial<UnifiConfig>) };
}

/** What the settings page shows: stored values (the password only as set or not) and what to enter on the controller. */
export function unifiView(
  stored: StoredSettings | null,
  routerType: string | null,
  publicUrl: string,
  payment = false,
): UnifiRouterSettings {
  const config = configOf(stored);
  const c = config ?? DEFAULTS;
  const host = new URL(publicUrl).hostname;
  const redirectPath = `/guest/s/${c.site}/`;
  const status = config && stored ? stored.status : 'Not configured';
  return {
    public_address: publicAddressOf(publicUrl),
    url: c.url,
    username: c.username,
    password_set: !!config && !!stored?.secrets.password,
    site: c.site,
    skip_tls_verify: c.skipTlsVerify,
    mode: c.mode,
    status: status === 'Unknown' ? 'Not configured' : status,
    status_detail: config && stored ? stored.statusDetail : NOT_CONFIGURED,
    status_checked_at: config && stored?.statusCheckedAt ? stored.statusCheckedAt.toISOString() : null,
    known_aps: config && stored ? stored.knownAps : [],
    router_type: routerType,
    instructions: {
      external_portal_server: host,
      redirect_path: redirectPath,
      // UniFi sends guests over plain HTTP to port 80 of the external portal server, whatever our own port.
      guest_url: `http://${host}${redirectPath}`,
      ...(payment && { pre_authorization: [...STRIPE_WALLED_GARDEN_HOSTS] }),
    },
  };
}

/** The row for new settings; an empty password keeps the stored one, and one is needed. */
export function unifiRecord(input: UnifiInput, stored: StoredSettings | null): SettingsRecord {
  const previous = configOf(stored);
  const password = input.password || (previous ? stored?.secrets.password : undefined);
  if (!password) throw invalid({ password: [ROUTER_MESSAGES.passwordRequired] });
  const config: UnifiConfig = {
    url: input.url,
    username: input.username,
    site: input.site,
    skipTlsVerify: input.skip_tls_verify,
    mode: input.mode,
  };
  // Access points of another controller or site would point guests of theirs at this site.
  const sameController = previous && previous.url === config.url && previous.site === config.site;
  return {
    family: 'unifi',
    config: { ...config },
    secrets: { password },
    lookupKey: config.site,
    knownAps: sameController ? stored!.knownAps : [],
    status: 'Not configured',
    statusDetail: 'Not checked yet',
  };
}

/** Asks the controller now; when it is Online, also which access points it has. Never throws. */
export async function checkUnifi(stored: StoredSettings | null, timeoutMs: number): Promise<StatusRecord> {
  const config = configOf(stored);
  const password = stored?.secrets.password;
  if (!config || !password) return { status: 'Not configured', statusDetail: NOT_CONFIGURED };
  const controller = new UnifiController({ ...config, password, timeoutMs });
  const report = await controller.checkStatus();
  const status: RouterStatus = report.status;
  if (status !== 'Online') return { status, statusDetail: report.detail ?? '' };
  try {
    return { status, statusDetail: '', knownAps: await controller.listAccessPoints() };
  } catch {
    // The controller answered the login and the account may act; the device list is a nicety.
    return { status, statusDetail: 'The controller did not list its access points; the last known ones are kept' };
  }
}
