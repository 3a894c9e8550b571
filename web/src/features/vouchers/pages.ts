// One lazy chunk for the Vouchers and Multi-Site Vouchers screens.
export { ManagePage } from './ManagePage.tsx';
export { CreatePage } from './CreatePage.tsx';
export { DesignPage } from './DesignPage.tsx';
export { DetailsPage } from './DetailsPage.tsx';
