import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Collapse from '@mui/material/Collapse';
import { useAppSelector } from '../app/hooks.ts';
import type { MenuItem, SideMenus } from '../app/feature.ts';
import { visibleItems } from './visibleItems.ts';
import { ExpandLessIcon as ExpandLess, ExpandMoreIcon as ExpandMore } from '../components/icons.ts';

export function SideMenu({ menus, onNavigate }: { menus: SideMenus; onNavigate: () => void }) {
  const { t } = useTranslation();
  const siteId = useAppSelector((s) => s.site.selectedSiteId);
  const permissions = useAppSelector((s) => s.site.settings?.permissions) ?? {};
  const items = visibleItems(siteId === 0 ? menus.controlPanel : menus.site, permissions);
  return (
    <List component="nav" aria-label="main" dense>
      {items.map((item) => (
        <Entry key={item.path} item={item} label={t} onNavigate={onNavigate} />
      ))}
    </List>
  );
}

function Entry({
  item,
  label,
  onNavigate,
  depth = 0,
}: {
  item: MenuItem;
  label: (k: string) => string;
  onNavigate: () => void;
  depth?: number;
}) {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [open, setOpen] = useState(pathname.startsWith(item.path));
  const selected = pathname === item.path || (!item.children && pathname.startsWith(item.path + '/'));
  if (item.children) {
    return (
      <>
        <ListItemButton onClick={() => setOpen(!open)} sx={{ pl: 2 + depth * 2 }}>
          <ListItemText primary={label(item.label)} />
          {open ? <ExpandLess /> : <ExpandMore />}
        </ListItemButton>
        <Collapse in={open} unmountOnExit>
          <List disablePadding dense>
            {item.children.map((child) => (
              <Entry key={child.path} item={child} label={label} onNavigate={onNavigate} depth={depth + 1} />
            ))}
          </List>
        </Collapse>
      </>
    );
  }
  return (
    <ListItemButton
      selected={selected}
      sx={{ pl: 2 + depth * 2 }}
      onClick={() => {
        navigate(item.path);
        onNavigate();
      }}
    >
      <ListItemText primary={label(item.label)} />
    </ListItemButton>
  );
}
