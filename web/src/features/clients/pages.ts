// One lazy chunk for the Clients screens and the client access page.
export { ClientsPage } from './ClientsPage.tsx';
export { CreateClientPage, EditClientPage } from './FormPages.tsx';
export { ClientAccessPage } from './ClientAccessPage.tsx';
export { SubscriptionExpiredPage } from './SubscriptionExpiredPage.tsx';
