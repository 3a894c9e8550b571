// The integrations area's pages, in one chunk loaded by index.ts.
export { IntegrationsListPage, InactiveIntegrationsPage } from './IntegrationsListPage.tsx';
export { IntegrationPage } from './IntegrationPage.tsx';
export { ConnectionPage } from './ConnectionPage.tsx';
