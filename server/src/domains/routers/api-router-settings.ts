import type { ApiRouterFamily, ApiRouterSettings, RouterInstructionKey } from '@splashboard/contract';
import { API_ROUTER_MESSAGES, ROUTER_MESSAGES, STRIPE_WALLED_GARDEN_HOSTS } from '@splashboard/contract';
import {
  createControllerAdapter,
  MERAKI_API_URL,
  type ControllerSettings,
  type StatusReport,
} from '../../adapters/controllers/index.ts';
import { invalid } from '../../platform/errors.ts';
import { newRadiusKey } from '../../adapters/controllers/ruckus/credentials.ts';
import { UNCHECKABLE_STATUS, type SettingsRecord, type StatusRecord, type StoredSettings } from './controller-settings.repo.ts';
import { publicAddressOf } from './public-address.ts';

/** One setting: its name in the API (input and `values`) and in the adapter's settings (config). */
interface Field {
  input: string;
  setting: string;
  default: string | boolean;
}

/** What the portal needs to tell the operator the values to enter on their controller. */
export interface InstructionContext {
  publicUrl: string;
  portalKey: string;
  radius: { authPort: number; acctPort: number };
  /** The site sells Wi-Fi (payment login): Stripe's hosts join the walled garden. */
  payment?: boolean;
}

/** The walled garden with Stripe's hosts added when the site takes payments on its splash page. */
const withPaymentHosts = (instructions: { key: RouterInstructionKey; value: string }[], payment?: boolean) =>
  payment
    ? instructions.map((i) =>
        i.key === 'walled_garden' ? { ...i, value: [i.value, ...STRIPE_WALLED_GARDEN_HOSTS].join(', ') } : i,
      )
    : instructions;

export interface ApiFamilyDescriptor {
  /** Plain settings, kept in config under `setting`. */
  fields: Field[];
  /** Write-only settings, sealed; an empty input keeps the stored one. `required` ones must exist. */
  secrets: { input: string; setting: string; required: boolean; message: string }[];
  /** Sealed values the server makes itself once (Ruckus's RADIUS credential key). */
  generated?: Record<string, () => string>;
  /** Names of the fields that must be non-empty for the family to be configured. */
  requiredForUse: string[];
  notConfigured: string;
  /** Absent: nothing the server can ask; the status is null once configured. */
  checkable: boolean;
  /** For a checkable family, whether these saved settings give the server something to ask (Meraki: an API key). */
  asksWith?: (stored: Pick<StoredSettings, 'config' | 'secrets'>) => boolean;
  uncheckable?: string;
  instructions(ctx: InstructionContext, values: Record<string, string | boolean>): { key: RouterInstructionKey; value: string }[];
}

const portalUrl = (ctx: InstructionContext) => `${ctx.publicUrl}/guest/${ctx.portalKey}/`;
const portalHost = (ctx: InstructionContext) => new URL(ctx.publicUrl).hostname;

/** Meraki Go: nothing to enter, nothing to ask; the grant URL comes with each guest. */
const merakiGoSplash: ApiFamilyDescriptor = {
  fields: [],
  secrets: [],
  requiredForUse: [],
  notConfigured: '',
  checkable: false,
  uncheckable: 'Meraki lets guests in by the grant address each one arrives with: there is no controller to ask',
  instructions: (ctx) => [
    { key: 'portal_url', value: portalUrl(ctx) },
    { key: 'walled_garden', value: portalHost(ctx) },
  ],
};

/**
 * Meraki MR click-through: the grant URL comes with each guest; an optional Dashboard API key lets the server
 * check the network and end a guest's splash authorization. Without a key nothing is asked.
 */
