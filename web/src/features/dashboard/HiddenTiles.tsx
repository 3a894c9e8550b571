import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import type { DashboardTileKey } from '@splashboard/contract/dashboard';
import { VisibilityIcon } from '../../components/icons.ts';

/** The tiles hidden in edit mode, each one click from coming back. */
export function HiddenTiles({ hidden, onRestore }: { hidden: DashboardTileKey[]; onRestore: (tile: DashboardTileKey) => void }) {
  const { t } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  return (
    <>
      <Button
        startIcon={<VisibilityIcon />}
        disabled={hidden.length === 0}
        onClick={(e) => setAnchor(e.currentTarget)}
        aria-haspopup="menu"
      >
        {t('dashboard.layout.restore')} ({hidden.length})
      </Button>
      <Menu anchorEl={anchor} open={Boolean(anchor) && hidden.length > 0} onClose={() => setAnchor(null)}>
        {hidden.map((tile) => (
          <MenuItem
            key={tile}
            onClick={() => {
              setAnchor(null);
              onRestore(tile);
            }}
          >
            {t('dashboard.layout.restoreOne', { tile: t(`dashboard.tiles.${tile}.title`) })}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
