// One lazy chunk for the Admins screens.
export { AdminsPage } from './AdminsPage.tsx';
export { CreateAdminPage, EditAdminPage } from './FormPages.tsx';
