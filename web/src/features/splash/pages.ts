// The designer's pages, loaded lazily on their routes (they bring the guest page components along).
export { SplashPagesPage } from './SplashPagesPage.tsx';
export { ScreenStylesPage } from './ScreenStylesPage.tsx';
