import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import Drawer from '@mui/material/Drawer';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import TextField from '@mui/material/TextField';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Button from '@mui/material/Button';
import { useAppSelector } from '../app/hooks.ts';
import { matchSites } from '../app/gates.ts';
import { SWITCHER_WIDTH } from '../app/theme.ts';

export function SiteSwitcher({
  open,
  onClose,
  onChoose,
}: {
  open: boolean;
  onClose: () => void;
  onChoose: (siteId: number) => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const sites = useAppSelector((s) => s.session.user?.sites) ?? [];
  const selected = useAppSelector((s) => s.site.selectedSiteId);
  const canControlPanel = useAppSelector((s) => s.session.user?.permissions.control_panel ?? false);
  const [query, setQuery] = useState('');
  const titleId = useId();
  return (
    <Drawer
      anchor="right"
      open={open}
      onClose={onClose}
      // Above the top bar, which itself sits above the permanent side menu.
      sx={{ zIndex: (th) => th.zIndex.modal }}
      // The drawer is a dialog, named by its title.
      slotProps={{ paper: { 'aria-labelledby': titleId, sx: { width: { xs: '100%', sm: SWITCHER_WIDTH } } } }}
    >
      <Box sx={{ p: 2, display: 'flex', flexDirection: 'column', gap: 2, height: '100%' }}>
        <Typography variant="h6" component="h2" id={titleId}>
          {t('layout.selectLocation')}
        </Typography>
        <TextField
          size="small"
          label={t('layout.searchLocations')}
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          autoFocus
        />
        {canControlPanel && selected !== 0 && (
          // On phones the top bar has no room for the Control Panel button: it is here instead.
          <Button variant="outlined" onClick={() => onChoose(0)} sx={{ display: { xs: 'inline-flex', sm: 'none' } }}>
            {t('layout.controlPanel')}
          </Button>
        )}
        <List sx={{ flex: 1, overflow: 'auto' }} aria-label={t('layout.selectLocation')}>
          {matchSites(sites, query).map((site) => (
            <ListItem key={site.id} disablePadding>
              <ListItemButton selected={site.id === selected} onClick={() => onChoose(site.id)}>
                <ListItemText primary={site.name} />
              </ListItemButton>
            </ListItem>
          ))}
        </List>
        <Button
          variant="contained"
          onClick={() => {
            onClose();
            navigate('/signup/registration/deployment');
          }}
        >
          {t('layout.createLocation')}
        </Button>
      </Box>
    </Drawer>
  );
}
