import { useTranslation } from 'react-i18next';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { GATEWAY_FIELD_KEYS, type GatewayFieldKey, type RadiusGatewayType } from '@splashboard/contract';
import './radius-i18n.ts';

export interface RadiusGatewayFormValues {
  role_name: string;
  use_chap: boolean;
  use_https: boolean;
  controller_host: string;
  login_method: 'post' | 'get';
  field_names: Record<GatewayFieldKey, string>;
  uam_secret: string;
  idle_timeout: string;
  interim_interval: string;
}

const ROLE_KIND: Partial<Record<RadiusGatewayType, 'aruba' | 'ruckus' | 'ciscowlc'>> = {
  arubaiap: 'aruba',
  arubacentral: 'aruba',
  arubainstanton: 'aruba',
  aruba: 'aruba',
  ruckusunleashed: 'ruckus',
  ruckus: 'ruckus',
  ciscowlc: 'ciscowlc',
};

interface Props {
  family: RadiusGatewayType;
  values: RadiusGatewayFormValues;
  errors: Record<string, string>;
  uamSecretSet: boolean;
  onChange: (values: RadiusGatewayFormValues) => void;
}

/** The options of one family: only those that concern it are shown. */
export function RadiusGatewayOptionsForm({ family, values, errors, uamSecretSet, onChange }: Props) {
  const { t } = useTranslation();
  const set = (patch: Partial<RadiusGatewayFormValues>) => onChange({ ...values, ...patch });
  const noSpell = { htmlInput: { spellCheck: false, autoCapitalize: 'none' } };
  const role = ROLE_KIND[family];
  return (
    <Stack spacing={2}>
      {role && (
        <TextField
          label={t('radiusGateways.roleName')}
          value={values.role_name}
          error={!!errors.role_name}
          helperText={errors.role_name || t(`radiusGateways.roleNameHelp.${role}`)}
          onChange={(e) => set({ role_name: e.target.value })}
          fullWidth
          slotProps={noSpell}
        />
      )}
      {family === 'mikrotik' && (
        <Stack>
          <FormControlLabel
            control={<Switch checked={values.use_chap} onChange={(e) => set({ use_chap: e.target.checked })} />}
            label={t('radiusGateways.useChap')}
          />
          <Typography variant="body2" color="text.secondary">
            {t('radiusGateways.useChapHelp')}
          </Typography>
        </Stack>
      )}
      {(family === 'ruckus' || family === 'ruckusunleashed') && (
        <Stack>
          <FormControlLabel
            control={<Switch checked={values.use_https} onChange={(e) => set({ use_https: e.target.checked })} />}
            label={t('radiusGateways.useHttps')}
          />
          <Typography variant="body2" color="text.secondary">
            {t('radiusGateways.useHttpsHelp')}
          </Typography>
        </Stack>
      )}
      {family === 'aruba' && (
        <TextField
          label={t('radiusGateways.controllerHost')}
          value={values.controller_host}
          error={!!errors.controller_host}
          helperText={errors.controller_host || t('radiusGateways.controllerHostHelp')}
          onChange={(e) => set({ controller_host: e.target.value })}
          fullWidth
          slotProps={noSpell}
        />
      )}
      {family === 'ignitenet' && (
        <Stack spacing={2}>
          <Typography variant="subtitle1" component="h3">
            {t('radiusGateways.fieldNames')}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t('radiusGateways.fieldNamesHelp')}
          </Typography>
          {GATEWAY_FIELD_KEYS.map((key) => (
            <TextField
              key={key}
              label={t(`radiusGateways.fields.${key}`)}
              value={values.field_names[key]}
              error={!!errors[`field_names.${key}`]}
              helperText={errors[`field_names.${key}`]}
              onChange={(e) => set({ field_names: { ...values.field_names, [key]: e.target.value } })}
              fullWidth
              slotProps={noSpell}
            />
          ))}
          <TextField
            select
            label={t('radiusGateways.loginMethod')}
            value={values.login_method}
            onChange={(e) => set({ login_method: e.target.value as 'post' | 'get' })}
            fullWidth
          >
            <MenuItem value="post">POST</MenuItem>
            <MenuItem value="get">GET</MenuItem>
          </TextField>
        </Stack>
      )}
      {family === 'openmesh' && (
        <TextField
          label={t('radiusGateways.uamSecret')}
          value={values.uam_secret}
          error={!!errors.uam_secret}
          helperText={errors.uam_secret || (uamSecretSet ? t('radiusGateways.uamSecretSet') : t('radiusGateways.uamSecretHelp'))}
          onChange={(e) => set({ uam_secret: e.target.value })}
          type="password"
          autoComplete="off"
          fullWidth
        />
      )}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField
          label={t('radiusGateways.idleTimeout')}
          value={values.idle_timeout}
          error={!!errors.idle_timeout}
          helperText={errors.idle_timeout}
          onChange={(e) => set({ idle_timeout: e.target.value })}
          type="number"
          fullWidth
        />
        <TextField
          label={t('radiusGateways.interimInterval')}
          value={values.interim_interval}
          error={!!errors.interim_interval}
          helperText={errors.interim_interval}
          onChange={(e) => set({ interim_interval: e.target.value })}
          type="number"
          fullWidth
        />
      </Stack>
    </Stack>
  );
}
