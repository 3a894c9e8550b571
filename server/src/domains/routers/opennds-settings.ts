import { randomBytes } from 'node:crypto';
import { isIP } from 'node:net';
import {
  STRIPE_WALLED_GARDEN_HOSTS,
  ROUTER_MESSAGES,
  type OpenNdsConfigLine,
  type OpenNdsRouterSettings,
  type openNdsRouterSettingsInputSchema,
} from '@splashboard/contract';
import type { z } from 'zod';
import { invalid } from '../../platform/errors.ts';
import { UNCHECKABLE_STATUS, type SettingsRecord, type StoredSettings } from './controller-settings.repo.ts';
import { publicAddressOf } from './public-address.ts';

export type OpenNdsInput = z.output<typeof openNdsRouterSettingsInputSchema>;

/** openNDS's own default level: the token is hashed, nothing is encrypted (no php-cli on the gateway). */
const DEFAULT_LEVEL = 1;
const NOT_SAVED = 'Choose the FAS level and save';
const UNCHECKABLE =
  'openNDS has no interface the server can ask: once the lines below are on the gateway, guests sent to the portal show that it works';

/** The BinAuth script openNDS installs (Debian and OpenWrt alike). */
const BINAUTH_SCRIPT = '/usr/lib/opennds/binauth_log.sh';

const levelOf = (stored: StoredSettings | null) =>
  stored?.family === 'opennds' ? Number((stored.config as { level?: unknown }).level ?? DEFAULT_LEVEL) : null;

/** 32 characters of base64url (192 bits): level 2 uses the first 32 bytes of the key, so all of it counts. */
export const generateFaskey = () => randomBytes(24).toString('base64url');

function statusOf(level: number, faskey: string | undefined): Pick<SettingsRecord, 'status' | 'statusDetail'> {
  if (level >= 1 && !faskey) return { status: 'Not configured', statusDetail: ROUTER_MESSAGES.faskeyRequired };
  return { status: UNCHECKABLE_STATUS, statusDetail: UNCHECKABLE };
}

/** The row for new settings; an empty faskey keeps the stored one, and one is needed from level 1. */
export function openNdsRecord(input: OpenNdsInput, stored: StoredSettings | null): SettingsRecord {
  const faskey = input.faskey || (stored?.family === 'opennds' ? stored.secrets.faskey : undefined);
  if (input.level >= 1 && !faskey) throw invalid({ faskey: [ROUTER_MESSAGES.faskeyRequired] });
  return {
    family: 'opennds',
    config: { level: input.level },
    secrets: faskey ? { faskey } : {},
    lookupKey: null,
    knownAps: [],
    ...statusOf(input.level, faskey),
  };
}

/** The same settings with a new faskey (the level kept, or openNDS's default for a first save). */
export function withFaskey(stored: StoredSettings | null, faskey: string): SettingsRecord {
  return openNdsRecord({ level: levelOf(stored) ?? DEFAULT_LEVEL, faskey }, stored);
}

export interface PortalAddress {
  /** From config.publicUrl. */
  publicUrl: string;
  /** The site's portal key: openNDS sends guests to /guest/{portalKey}/. */
  portalKey: string;
  /** The portal host's IPv4 address when it is a name that resolves to exactly one. */
  resolvedIp: string | null;
  /** The site sells Wi-Fi (payment login): Stripe's hosts must be reachable before login. */
  payment?: boolean;
}

/**
 * The gateway options for this portal. Levels 0-2 make openNDS send guests over http, level 3 over
 * https, whatever the portal's own address says; the port is the public one when the scheme matches.
 */
function gatewayOptions(level: number, address: PortalAddress) {
  const url = new URL(address.publicUrl);
  const scheme = level === 3 ? 'https' : 'http';
  const sameScheme = url.protocol === `${scheme}:`;
  const port = sameScheme && url.port ? url.port : scheme === 'https' ? '443' : '80';
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const faspath = `/guest/${address.portalKey}/`;
  const line = (option: string, value: string): OpenNdsConfigLine => ({ option, value, placeholder: null });
  const config: OpenNdsConfigLine[] = [line('fasport', port)];
  if (isIP(host)) config.push(line('fasremoteip', host));
  else {
    // openNDS lets guests reach fasremoteip before login and sends them to fasremotefqdn: both are needed.
    config.push(
      address.resolvedIp
        ? line('fasremoteip', address.resolvedIp)
        : { option: 'fasremoteip', value: null, placeholder: 'portal_ip' },
    );
    config.push(line('fasremotefqdn', host));
  }
  config.push(line('faspath', faspath), line('fas_secure_enabled', String(level)));
  if (level >= 1) config.push({ option: 'faskey', value: null, placeholder: 'faskey' });
  // Level 3: openNDS's own BinAuth log script sends each client it lets go (timeout, quota, idle, ndsctl
  // deauth) to the FAS through authmon, so the portal ends the session; without it nothing does.
  if (level === 3) config.push(line('binauth', BINAUTH_SCRIPT));
  // Paying on the splash page reaches Stripe before login (openNDS's FQDN walled garden, with dnsmasq's ipset).
  if (address.payment) config.push(line('walledgarden_fqdn_list', STRIPE_WALLED_GARDEN_HOSTS.join(' ')));
  const defaultPort = (scheme === 'https' && port === '443') || (scheme === 'http' && port === '80');
  return {
    config,
    portal_url: `${scheme}://${url.hostname}${defaultPort ? '' : `:${port}`}${faspath}`,
    portal_host: host,
    warnings: sameScheme ? [] : [scheme === 'https' ? ('https_port_assumed' as const) : ('http_port_assumed' as const)],
  };
}

export function openNdsView(
  stored: StoredSettings | null,
  routerType: string | null,
  address: PortalAddress,
): OpenNdsRouterSettings {
  const level = levelOf(stored);
  const saved = level !== null && stored;
  const status = saved ? stored.status : 'Not configured';
  return {
    public_address: publicAddressOf(address.publicUrl),
    level: level ?? DEFAULT_LEVEL,
    faskey_set: !!saved && !!stored.secrets.faskey,
    status: status === UNCHECKABLE_STATUS ? null : status,
    status_detail: saved ? stored.statusDetail : NOT_SAVED,
    router_type: routerType,
    ...gatewayOptions(level ?? DEFAULT_LEVEL, address),
  };
}
