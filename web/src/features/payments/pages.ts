// One lazy chunk for the paid Wi-Fi screens.
export { PackagesPage } from './PackagesPage.tsx';
export { PackageFormPage } from './PackageFormPage.tsx';
export { TransactionsPage } from './TransactionsPage.tsx';
export { AccountsPage } from './AccountsPage.tsx';
export { AccountDetailsPage } from './AccountDetailsPage.tsx';
export { CustomerPortalPage } from './CustomerPortalPage.tsx';