const merakiSplash: ApiFamilyDescriptor = {
  fields: [
    { input: 'network_id', setting: 'networkId', default: '' },
    { input: 'ssid_number', setting: 'ssidNumber', default: '0' },
    { input: 'api_url', setting: 'apiUrl', default: MERAKI_API_URL },
    { input: 'skip_tls_verify', setting: 'skipTlsVerify', default: false },
  ],
  secrets: [{ input: 'api_key', setting: 'apiKey', required: false, message: '' }],
  requiredForUse: [],
  notConfigured: '',
  checkable: true,
  asksWith: (stored) => !!stored.secrets.apiKey,
  uncheckable:
    'Without a Dashboard API key, Meraki lets guests in by the grant address each one arrives with: there is nothing to ask, and guests cannot be disconnected from here',
  instructions: (ctx) => [
    { key: 'portal_url', value: portalUrl(ctx) },
    { key: 'walled_garden', value: portalHost(ctx) },
  ],
};

/** SmartZone / vSZ and RUCKUS One: the northbound portal interface, and our RADIUS server for the session. */
const ruckusNbi: ApiFamilyDescriptor = {
  fields: [
    { input: 'url', setting: 'url', default: '' },
    { input: 'skip_tls_verify', setting: 'skipTlsVerify', default: false },
  ],
  secrets: [{ input: 'password', setting: 'password', required: true, message: ROUTER_MESSAGES.passwordRequired }],
  generated: { radiusKey: newRadiusKey },
  requiredForUse: ['url'],
  notConfigured: 'Enter the northbound interface address and password, then save',
  checkable: true,
  instructions: (ctx) => [
    { key: 'portal_url', value: portalUrl(ctx) },
    { key: 'walled_garden', value: portalHost(ctx) },
    { key: 'radius_server', value: portalHost(ctx) },
    { key: 'radius_auth_port', value: String(ctx.radius.authPort) },
    { key: 'radius_acct_port', value: String(ctx.radius.acctPort) },
  ],
};

export const API_FAMILIES: Partial<Record<ApiRouterFamily, ApiFamilyDescriptor>> = {
  meraki: merakiSplash,
  smartzone: ruckusNbi,
  ruckus_cloud: ruckusNbi,
  mist: {
    fields: [{ input: 'portal_url', setting: 'portalUrl', default: 'https://portal.mist.com' }],
    secrets: [{ input: 'secret', setting: 'secret', required: true, message: API_ROUTER_MESSAGES.secretRequired }],
    requiredForUse: ['portal_url'],
    notConfigured: 'Enter the portal API secret of the WLAN, then save',
    checkable: false,
    uncheckable: 'Mist has no interface the portal can ask: guests reaching the portal and getting online show that it works',
    instructions: (ctx) => [
      { key: 'portal_url', value: portalUrl(ctx) },
      { key: 'walled_garden', value: portalHost(ctx) },
    ],
  },
  merakigo: merakiGoSplash,
  omada: {
    fields: [
      { input: 'url', setting: 'url', default: '' },
      { input: 'controller_id', setting: 'controllerId', default: '' },
      { input: 'username', setting: 'username', default: '' },
      { input: 'skip_tls_verify', setting: 'skipTlsVerify', default: false },
      { input: 'time_unit', setting: 'timeUnit', default: 'microseconds' },
    ],
    secrets: [{ input: 'password', setting: 'password', required: true, message: ROUTER_MESSAGES.passwordRequired }],
    requiredForUse: ['url', 'username'],
    notConfigured: 'Enter the controller address and the hotspot operator, then save',
    checkable: true,
    instructions: (ctx) => [
      { key: 'portal_url', value: portalUrl(ctx) },
      { key: 'walled_garden', value: portalHost(ctx) },
    ],
  },
};

export const apiFamilyOf = (family: ApiRouterFamily): ApiFamilyDescriptor => {
  const d = API_FAMILIES[family];
  if (!d) throw new Error(`No settings descriptor for ${family}`);
  return d;
};

function valuesOf(d: ApiFamilyDescriptor, stored: StoredSettings | null, family: string) {
  const config = stored?.family === family ? stored.config : null;
  const values: Record<string, string | boolean> = {};
  for (const f of d.fields) {
    const v = config?.[f.setting];
    values[f.input] = typeof v === typeof f.default ? (v as string | boolean) : f.default;
  }
  return { values, config };
}

