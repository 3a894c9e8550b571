import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnackbar } from 'notistack';
import Stack from '@mui/material/Stack';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import Alert from '@mui/material/Alert';
import { get, post } from '../../app/api.ts';

interface ApiKey {
  apikey: string | null;
  masked: boolean;
}

export function ApiKeyTab() {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const [key, setKey] = useState<ApiKey | null>(null);
  useEffect(() => {
    get<ApiKey>('/a/api/v1/profile/apikey').then(setKey, () => setKey({ apikey: null, masked: true }));
  }, []);
  if (!key) return null;
  return (
    <Stack spacing={2}>
      <Typography color="text.secondary">{t('account.apikeyHelp')}</Typography>
      {key.apikey ? (
        <Typography component="code" data-testid="apikey" sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }}>
          {key.apikey}
        </Typography>
      ) : (
        <Typography>{t('account.apikeyNone')}</Typography>
      )}
      {!key.masked && <Alert severity="warning">{t('account.apikeyShownOnce')}</Alert>}
      <Button
        variant="contained"
        sx={{ alignSelf: 'flex-start' }}
        onClick={() =>
          post<ApiKey>('/a/api/v1/profile/apikey/reset').then(setKey, () =>
            enqueueSnackbar(t('common.somethingWentWrong'), { variant: 'error' }),
          )
        }
      >
        {t('account.apikeyReset')}
      </Button>
    </Stack>
  );
}
