// Samples of the integrations API's answers for the pages' tests, checked with the contract's schemas (a
// sample that drifts from the contract fails here); the stand-in server is the payments pages' one.
import {
  INTEGRATIONS,
  INTEGRATION_KINDS,
  deliverySchema,
  integrationDetailsSchema,
  integrationSummarySchema,
  type Delivery,
  type IntegrationDetails,
  type IntegrationKind,
  type IntegrationSummary,
} from '@splashboard/contract/integrations';
import { API } from '../payments/testServer.tsx';

export { renderAt, stubServer, SITE_ID, type Call } from '../payments/testServer.tsx';
export const INTEGRATIONS_API = `${API}/integrations`;

export const aSummary = (kind: IntegrationKind, fields: Partial<IntegrationSummary> = {}): IntegrationSummary =>
  integrationSummarySchema.parse({
    kind,
    name: INTEGRATIONS[kind].name,
    state: 'inactive',
    configured: false,
    enabled: false,
    last_error: null,
    delivered_30d: 0,
    parked_30d: 0,
    ...fields,
  });

/** Every integration, inactive, but those given. */
export const theList = (changed: Partial<Record<IntegrationKind, Partial<IntegrationSummary>>> = {}) =>
  INTEGRATION_KINDS.map((kind) => aSummary(kind, changed[kind]));

export const someDetails = (kind: IntegrationKind, fields: Partial<IntegrationDetails> = {}): IntegrationDetails =>
  integrationDetailsSchema.parse({
    ...aSummary(kind),
    settings: Object.fromEntries(INTEGRATIONS[kind].fields.map((f) => [f.name, ''])),
    secrets_set: [],
    field_map: [{ source: 'email', target: 'email' }],
    default_field_map: [
      { source: 'email', target: 'email' },
      { source: 'first_name', target: 'firstname' },
    ],
    source_fields: ['email', 'first_name', 'last_name', 'custom:Reason for visit'],
    connection: { method: null, account: null, oauth_available: false },
    enabled_at: null,
    signature: ['signed_post', 'webhook'].includes(INTEGRATIONS[kind].transport)
      ? { header: 'Splashboard-Signature', algorithm: 'HMAC-SHA256' }
      : null,
    ...fields,
  });

export const aDelivery = (fields: Partial<Delivery> = {}): Delivery =>
  deliverySchema.parse({
    id: 1,
    guest_id: 9,
    guest: 'ana@example.test',
    action: 'upsert',
    status: 'delivered',
    attempts: 1,
    created_at: '2026-11-20T10:00:00.000Z',
    updated_at: '2026-11-20T10:00:05.000Z',
    next_attempt_at: null,
    http_status: 200,
    answer: '{"received":true}',
    ...fields,
  });

export const aLog = (items: Delivery[], total = items.length) => ({ items, metadata: { page: 1, per_page: 25, total } });
