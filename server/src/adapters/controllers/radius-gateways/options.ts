import type { RadiusGatewayType } from '../controller.ts';

/** Field names of a gateway whose redirect and login form we cannot know in advance (IgniteNet). */
export interface GatewayFieldNames {
  clientMac: string;
  apMac: string;
  clientIp: string;
  ssid: string;
  loginUrl: string;
  originalUrl: string;
  username: string;
  password: string;
}

/** A site's settings for a RADIUS gateway family; each family reads only the options that concern it. */
export interface RadiusGatewayOptions {
  family: RadiusGatewayType;
  /** Aruba-User-Role (Aruba), Ruckus-User-Groups (Ruckus), Airespace-Guest-Role-Name (Cisco WLC); empty sends none. */
  roleName: string;
  /** MikroTik: the browser sends an MD5 of the password with the router's CHAP challenge (login-by http-chap). */
  useChap: boolean;
  /** Ruckus: post the login to the gateway over https (port 9998) instead of http (9997). */
  useHttps: boolean;
  /** ArubaOS controller: where guests log in when the redirect carries no switchip. */
  controllerHost: string;
  /** IgniteNet: the browser submits with GET instead of POST. */
  loginMethod: 'post' | 'get';
  fields: GatewayFieldNames;
  /** OpenMesh / CoovaChilli: the uamsecret shared with the gateway (sealed at rest). */
  uamSecret: string;
  /** Idle timeout sent in Access-Accept, in seconds. */
  idleTimeout: number;
  /** Acct-Interim-Interval sent in Access-Accept, in seconds. */
  interimInterval: number;
}

/** IgniteNet publishes nothing: these defaults follow the common UAM names and can be changed per site. */
export const DEFAULT_FIELD_NAMES: GatewayFieldNames = {
  clientMac: 'mac',
  apMac: 'ap_mac',
  clientIp: 'ip',
  ssid: 'ssid',
  loginUrl: 'login_url',
  originalUrl: 'url',
  username: 'username',
  password: 'password',
};

export const defaultOptions = (family: RadiusGatewayType): RadiusGatewayOptions => ({
  family,
  roleName: '',
  useChap: true,
  useHttps: false,
  controllerHost: '',
  loginMethod: 'post',
  fields: { ...DEFAULT_FIELD_NAMES },
  uamSecret: '',
  idleTimeout: 900,
  interimInterval: 300,
});

/** Options from a controller_settings row (config plus opened secrets), with defaults for what is missing. */
export function optionsFrom(family: RadiusGatewayType, stored: Record<string, unknown>): RadiusGatewayOptions {
  const d = defaultOptions(family);
  const str = (k: string, fallback: string) => (typeof stored[k] === 'string' ? (stored[k] as string) : fallback);
  const bool = (k: string, fallback: boolean) => (typeof stored[k] === 'boolean' ? (stored[k] as boolean) : fallback);
  const num = (k: string, fallback: number) => (typeof stored[k] === 'number' ? (stored[k] as number) : fallback);
  const fields = (stored.fields ?? {}) as Partial<GatewayFieldNames>;
  return {
    family,
    roleName: str('roleName', d.roleName),
    useChap: bool('useChap', d.useChap),
    useHttps: bool('useHttps', d.useHttps),
    controllerHost: str('controllerHost', d.controllerHost),
    loginMethod: stored.loginMethod === 'get' ? 'get' : 'post',
    fields: { ...d.fields, ...fields },
    uamSecret: str('uamSecret', d.uamSecret),
    idleTimeout: num('idleTimeout', d.idleTimeout),
    interimInterval: num('interimInterval', d.interimInterval),
  };
}
