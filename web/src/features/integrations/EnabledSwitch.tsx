import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnackbar } from 'notistack';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import { put } from '../../app/api.ts';
import { useErrorText } from '../../app/errorText.ts';

/** Turns the integration on or off at once (the server refuses "on" until its settings are complete). */
export function EnabledSwitch({
  api,
  name,
  enabled,
  onChanged,
}: {
  api: string;
  name: string;
  enabled: boolean;
  onChanged: () => Promise<void>;
}) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const errorText = useErrorText();
  const [busy, setBusy] = useState(false);
  const change = async (on: boolean) => {
    setBusy(true);
    try {
      await put(api, { enabled: on });
      await onChanged();
      enqueueSnackbar(t(on ? 'integrations.turnedOn' : 'integrations.turnedOff', { name }), { variant: 'success' });
    } catch (err) {
      enqueueSnackbar(errorText.error(err, t('common.saveFailed')), { variant: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack>
      <FormControlLabel
        control={<Switch checked={enabled} disabled={busy} onChange={(e) => void change(e.target.checked)} />}
        label={t('integrations.enabled', { name })}
      />
      <FormHelperText sx={{ mt: 0 }}>{t('integrations.enabledHelp')}</FormHelperText>
    </Stack>
  );
}
