import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import { useUiSettings } from '../app/UiSettings.tsx';

/** Switches between the two languages; the button names the other one, in that language. */
export function LanguageSwitch() {
  const { t } = useTranslation();
  const { settings, update } = useUiSettings();
  const spanish = settings.language === 'es-ES';
  return (
    <Button size="small" lang={spanish ? 'en-US' : 'es-ES'} onClick={() => update({ language: spanish ? 'en-US' : 'es-ES' })}>
      {spanish ? t('common.english') : t('common.spanish')}
    </Button>
  );
}
