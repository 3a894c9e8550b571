import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useStore } from 'react-redux';
import { useSnackbar } from 'notistack';
import AppBar from '@mui/material/AppBar';
import Toolbar from '@mui/material/Toolbar';
import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Button from '@mui/material/Button';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import ListItemText from '@mui/material/ListItemText';
import Switch from '@mui/material/Switch';
import { useUiSettings } from '../app/UiSettings.tsx';
import { useAppSelector } from '../app/hooks.ts';
import { loadSite, logout } from '../app/session.ts';
import type { Store } from '../app/store.ts';
import type { SideMenus } from '../app/feature.ts';
import { DRAWER_WIDTH, TOP_BAR_HEIGHT } from '../app/theme.ts';
import { SideMenu } from './SideMenu.tsx';
import { SiteSwitcher } from './SiteSwitcher.tsx';
import { Banners } from './Banners.tsx';
import { Logo } from './Logo.tsx';
import { BrandFooter } from './BrandFooter.tsx';
import { MenuIcon, AccountCircleIcon as AccountCircle } from '../components/icons.ts';

export function AppLayout({ children, menus }: { children: ReactNode; menus: SideMenus }) {
  const { t } = useTranslation();
  const theme = useTheme();
  const permanent = useMediaQuery(theme.breakpoints.up('lg'));
  const wide = useMediaQuery(theme.breakpoints.up('md'));
  const navigate = useNavigate();
  const store = useStore() as Store;
  const { enqueueSnackbar } = useSnackbar();
  const { settings, update } = useUiSettings();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [switcherOpen, setSwitcherOpen] = useState(false);
  const [accountAnchor, setAccountAnchor] = useState<HTMLElement | null>(null);
  const siteId = useAppSelector((s) => s.site.selectedSiteId);
  const canControlPanel = useAppSelector((s) => s.session.user?.permissions.control_panel ?? false);
  // The account's top bar colours (provider plan's branding), else the theme's.
  const header = useAppSelector((s) => s.brand.header);
  const barColours = {
    ...(header?.background_color && { bgcolor: header.background_color }),
    ...(header?.text_color && { color: header.text_color }),
  };

  const chooseSite = async (id: number) => {
    setSwitcherOpen(false);
    try {
      await loadSite(store, id);
      navigate(`/app/reports/dashboard?site=${id}`);
    } catch {
      enqueueSnackbar(t('layout.noSite', { id }), { variant: 'error' });
    }
  };

  const signOut = async () => {
    setAccountAnchor(null);
    try {
      await logout(store);
    } catch {
      enqueueSnackbar(t('auth.logoutFailed'), { variant: 'error' });
    }
    navigate('/login');
  };

  const drawer = (
    <Box sx={{ width: DRAWER_WIDTH, pt: permanent ? `${TOP_BAR_HEIGHT}px` : 0 }}>
      {!permanent && (
        // Over the top bar, the temporary drawer carries the product mark itself.
        <Box
          sx={{
            height: TOP_BAR_HEIGHT,
            px: 2,
            display: 'flex',
            alignItems: 'center',
            bgcolor: 'primary.main',
            color: '#fff',
            ...barColours,
          }}
          onClick={() => setDrawerOpen(false)}
        >
          <Logo showName />
        </Box>
      )}
      <SideMenu menus={menus} onNavigate={() => setDrawerOpen(false)} />
    </Box>
  );

  return (
    <Box sx={{ display: 'flex', minHeight: '100vh' }}>
      <AppBar position="fixed" data-testid="top-bar" sx={{ zIndex: (th) => th.zIndex.drawer + 1, ...barColours }}>
        <Toolbar sx={{ minHeight: `${TOP_BAR_HEIGHT}px !important`, gap: 1 }}>
          {!permanent && (
            <IconButton color="inherit" edge="start" aria-label={t('layout.openMenu')} onClick={() => setDrawerOpen(true)}>
              <MenuIcon />
            </IconButton>
          )}
          <Logo />
          <Box sx={{ flex: 1, minWidth: 0 }}>{wide && <Banners />}</Box>
          {canControlPanel && siteId !== 0 && (
            <Button color="inherit" onClick={() => chooseSite(0)} sx={{ display: { xs: 'none', sm: 'inline-flex' } }}>
              {t('layout.controlPanel')}
            </Button>
          )}
          <Button color="inherit" variant="outlined" size="small" onClick={() => setSwitcherOpen(true)}>
            {siteId === 0 ? t('layout.goToSites') : t('layout.switchSite')}
          </Button>
          <IconButton color="inherit" aria-label={t('layout.account')} onClick={(e) => setAccountAnchor(e.currentTarget)}>
            <AccountCircle />
          </IconButton>
          <Menu anchorEl={accountAnchor} open={Boolean(accountAnchor)} onClose={() => setAccountAnchor(null)}>
            <MenuItem
              onClick={() => {
                setAccountAnchor(null);
                navigate('/app/account');
              }}
            >
              {t('layout.account')}
            </MenuItem>
            <MenuItem
              onClick={() => {
                setAccountAnchor(null);
                update({ theme: settings.theme === 'dark' ? 'light' : 'dark' });
              }}
            >
              <ListItemText>{t('common.darkTheme')}</ListItemText>
              <Switch
                size="small"
                edge="end"
                checked={settings.theme === 'dark'}
                slotProps={{ input: { 'aria-label': t('common.darkTheme') } }}
              />
            </MenuItem>
            <MenuItem
              onClick={() => {
                setAccountAnchor(null);
                update({ language: settings.language === 'es-ES' ? 'en-US' : 'es-ES' });
              }}
            >
              {settings.language === 'es-ES' ? t('common.english') : t('common.spanish')}
            </MenuItem>
            <MenuItem onClick={signOut}>{t('auth.logout')}</MenuItem>
          </Menu>
        </Toolbar>
      </AppBar>
      {permanent ? (
        <Drawer variant="permanent" sx={{ width: DRAWER_WIDTH, flexShrink: 0, '& .MuiDrawer-paper': { width: DRAWER_WIDTH } }}>
          {drawer}
        </Drawer>
      ) : (
        <Drawer
          variant="temporary"
          open={drawerOpen}
          onClose={() => setDrawerOpen(false)}
          ModalProps={{ keepMounted: true }}
          sx={{ zIndex: (th) => th.zIndex.modal }}
        >
          {drawer}
        </Drawer>
      )}
      <SiteSwitcher open={switcherOpen} onClose={() => setSwitcherOpen(false)} onChoose={chooseSite} />
      <Box
        component="main"
        sx={{ flex: 1, minWidth: 0, p: { xs: 2, md: 3 }, pt: { xs: `${TOP_BAR_HEIGHT + 16}px`, md: `${TOP_BAR_HEIGHT + 24}px` } }}
      >
        {/* Below md the banner has no room in the top bar: it leads the page instead, at any height. */}
        {!wide && (
          <Box sx={{ mb: 2 }}>
            <Banners />
          </Box>
        )}
        {children}
        <BrandFooter />
      </Box>
    </Box>
  );
}
