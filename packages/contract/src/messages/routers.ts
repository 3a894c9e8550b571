/** Messages of the router settings pages that every family shares, and of the UniFi and openNDS ones. */
export const ROUTER_MESSAGES = {
  controllerUrl: 'Enter the controller address, such as https://unifi.example.com:8443',
  unifiSite: 'Use the UniFi site short name (letters, digits, - and _), such as default',
  faskey: 'Use 8 to 128 letters, digits or the symbols - _ . ~ + = / : @ ! % * , ? ^ (no spaces or quotes)',
  faskeyRequired: 'A faskey is required from level 1: enter the one set on the gateway or generate one',
  passwordRequired: 'Enter the password of the controller account',
  /** `router` and `family` are the routers' labels (`none` for a location without one). */
  wrongRouter:
    "This location's router is {{router}}: {{family}} settings apply only to a {{family}} location. Change the location's router first.",
} satisfies Record<string, string>;

/** Messages of the settings of routers granted through their API (Omada, SmartZone, RUCKUS One, Mist, Meraki). */
export const API_ROUTER_MESSAGES = {
  controllerId: 'Use the 32 letters and digits of the controller id, or leave it empty to ask the controller',
  omadaUrl: 'Enter the controller address, such as https://omada.example.com:8043',
  ruckusUrl: 'Enter the northbound interface address, such as https://smartzone.example.com:9443',
  mistUrl: 'Enter the Mist portal address, such as https://portal.mist.com',
  merakiApiUrl: 'Enter the Dashboard API address, such as https://api.meraki.com/api/v1',
  merakiNetworkId: 'Use the network id of the Dashboard API, such as N_24329156 or L_643703248',
  secretRequired: 'Enter the secret',
} satisfies Record<string, string>;

/** Messages of the settings of gateways that ask our RADIUS server, and of their NAS clients. */
export const RADIUS_GATEWAY_MESSAGES = {
  fieldName: 'Use 1 to 40 letters, digits or the symbols - _ . [ ]',
  roleName: 'Use up to 64 characters without quotes, backslashes or spaces at the ends',
  host: 'Enter a host name or IP address, such as securelogin.example.com',
  uamSecret: 'Use up to 64 characters without quotes, backslashes or spaces',
  idleTimeout: 'Enter a number of seconds from 60 to 86400',
  interimInterval: 'Enter a number of seconds from 60 to 3600',
  nasAddressTaken: 'A gateway with this address is already registered',
} satisfies Record<string, string>;
