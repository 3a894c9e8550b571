// One lazy chunk for the Guest Accounts screens.
export { ManagePage } from './ManagePage.tsx';
export { CreatePage, EditPage } from './FormPages.tsx';
export { DetailsPage } from './DetailsPage.tsx';
