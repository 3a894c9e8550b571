import { OMADA_TIME_UNITS, type ApiRouterFamily } from '@splashboard/contract';

/** One field of a settings form; its label and help are `apiRouters.fields.{name}` and `.{name}Help`. */
export type ApiField =
  | { name: string; kind: 'text'; required?: boolean; placeholder?: string }
  | { name: string; kind: 'secret' }
  | { name: string; kind: 'switch' }
  | { name: string; kind: 'select'; options: readonly string[] };

const skipTls: ApiField = { name: 'skip_tls_verify', kind: 'switch' };

/** The form of each family's settings page, in order; Meraki and Meraki Go have nothing to enter. */
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
  meraki: [],
  merakigo: [],
};
