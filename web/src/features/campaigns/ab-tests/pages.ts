// One lazy chunk for the splash A/B tests page.
export { AbTestsPage } from './AbTestsPage.tsx';
