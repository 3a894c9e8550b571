import { createTheme } from '@mui/material/styles';

export const DRAWER_WIDTH = 256;
export const TOP_BAR_HEIGHT = 64;
export const SWITCHER_WIDTH = 500;

/**
 * Each colour reads at 4.5:1 or more (WCAG AA for text) where text takes it: on the page's background (text
 * buttons, links, tabs, outlined chips) and under its own text (contained buttons, filled chips). The dark
 * palette has lighter shades, as the light palette's blue is 3.3:1 on the dark background.
 */
const PALETTES = {
  light: {
    primary: { main: '#1565c0' },
    secondary: { main: '#00796b' },
    warning: { main: '#c25100' },
    info: { main: '#0277bd' },
  },
  dark: {
    primary: { main: '#90caf9' },
    secondary: { main: '#4db6ac' },
  },
};

export function makeTheme(mode: 'light' | 'dark') {
  return createTheme({
    direction: 'ltr',
    // MUI's default threshold (3) puts white on colours where it reads at less than 4.5:1.
    palette: { mode, contrastThreshold: 4.5, ...PALETTES[mode] },
    breakpoints: { values: { xs: 0, sm: 600, md: 1000, lg: 1200, xl: 1920 } },
    typography: { fontFamily: 'Roboto, "Helvetica Neue", Arial, sans-serif' },
    shape: { borderRadius: 8 },
  });
}
