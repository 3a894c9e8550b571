import {
  ControllerError,
  normalizeMac,
  queryToMap,
  type GuestArrival,
  type QueryInput,
  type RadiusGatewayType,
} from '../controller.ts';
import { chapResponseHex, parseMikrotikOctal, uamPassword } from './passwords.ts';
import type { RadiusGatewayOptions } from './options.ts';

/** What a family's redirect told us that its login form needs later (JSON, kept in the portal's pass). */
export type GatewayLogin = {
  /** Where the browser sends the credentials (without the family's fixed path for some). */
  loginUrl: string;
  chapId?: string;
  chapChallenge?: string;
  /** CoovaChilli's challenge (hex). */
  challenge?: string;
  /** Cambium: the whole redirect query, which the login must carry back. */
  query?: string;
};

export interface GatewayForm {
  action: string;
  method: 'post' | 'get';
  fields: Record<string, string>;
  /** Some families take a plain GET of a URL: the portal redirects instead of drawing a form. */
  redirect?: boolean;
}

interface FamilyDef {
  /** Reads the redirect into an arrival; `q` is the first value of each parameter. */
  arrival(
    q: Map<string, string>,
    options: RadiusGatewayOptions,
    raw: string,
  ): Omit<GuestArrival, 'family' | 'gateway'> & {
    login: GatewayLogin;
  };
  form(
    login: GatewayLogin,
    creds: { username: string; password: string },
    continueUrl: string,
    o: RadiusGatewayOptions,
  ): GatewayForm;
}

const MAX_URL = 2000;

/** An http(s) URL the gateway named for its login, else bad_arrival. */
function gatewayUrl(value: string | undefined, what: string): string {
  try {
    const url = new URL(value ?? '');
    if ((url.protocol === 'http:' || url.protocol === 'https:') && value!.length <= MAX_URL) return url.toString();
  } catch {
    // falls through
  }
  throw new ControllerError('bad_arrival', `${what} is missing or not an http(s) address`);
}

/** A host (name, IPv4, [IPv6]) with an optional port, as gateways send them in `switchip`, `sip`... */
function gatewayHost(value: string | undefined, what: string): string {
  const v = (value ?? '').trim();
  if (/^(\[[0-9a-f:.]+\]|[a-z0-9.-]{1,253})(:\d{1,5})?$/i.test(v)) return v;
  throw new ControllerError('bad_arrival', `${what} is missing or not a host name or address`);
}

const clientMacOf = (v: string | undefined) => {
  const mac = normalizeMac(v);
  if (!mac) throw new ControllerError('bad_arrival', 'The client MAC address is missing or malformed');
  return mac;
};
const optional = (v: string | undefined) => (v ? v.slice(0, MAX_URL) : null);

const post = (action: string, fields: Record<string, string>): GatewayForm => ({ action, method: 'post', fields });

const ARUBA: FamilyDef = {
  arrival: (q, o) => {
    const host = q.get('switchip') || o.controllerHost;
    return {
      clientMac: clientMacOf(q.get('mac')),
      apMac: normalizeMac(q.get('apmac')),
      clientIp: optional(q.get('ip')),
      originalUrl: optional(q.get('url')),
      ssid: optional(q.get('essid')),
      login: {
        loginUrl: `https://${gatewayHost(host, 'The switchip (the Virtual Controller or controller address)')}/cgi-bin/login`,
      },
    };
  },
  form: (login, c, continueUrl) =>
    post(login.loginUrl, { cmd: 'authenticate', user: c.username, password: c.password, url: continueUrl }),
};

const RUCKUS: FamilyDef = {
  arrival: (q) => ({
    clientMac: clientMacOf(q.get('client_mac')),
    apMac: normalizeMac(q.get('mac')),
    clientIp: optional(q.get('uip')),
    originalUrl: optional(q.get('url')),
    ssid: optional(q.get('ssid')),
    login: { loginUrl: gatewayHost(q.get('sip'), 'The sip (the gateway address)') },
  }),
  form: (login, c, _continueUrl, o) =>
    post(o.useHttps ? `https://${login.loginUrl}:9998/login` : `http://${login.loginUrl}:9997/login`, {
      username: c.username,
      password: c.password,
    }),
};

