import { useTranslation } from 'react-i18next';
import IconButton from '@mui/material/IconButton';
import { useUiSettings } from '../app/UiSettings.tsx';
import { DarkModeOutlinedIcon as DarkModeOutlined, LightModeOutlinedIcon as LightModeOutlined } from '../components/icons.ts';

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
