import { useTranslation } from 'react-i18next';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { SMS_AUTH_TYPES, type SmsAuthType, type SmsGateway } from '@splashboard/contract';
import type { SmsFieldsProps } from './smsForm.ts';

const noSpellCheck = { htmlInput: { spellCheck: false, autoCapitalize: 'none' } };

/** The authentication type, and only the fields that type uses. Saved secrets show as saved, never their value. */
export function SmsAuthFields({ values, errors, disabled, onChange, saved }: SmsFieldsProps & { saved: SmsGateway }) {
  const { t } = useTranslation();
  const savedHelp = (set: boolean, hint = '') => (!set ? '' : hint ? t('sms.secretSetHint', { hint }) : t('sms.secretSet'));
  return (
    <>
      <TextField
        select
        label={t('sms.authType')}
        value={values.auth_type}
        error={!!errors.auth_type}
        helperText={errors.auth_type}
        onChange={(e) => onChange({ ...values, auth_type: e.target.value as SmsAuthType })}
        disabled={disabled}
        fullWidth
      >
        {SMS_AUTH_TYPES.map((type) => (
          <MenuItem key={type} value={type}>
            {t(`sms.authTypes.${type}`)}
          </MenuItem>
        ))}
      </TextField>
      {values.auth_type === 'httpbasic' && (
        <>
          <TextField
            label={t('sms.username')}
            value={values.username}
            error={!!errors.username}
            helperText={errors.username}
            onChange={(e) => onChange({ ...values, username: e.target.value })}
            disabled={disabled}
            autoComplete="off"
            fullWidth
            slotProps={noSpellCheck}
          />
          <TextField
            label={t('sms.password')}
            type="password"
            value={values.password}
            error={!!errors.password}
            helperText={errors.password || (saved.password_set ? t('sms.passwordSet') : '')}
            onChange={(e) => onChange({ ...values, password: e.target.value })}
            disabled={disabled}
            autoComplete="new-password"
            fullWidth
          />
        </>
      )}
      {values.auth_type === 'apiheader' && (
        <>
          <TextField
            label={t('sms.headerName')}
            value={values.api_header_name}
            error={!!errors.api_header_name}
            helperText={errors.api_header_name || t('sms.headerNameHelp')}
            onChange={(e) => onChange({ ...values, api_header_name: e.target.value })}
            disabled={disabled}
            autoComplete="off"
            fullWidth
            slotProps={noSpellCheck}
          />
          <TextField
            label={t('sms.headerValue')}
            type="password"
            value={values.api_header_value}
            error={!!errors.api_header_value}
            helperText={errors.api_header_value || savedHelp(saved.api_header_value_set, saved.api_header_value_hint)}
            onChange={(e) => onChange({ ...values, api_header_value: e.target.value })}
            disabled={disabled}
            autoComplete="new-password"
            fullWidth
          />
        </>
      )}
    </>
  );
}
