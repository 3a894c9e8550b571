import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import Button from '@mui/material/Button';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { BrandingLoginPage } from '@splashboard/contract';
import { useAppSelector } from '../app/hooks.ts';
import { LanguageSwitch } from './LanguageSwitch.tsx';
import { ThemeSwitch } from './ThemeSwitch.tsx';

/**
 * The frame of the pages outside the side-menu layout: a card in the middle of the screen, with a
 * language switch and a dark theme switch (so that they can be chosen before signing in) and, for a signed-in
 * user (sign-up steps, first location), a way to log out, as these pages have no top bar. The whole frame is the
 * page's main landmark, as these pages have nothing else.
 */
export function CenteredCard({
  title,
  children,
  brand,
}: {
  title: string;
  children: ReactNode;
  /** The sign-in page's branding (a provider's white-label domain): logo, background, heading and subheading. */
  brand?: BrandingLoginPage | null;
}) {
  const { t } = useTranslation();
  const signedIn = useAppSelector((s) => Boolean(s.session.user));
  return (
    <Box
      component="main"
      sx={{
        minHeight: '100vh',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        p: 2,
        bgcolor: brand?.background_color || 'background.default',
        ...(brand?.background_image && {
          backgroundImage: `url("${encodeURI(brand.background_image)}")`,
          backgroundSize: 'cover',
          backgroundPosition: 'center',
        }),
      }}
    >
      <Paper sx={{ p: { xs: 3, sm: 4 }, width: '100%', maxWidth: 440 }} elevation={3}>
        {brand?.logo_image && (
          <Box component="img" src={brand.logo_image} alt="" sx={{ display: 'block', maxHeight: 64, maxWidth: '100%', mb: 2 }} />
        )}
        <Typography variant="h5" component="h1" gutterBottom>
          {brand?.heading || title}
        </Typography>
        {brand?.subheading && (
          <Typography color="text.secondary" sx={{ mb: 2 }}>
            {brand.subheading}
          </Typography>
        )}
        {children}
        <Box sx={{ mt: 2, display: 'flex', justifyContent: 'flex-end', alignItems: 'center', gap: 1 }}>
          {signedIn && (
            <Button size="small" color="inherit" component={RouterLink} to="/logout">
              {t('auth.logout')}
            </Button>
          )}
          <ThemeSwitch />
          <LanguageSwitch />
        </Box>
      </Paper>
    </Box>
  );
}
