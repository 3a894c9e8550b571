import { useTranslation } from 'react-i18next';
import TextField from '@mui/material/TextField';
import MenuItem from '@mui/material/MenuItem';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Switch from '@mui/material/Switch';
import Box from '@mui/material/Box';
import { UNIFI_MODES, type UnifiMode } from '@splashboard/contract';

export interface UnifiFormValues {
  url: string;
  username: string;
  password: string;
  site: string;
  skip_tls_verify: boolean;
  mode: UnifiMode;
}

interface Props {
  values: UnifiFormValues;
  errors: Record<string, string>;
  passwordSet: boolean;
  onChange: (values: UnifiFormValues) => void;
}

export function UnifiForm({ values, errors, passwordSet, onChange }: Props) {
  const { t } = useTranslation();
  const text = (key: 'url' | 'username' | 'site', help: string, extra: { placeholder?: string; autoComplete?: string } = {}) => (
    <TextField
      label={t(`routers.unifi.${key}`)}
      value={values[key]}
      error={!!errors[key]}
      helperText={errors[key] || help}
      onChange={(e) => onChange({ ...values, [key]: e.target.value })}
      required={key !== 'site'}
      fullWidth
      slotProps={{ htmlInput: { spellCheck: false, autoCapitalize: 'none' } }}
      {...extra}
    />
  );
  return (
    <>
      {text('url', t('routers.unifi.urlHelp'), { placeholder: 'https://', autoComplete: 'off' })}
      {text('username', t('routers.unifi.usernameHelp'), { autoComplete: 'off' })}
      <TextField
        label={t('routers.unifi.password')}
        type="password"
        value={values.password}
        error={!!errors.password}
        helperText={errors.password || (passwordSet ? t('routers.unifi.passwordSet') : '')}
        onChange={(e) => onChange({ ...values, password: e.target.value })}
        required={!passwordSet}
        autoComplete="new-password"
        fullWidth
      />
      {text('site', t('routers.unifi.siteHelp'))}
      <TextField
        select
        label={t('routers.unifi.mode')}
        value={values.mode}
        error={!!errors.mode}
        helperText={errors.mode}
        onChange={(e) => onChange({ ...values, mode: e.target.value as UnifiMode })}
        fullWidth
      >
        {UNIFI_MODES.map((m) => (
          <MenuItem key={m} value={m}>
            {t(`routers.unifi.modes.${m}`)}
          </MenuItem>
        ))}
      </TextField>
      <Box>
        <FormControlLabel
          control={
            <Switch
              checked={values.skip_tls_verify}
              onChange={(e) => onChange({ ...values, skip_tls_verify: e.target.checked })}
            />
          }
          label={t('routers.unifi.skipTls')}
        />
        <FormHelperText error={!!errors.skip_tls_verify}>
          {errors.skip_tls_verify || t('routers.unifi.skipTlsHelp')}
        </FormHelperText>
      </Box>
    </>
  );
}
