// SEAM: the helper building these pages replaces this file.
export const SplashAdsPage = () => null;
export const SplashAdEditorPage = () => null;
