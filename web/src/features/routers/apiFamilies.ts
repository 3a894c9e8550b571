import { MERAKI_SSID_NUMBERS, OMADA_TIME_UNITS, type ApiRouterFamily } from '@splashboard/contract';

/** One field of a settings form; its label and help are `apiRouters.fields.{name}` and `.{name}Help`. */
export type ApiField =
  | { name: string; kind: 'text'; required?: boolean; placeholder?: string }
  /** `optional`: the family works without it (Meraki's API key). */
  | { name: string; kind: 'secret'; optional?: boolean }
  | { name: string; kind: 'switch' }
  | { name: string; kind: 'select'; options: readonly string[] };

const skipTls: ApiField = { name: 'skip_tls_verify', kind: 'switch' };

/** The form of each family's settings page, in order; Meraki Go has nothing to enter, Meraki only optional settings. */
export const API_FORMS: Record<ApiRouterFamily, ApiField[]> = {
  omada: [
    { name: 'url', kind: 'text', required: true, placeholder: 'https://' },
    { name: 'controller_id', kind: 'text' },
    { name: 'username', kind: 'text', required: true },
    { name: 'password', kind: 'secret' },
    { name: 'time_unit', kind: 'select', options: OMADA_TIME_UNITS },
    skipTls,
  ],
  smartzone: [
    { name: 'url', kind: 'text', required: true, placeholder: 'https://' },
    { name: 'password', kind: 'secret' },
    skipTls,
  ],
  ruckus_cloud: [
    { name: 'url', kind: 'text', required: true, placeholder: 'https://' },
    { name: 'password', kind: 'secret' },
    skipTls,
  ],
  mist: [
    { name: 'portal_url', kind: 'text', required: true, placeholder: 'https://' },
    { name: 'secret', kind: 'secret' },
  ],
  meraki: [
    { name: 'api_key', kind: 'secret', optional: true },
    { name: 'network_id', kind: 'text' },
    { name: 'ssid_number', kind: 'select', options: MERAKI_SSID_NUMBERS },
    { name: 'api_url', kind: 'text', required: true, placeholder: 'https://' },
    skipTls,
  ],
  merakigo: [],
};
