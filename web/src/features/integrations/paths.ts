import { CONNECTION_KINDS, INTEGRATION_KINDS, type IntegrationKind } from '@splashboard/contract/integrations';

export const LIST_PAGE = '/app/settings-view/integrations';
export const INACTIVE_PAGE = '/app/settings-view/integrations/inactive';
export const integrationPage = (kind: IntegrationKind) => `/app/settings-view/${kind}`;
export const connectionPage = (kind: IntegrationKind) => `/app/settings-view/${kind}/connection`;

/** The site's integrations API, and one integration's. */
export const integrationsApi = (siteId: number) => `/s/${siteId}/api/v1/integrations`;
export const integrationApi = (siteId: number, kind: IntegrationKind) => `${integrationsApi(siteId)}/${kind}`;

export const isKind = (kind: string | undefined): kind is IntegrationKind =>
  (INTEGRATION_KINDS as readonly string[]).includes(kind ?? '');
export const hasConnectionPage = (kind: IntegrationKind) => CONNECTION_KINDS.includes(kind);
