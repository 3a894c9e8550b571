import { useTranslation } from 'react-i18next';
import Stack from '@mui/material/Stack';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { DashboardTileKey } from '@splashboard/contract/dashboard';
import type { DashboardState } from './layoutState.ts';
import { HiddenTiles } from './HiddenTiles.tsx';
import { EditIcon, SaveIcon } from '../../components/icons.ts';

/** Edit mode: toggled on, then saved or cancelled; hidden tiles restored from here. */
export function LayoutToolbar({
  state,
  onToggle,
  onSave,
  onRestore,
  onDefaults,
}: {
  state: DashboardState;
  onToggle: () => void;
  onSave: () => void;
  onRestore: (tile: DashboardTileKey) => void;
  onDefaults: () => void;
}) {
  const { t } = useTranslation();
  if (!state.editState)
    return (
      <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
        <Button startIcon={<EditIcon />} onClick={onToggle} disabled={state.loading}>
          {t('dashboard.layout.edit')}
        </Button>
      </Stack>
    );
  return (
    <Stack spacing={1} sx={{ p: 1.5, borderRadius: 1, bgcolor: 'action.hover' }}>
      <Typography variant="body2">{t('dashboard.layout.editing')}</Typography>
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Button variant="contained" startIcon={<SaveIcon />} onClick={onSave} disabled={state.saveInProgress}>
          {state.saveInProgress ? t('dashboard.layout.saving') : t('dashboard.layout.save')}
        </Button>
        <Button onClick={onToggle} disabled={state.saveInProgress}>
          {t('dashboard.layout.cancel')}
        </Button>
        <HiddenTiles hidden={state.hidden} onRestore={onRestore} />
        <Button onClick={onDefaults} disabled={state.saveInProgress}>
          {t('dashboard.layout.reset')}
        </Button>
      </Stack>
    </Stack>
  );
}
