import { useTranslation } from 'react-i18next';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ApiRouterSettings } from '@splashboard/contract';
import { CopyButton } from './CopyButton.tsx';

/** The exact values the operator enters on their controller, each with a copy button. */
export function ApiRouterInstructions({ settings }: { settings: ApiRouterSettings }) {
  const { t } = useTranslation();
  const family = settings.family;
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Stack spacing={1.5}>
        <Typography variant="h6" component="h2">
          {t('apiRouters.instructionsTitle')}
        </Typography>
        <Typography>{t(`apiRouters.${family}.instructionsIntro`)}</Typography>
        {settings.instructions.map(({ key, value }) => {
          const label = t(`apiRouters.${family}.instructions.${key}`, { defaultValue: t(`apiRouters.instructions.${key}`) });
          return (
            <Stack key={key}>
              <Typography variant="body2" color="text.secondary">
                {label}
              </Typography>
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                <Typography component="code" sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }}>
                  {value}
                </Typography>
                <CopyButton text={value} label={t('routers.copyValue', { what: label })} />
              </Stack>
            </Stack>
          );
        })}
        <Typography variant="body2" color="text.secondary">
          {t(`apiRouters.${family}.instructionsNote`)}
        </Typography>
      </Stack>
    </Paper>
  );
}