export const FAMILIES: Record<RadiusGatewayType, FamilyDef> = {
  mikrotik: {
    arrival: (q) => ({
      clientMac: clientMacOf(q.get('mac')),
      apMac: null,
      clientIp: optional(q.get('ip')),
      originalUrl: optional(q.get('link-orig')),
      ssid: null,
      login: {
        loginUrl: gatewayUrl(q.get('link-login-only'), 'link-login-only'),
        chapId: q.get('chap-id')?.slice(0, 16) || undefined,
        chapChallenge: q.get('chap-challenge')?.slice(0, 256) || undefined,
      },
    }),
    form: (login, c, continueUrl, o) => {
      const chap = o.useChap && login.chapId && login.chapChallenge;
      const password = chap
        ? chapResponseHex(parseMikrotikOctal(login.chapId!), c.password, parseMikrotikOctal(login.chapChallenge!))
        : c.password;
      return post(login.loginUrl, { username: c.username, password, dst: continueUrl, popup: 'false' });
    },
  },
  ciscowlc: {
    arrival: (q) => ({
      clientMac: clientMacOf(q.get('client_mac')),
      apMac: normalizeMac(q.get('ap_mac')),
      clientIp: null,
      originalUrl: optional(q.get('redirect')),
      ssid: optional(q.get('wlan') ?? q.get('ssid')),
      login: { loginUrl: gatewayUrl(q.get('switch_url'), 'switch_url') },
    }),
    form: (login, c, continueUrl) =>
      post(login.loginUrl, {
        buttonClicked: '4',
        err_flag: '0',
        username: c.username,
        password: c.password,
        redirect_url: continueUrl,
      }),
  },
  arubaiap: ARUBA,
  arubacentral: ARUBA,
  aruba: ARUBA,
  arubainstanton: {
    arrival: (q) => ({
      clientMac: clientMacOf(q.get('mac')),
      apMac: normalizeMac(q.get('apmac')),
      clientIp: optional(q.get('ip')),
      originalUrl: optional(q.get('url')),
      ssid: optional(q.get('network')),
      login: { loginUrl: `https://${gatewayHost(q.get('post'), 'The post parameter (the login host)')}/cgi-bin/login` },
    }),
    form: (login, c) => post(login.loginUrl, { cmd: 'authenticate', user: c.username, password: c.password }),
  },
  ruckusunleashed: RUCKUS,
  ruckus: RUCKUS,
  zyxelnebula: {
    arrival: (q) => ({
      clientMac: clientMacOf(q.get('usermac')),
      apMac: normalizeMac(q.get('apmac')),
      clientIp: optional(q.get('userip')),
      originalUrl: null,
      ssid: optional(q.get('ssid_name')),
      login: { loginUrl: gatewayUrl(q.get('apurl'), 'apurl') },
    }),
    form: (login, c) => post(login.loginUrl, { username: c.username, password: c.password }),
  },
  draytek: {
    arrival: (q) => ({
      clientMac: clientMacOf(q.get('client_mac')),
      apMac: normalizeMac(q.get('apmac')),
      clientIp: null,
      originalUrl: optional(q.get('target')),
      ssid: null,
      login: { loginUrl: gatewayUrl(q.get('loginurl'), 'loginurl') },
    }),
    form: (login, c) => ({
      action: login.loginUrl,
      method: 'get',
      fields: { username: c.username, password: c.password },
      redirect: true,
    }),
  },
  cnmaestro: {
    arrival: (q, _o, raw) => ({
      clientMac: clientMacOf(q.get('ga_cmac')),
      apMac: normalizeMac(q.get('ga_ap_mac')),
      clientIp: null,
      originalUrl: optional(q.get('ga_orig_url')),
      ssid: optional(q.get('ga_ssid')),
      login: {
        loginUrl: `http://${gatewayHost(q.get('ga_srvr'), 'ga_srvr')}:880/cgi-bin/hotspot_login.cgi`,
        query: raw.replace(/^\?/, '').slice(0, MAX_URL),
      },
    }),
    form: (login, c) => post(`${login.loginUrl}?${login.query ?? ''}`, { ga_user: c.username, ga_pass: c.password }),
  },
  ignitenet: {
    arrival: (q, o) => ({
      clientMac: clientMacOf(q.get(o.fields.clientMac)),
      apMac: normalizeMac(q.get(o.fields.apMac)),
      clientIp: optional(q.get(o.fields.clientIp)),
      originalUrl: optional(q.get(o.fields.originalUrl)),
      ssid: optional(q.get(o.fields.ssid)),
      login: { loginUrl: gatewayUrl(q.get(o.fields.loginUrl), o.fields.loginUrl) },
    }),
    form: (login, c, _continueUrl, o) => ({
      action: login.loginUrl,
      method: o.loginMethod,
      fields: { [o.fields.username]: c.username, [o.fields.password]: c.password },
    }),
  },
  openmesh: {
    arrival: (q) => {
      const challenge = q.get('challenge') ?? '';
      if (!/^[0-9a-f]{32}$/i.test(challenge))
        throw new ControllerError('bad_arrival', 'The UAM challenge is missing or malformed');
      const port = q.get('uamport') ?? '';
      if (!/^\d{1,5}$/.test(port)) throw new ControllerError('bad_arrival', 'The uamport is missing or malformed');
      return {
        clientMac: clientMacOf(q.get('mac')),
        apMac: normalizeMac(q.get('called')),
        clientIp: optional(q.get('ip')),
        originalUrl: optional(q.get('userurl')),
        ssid: optional(q.get('ssid')),
        login: { loginUrl: `http://${gatewayHost(q.get('uamip'), 'uamip')}:${port}/logon`, challenge },
      };
    },
    form: (login, c, continueUrl, o) => ({
      action: login.loginUrl,
      method: 'get',
      fields: {
        username: c.username,
        password: uamPassword(c.password, login.challenge!, o.uamSecret),
        ...(continueUrl ? { userurl: continueUrl } : {}),
      },
      redirect: true,
    }),
  },
};

