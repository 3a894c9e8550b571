import { createTheme } from '@mui/material/styles';

export const DRAWER_WIDTH = 256;
export const TOP_BAR_HEIGHT = 64;
export const SWITCHER_WIDTH = 500;

export function makeTheme(mode: 'light' | 'dark') {
  return createTheme({
    direction: 'ltr',
    palette: { mode, primary: { main: '#1565c0' }, secondary: { main: '#00897b' } },
    breakpoints: { values: { xs: 0, sm: 600, md: 1000, lg: 1200, xl: 1920 } },
    typography: { fontFamily: 'Roboto, "Helvetica Neue", Arial, sans-serif' },
    shape: { borderRadius: 8 },
  });
}
