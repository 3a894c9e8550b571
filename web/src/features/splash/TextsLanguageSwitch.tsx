import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import type { GuestLang } from '@splashboard/splash';

/** Which guest language the designer's texts edit, and the preview shows. */
export function TextsLanguageSwitch({ lang, onChange }: { lang: GuestLang; onChange(lang: GuestLang): void }) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <Stack spacing={0.5}>
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
        <Typography id={id} variant="subtitle2" component="span">
          {t('splash.texts.language')}
        </Typography>
        <ToggleButtonGroup
          size="small"
          exclusive
          value={lang}
          onChange={(_, next: GuestLang | null) => next && onChange(next)}
          aria-labelledby={id}
        >
          <ToggleButton value="en-US" lang="en">
            {t('common.english')}
          </ToggleButton>
          <ToggleButton value="es-ES" lang="es">
            {t('common.spanish')}
          </ToggleButton>
        </ToggleButtonGroup>
      </Stack>
      <Typography variant="body2" color="text.secondary">
        {lang === 'es-ES' ? t('splash.texts.spanishHelp') : t('splash.texts.englishHelp')}
      </Typography>
    </Stack>
  );
}
