import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { SMS_REQUEST_TYPES, SMS_TIMEOUT_MAX, SMS_TIMEOUT_MIN, type SmsRequestType } from '@splashboard/contract';
import type { SmsFieldsProps } from './smsForm.ts';

const noSpellCheck = { htmlInput: { spellCheck: false, autoCapitalize: 'none' } };

/** On or off, where the gateway is, how it is called and how long to wait for it. */
export function SmsGatewayFields({ values, errors, disabled, onChange }: SmsFieldsProps) {
  const { t } = useTranslation();
  return (
    <>
      <Box>
        <FormControlLabel
          control={
            <Switch
              checked={values.enabled}
              disabled={disabled}
              onChange={(e) => onChange({ ...values, enabled: e.target.checked })}
            />
          }
          label={t('sms.enabled')}
        />
        <FormHelperText error={!!errors.enabled}>{errors.enabled || t('sms.enabledHelp')}</FormHelperText>
      </Box>
      <TextField
        label={t('sms.url')}
        value={values.url}
        error={!!errors.url}
        helperText={errors.url || t('sms.urlHelp')}
        onChange={(e) => onChange({ ...values, url: e.target.value })}
        disabled={disabled}
        placeholder="https://"
        autoComplete="off"
        fullWidth
        slotProps={noSpellCheck}
      />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField
          select
          label={t('sms.requestType')}
          value={values.request_type}
          error={!!errors.request_type}
          helperText={errors.request_type}
          onChange={(e) => onChange({ ...values, request_type: e.target.value as SmsRequestType })}
          disabled={disabled}
          fullWidth
        >
          {SMS_REQUEST_TYPES.map((type) => (
            <MenuItem key={type} value={type}>
              {t(`sms.requestTypes.${type}`)}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          label={t('sms.timeout')}
          type="number"
          value={values.timeout}
          error={!!errors.timeout}
          helperText={errors.timeout || t('sms.timeoutHelp')}
          onChange={(e) => onChange({ ...values, timeout: e.target.value })}
          disabled={disabled}
          sx={{ minWidth: { sm: 200 } }}
          slotProps={{ htmlInput: { min: SMS_TIMEOUT_MIN, max: SMS_TIMEOUT_MAX, step: 1, inputMode: 'numeric' } }}
        />
      </Stack>
    </>
  );
}