/** What the settings page shows: the saved values, which secrets are set, the status, and what to enter on the controller. */
export function apiView(
  family: ApiRouterFamily,
  stored: StoredSettings | null,
  routerType: string | null,
  ctx: InstructionContext,
): ApiRouterSettings {
  const d = apiFamilyOf(family);
  const { values, config } = valuesOf(d, stored, family);
  const mine = config && stored ? stored : null;
  const secretsSet = Object.fromEntries(d.secrets.map((s) => [s.input, !!mine?.secrets[s.setting]]));
  const configured = mine ? isConfigured(d, mine) : !d.requiredForUse.length && !d.secrets.some((s) => s.required);
  let status: ApiRouterSettings['status'] = 'Not configured';
  let detail = d.notConfigured;
  if (configured && !asks(d, mine)) [status, detail] = [null, d.uncheckable ?? ''];
  else if (mine) [status, detail] = [mine.status === UNCHECKABLE_STATUS ? null : mine.status, mine.statusDetail];
  return {
    family,
    public_address: publicAddressOf(ctx.publicUrl),
    values,
    secrets_set: secretsSet,
    status,
    status_detail: detail,
    status_checked_at: mine?.statusCheckedAt ? mine.statusCheckedAt.toISOString() : null,
    router_type: routerType,
    instructions: withPaymentHosts(d.instructions(ctx, values), ctx.payment),
  };
}

/** Whether the server has something to ask with these settings (none saved: only if the family needs none). */
function asks(d: ApiFamilyDescriptor, stored: Pick<StoredSettings, 'config' | 'secrets'> | null) {
  if (!d.checkable) return false;
  if (!d.asksWith) return true;
  return !!stored && d.asksWith(stored);
}

function isConfigured(d: ApiFamilyDescriptor, stored: StoredSettings) {
  return (
    d.requiredForUse.every((name) => {
      const f = d.fields.find((x) => x.input === name);
      return f && !!stored.config[f.setting];
    }) && d.secrets.every((s) => !s.required || !!stored.secrets[s.setting])
  );
}

/** The row for new settings; empty secrets keep the stored ones, and required ones must exist. */
export function apiRecord(
  family: ApiRouterFamily,
  input: Record<string, unknown>,
  stored: StoredSettings | null,
): SettingsRecord {
  const d = apiFamilyOf(family);
  const previous = stored?.family === family ? stored.secrets : {};
  const config: Record<string, unknown> = {};
  for (const f of d.fields) config[f.setting] = input[f.input] ?? f.default;
  const secrets: Record<string, string> = {};
  const errors: Record<string, string[]> = {};
  for (const s of d.secrets) {
    const value = (typeof input[s.input] === 'string' && (input[s.input] as string)) || previous[s.setting];
    if (value) secrets[s.setting] = value;
    else if (s.required) errors[s.input] = [s.message];
  }
  if (Object.keys(errors).length) throw invalid(errors);
  for (const [name, make] of Object.entries(d.generated ?? {})) secrets[name] = previous[name] ?? make();
  const checkable = asks(d, { config, secrets });
  return {
    family,
    config,
    secrets,
    lookupKey: null,
    knownAps: [],
    status: checkable ? 'Not configured' : UNCHECKABLE_STATUS,
    statusDetail: checkable ? 'Not checked yet' : (d.uncheckable ?? ''),
  };
}

/** Asks the controller with the stored settings. Never throws. */
export async function checkApiFamily(
  family: ApiRouterFamily,
  stored: StoredSettings | null,
  timeoutMs: number,
): Promise<StatusRecord> {
  const d = apiFamilyOf(family);
  if (!stored || stored.family !== family || !isConfigured(d, stored))
    return { status: 'Not configured', statusDetail: d.notConfigured };
  if (!asks(d, stored)) return { status: UNCHECKABLE_STATUS, statusDetail: d.uncheckable ?? '' };
  const settings = { family, ...stored.config, ...stored.secrets, timeoutMs } as unknown as ControllerSettings;
  const report: StatusReport = await createControllerAdapter(settings).checkStatus();
  return { status: report.status, statusDetail: report.detail ?? '' };
}