/** Reads a RADIUS gateway's redirect into the portal's arrival (login data in `gateway`). */
export function parseGatewayArrival(query: QueryInput, options: RadiusGatewayOptions): GuestArrival {
  const q = queryToMap(query);
  const raw = typeof query === 'string' ? query : new URLSearchParams([...q]).toString();
  const { login, ...arrival } = FAMILIES[options.family].arrival(q, options, raw);
  return { family: options.family, ...arrival, gateway: { ...login } };
}

/**
 * What a gateway says when it sends the browser back to the portal after its own login, or null when
 * this is a new arrival. CoovaChilli (OpenMesh): `res=success`, `already` (online before) or `failed`
 * (the RADIUS server refused it). Cisco WLC: `statusCode` 1 (already logged in) and 2 (the WLAN does not
 * need web login) mean online; 3 (user name in use), 4 (client excluded) and 5 (wrong user name or
 * password) mean refused.
 */
export function gatewayLoginOutcome(family: RadiusGatewayType, query: QueryInput): 'connected' | 'refused' | null {
  const q = queryToMap(query);
  if (family === 'openmesh') {
    const res = q.get('res');
    if (res === 'success' || res === 'already') return 'connected';
    return res === 'failed' || res === 'reject' ? 'refused' : null;
  }
  if (family === 'ciscowlc') {
    const code = q.get('statusCode');
    if (code === '1' || code === '2') return 'connected';
    return code === '3' || code === '4' || code === '5' ? 'refused' : null;
  }
  return null;
}

/** The arrival's query without the gateway's answer to an earlier login: the address to try again at. */
export function withoutLoginOutcome(rawQuery: string): string {
  const q = new URLSearchParams(rawQuery);
  for (const key of ['res', 'statusCode', 'reply']) q.delete(key);
  return q.toString();
}
