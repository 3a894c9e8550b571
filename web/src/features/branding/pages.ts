// One lazy chunk for the Branding screens.
import './i18n.ts';
export { BrandingIndexPage } from './BrandingIndexPage.tsx';
export { SectionPage } from './SectionPage.tsx';
