import {
  GATEWAY_FIELD_KEYS,
  STRIPE_WALLED_GARDEN_HOSTS,
  type GatewayFieldKey,
  type RadiusGatewaySettings,
  type RadiusGatewayType,
  type radiusGatewaySettingsInputSchema,
} from '@splashboard/contract';
import type { z } from 'zod';
import { DEFAULT_FIELD_NAMES, optionsFrom, type GatewayFieldNames } from '../../adapters/controllers/radius-gateways/options.ts';
import type { SettingsRecord, StoredSettings } from './controller-settings.repo.ts';
import { publicAddressOf } from './public-address.ts';

export type RadiusGatewayInput = z.output<typeof radiusGatewaySettingsInputSchema>;

const FIELD_KEY: Record<GatewayFieldKey, keyof GatewayFieldNames> = {
  client_mac: 'clientMac',
  ap_mac: 'apMac',
  client_ip: 'clientIp',
  ssid: 'ssid',
  login_url: 'loginUrl',
  original_url: 'originalUrl',
  username: 'username',
  password: 'password',
};

/** The row for new settings; a uam_secret left out keeps the stored one. */
export function radiusGatewayRecord(
  family: RadiusGatewayType,
  input: RadiusGatewayInput,
  stored: StoredSettings | null,
): SettingsRecord {
  const fields = { ...DEFAULT_FIELD_NAMES };
  for (const key of GATEWAY_FIELD_KEYS) {
    const name = input.field_names[key];
    if (name) fields[FIELD_KEY[key]] = name;
  }
  const uamSecret = input.uam_secret ?? (stored?.family === family ? stored.secrets.uamSecret : undefined);
  return {
    family,
    config: {
      roleName: input.role_name,
      useChap: input.use_chap,
      useHttps: input.use_https,
      controllerHost: input.controller_host,
      loginMethod: input.login_method,
      fields,
      idleTimeout: input.idle_timeout,
      interimInterval: input.interim_interval,
    },
    secrets: uamSecret ? { uamSecret } : {},
    lookupKey: null,
    knownAps: [],
    // The row's status column is not used for these families: the view derives it (NAS clients, last request).
    status: 'Not configured',
    statusDetail: '',
  };
}

export interface RadiusGatewayContext {
  family: RadiusGatewayType;
  routerType: string | null;
  publicUrl: string;
  portalKey: string;
  radius: { authPort: number; acctPort: number; disconnectPort: number };
  nasClients: number;
  lastSeenAt: Date | null;
  /** The site sells Wi-Fi (payment login): Stripe's hosts join the walled garden. */
  payment?: boolean;
}

const SEEN_RECENTLY_MS = 24 * 3600_000;

function statusOf(saved: boolean, c: RadiusGatewayContext): Pick<RadiusGatewaySettings, 'status' | 'status_detail'> {
  if (!saved) return { status: 'Not configured', status_detail: 'Save these settings to let guests log in through this gateway' };
  if (!c.nasClients)
    return { status: 'Not configured', status_detail: 'Add the gateway as a NAS client so that our RADIUS server answers it' };
  if (c.lastSeenAt && Date.now() - c.lastSeenAt.getTime() < SEEN_RECENTLY_MS)
    return { status: 'Online', status_detail: 'The gateway reported guest sessions to our RADIUS server in the last 24 hours' };
  return { status: null, status_detail: 'No RADIUS accounting from this gateway yet: it shows up after the first guest logs in' };
}

export function radiusGatewayView(stored: StoredSettings | null, c: RadiusGatewayContext): RadiusGatewaySettings {
  const saved = stored?.family === c.family;
  const o = optionsFrom(c.family, saved ? { ...stored.config } : {});
  const url = new URL(c.publicUrl);
  const fieldNames = Object.fromEntries(GATEWAY_FIELD_KEYS.map((k) => [k, o.fields[FIELD_KEY[k]]])) as Record<
    GatewayFieldKey,
    string
  >;
  return {
    family: c.family,
    public_address: publicAddressOf(c.publicUrl),
    router_type: c.routerType,
    saved,
    role_name: o.roleName,
    use_chap: o.useChap,
    use_https: o.useHttps,
    controller_host: o.controllerHost,
    login_method: o.loginMethod,
    field_names: fieldNames,
    uam_secret_set: saved && !!stored.secrets.uamSecret,
    idle_timeout: o.idleTimeout,
    interim_interval: o.interimInterval,
    ...statusOf(saved, c),
    last_seen_at: c.lastSeenAt?.toISOString() ?? null,
    instructions: {
      radius_server: url.hostname.replace(/^\[|\]$/g, ''),
      auth_port: c.radius.authPort,
      acct_port: c.radius.acctPort,
      disconnect_port: c.radius.disconnectPort,
      portal_url: `${url.origin}/guest/${c.portalKey}/`,
      walled_garden: [url.hostname.replace(/^\[|\]$/g, ''), ...(c.payment ? STRIPE_WALLED_GARDEN_HOSTS : [])],
      login_html_path: c.family === 'mikrotik' ? 'routersettings/mikrotik/login.html' : null,
    },
  };
}

const escapeAttribute = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/**
 * The login.html to upload to the MikroTik hotspot (Files, hotspot/login.html): it sends the guest to
 * this site's portal with what the router knows, in a GET form that submits itself (a button without
 * scripts). The $(...) variables are the router's own; the CHAP ones keep their octal escapes.
 */
export function mikrotikLoginHtml(portalUrl: string, labels: { title: string; button: string }): string {
  const hidden = ['mac', 'ip', 'link-login-only', 'link-orig', 'chap-id', 'chap-challenge', 'error']
    .map((name) => `<input type="hidden" name="${name}" value="$(${name})">`)
    .join('\n');
  return `<!doctype html>
<html>
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="pragma" content="no-cache">
<title>${escapeAttribute(labels.title)}</title>
</head>
<body>
<form name="splashboard" action="${escapeAttribute(portalUrl)}" method="get">
${hidden}
<button type="submit">${escapeAttribute(labels.button)}</button>
</form>
<script>document.splashboard.submit();</script>
</body>
</html>
`;
}
