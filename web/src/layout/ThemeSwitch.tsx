import { useTranslation } from 'react-i18next';
import IconButton from '@mui/material/IconButton';
import DarkModeOutlined from '@mui/icons-material/DarkModeOutlined';
import LightModeOutlined from '@mui/icons-material/LightModeOutlined';
import { useUiSettings } from '../app/UiSettings.tsx';

/** Turns the dark theme on or off (a pressed toggle), for the pages that have no account menu. */
export function ThemeSwitch() {
  const { t } = useTranslation();
  const { settings, update } = useUiSettings();
  const dark = settings.theme === 'dark';
  return (
    <IconButton
      size="small"
      aria-label={t('common.darkTheme')}
      aria-pressed={dark}
      onClick={() => update({ theme: dark ? 'light' : 'dark' })}
    >
      {dark ? <LightModeOutlined fontSize="small" /> : <DarkModeOutlined fontSize="small" />}
    </IconButton>
  );
}
