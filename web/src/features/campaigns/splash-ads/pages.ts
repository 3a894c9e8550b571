// One lazy chunk for the splash-page ads screens.
export { SplashAdsPage } from './SplashAdsPage.tsx';
export { SplashAdEditorPage } from './SplashAdEditorPage.tsx';
