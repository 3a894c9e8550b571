import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  BIRTHDAY_FORMATS,
  BYTES_TYPES,
  DAILY_TRIAL_LIMITS,
  DURATION_TYPES,
  PAGE_FREQUENCIES,
  RELOGIN_POLICIES,
  WIFI4EU_LANGUAGES,
  type LoginMethodPath,
} from '@splashboard/contract';
import { OptionsField } from './OptionsField.tsx';

type Values = Record<string, unknown>;
type Unit = 'minutes' | 'mb' | 'kbps' | 'years';

interface Props {
  path: LoginMethodPath;
  values: Values;
  onChange(patch: Values): void;
  errors: Record<string, string>;
  disabled: boolean;
  serverText(message: string): string;
}

/** The data allowance key of a method (guest accounts count bytes_t with its own unit). */
const dataKeyOf = (values: Values) => ('data_limit' in values ? 'data_limit' : 'bytes_t');

/**
 * A method's advanced settings: only the ones its values have, with their units (minutes, MB, Kbps).
 * Unlimited speed and data are what zero limits mean: turning one on sets its limits to zero, as the
 * server does; turning it off asks for a limit.
 */
export function ValuesEditor({ path, values, onChange, errors, disabled, serverText }: Props) {
  const { t, i18n } = useTranslation();
  const has = (key: string) => key in values;
  const label = (key: string) => t(`splash.values.${key}`);
  const err = (key: string) => (errors[key] ? serverText(errors[key]) : undefined);
  const languageNames = new Intl.DisplayNames([i18n.language], { type: 'language' });

  const toggle = (key: string, help?: string, onToggle?: (on: boolean) => Values) =>
    has(key) && (
      <Stack key={key} spacing={0}>
        <FormControlLabel
          control={
            <Switch
              checked={values[key] === true}
              disabled={disabled}
              onChange={(e) => onChange({ [key]: e.target.checked, ...onToggle?.(e.target.checked) })}
            />
          }
          label={label(key)}
        />
        {(err(key) || help) && <FormHelperText error={!!err(key)}>{err(key) ?? help}</FormHelperText>}
      </Stack>
    );
  const int = (key: string, unit?: Unit, help?: string) =>
    has(key) && (
      <TextField
        key={key}
        size="small"
        type="number"
        label={label(key)}
        value={typeof values[key] === 'number' ? values[key] : ''}
        disabled={disabled}
        error={!!err(key)}
        helperText={err(key) ?? help}
        onChange={(e) => onChange({ [key]: e.target.value === '' ? '' : Number(e.target.value) })}
        slotProps={{
          htmlInput: { min: 0, step: 1 },
          input: unit ? { endAdornment: <InputAdornment position="end">{t(`splash.units.${unit}`)}</InputAdornment> } : undefined,
        }}
        sx={{ maxWidth: 260 }}
      />
    );
  const text = (key: string, help?: string, max = 300) =>
    has(key) && (
      <TextField
        key={key}
        size="small"
        label={label(key)}
        value={String(values[key] ?? '')}
        disabled={disabled}
        error={!!err(key)}
        helperText={err(key) ?? help}
        onChange={(e) => onChange({ [key]: e.target.value })}
        slotProps={{ htmlInput: { maxLength: max } }}
      />
    );
  const select = (key: string, options: readonly string[], optionLabel: (o: string) => string) =>
    has(key) && (
      <TextField
        key={key}
        select
        size="small"
        label={label(key)}
        value={String(values[key] ?? '')}
        disabled={disabled}
        error={!!err(key)}
        helperText={err(key)}
        onChange={(e) => onChange({ [key]: e.target.value })}
        sx={{ maxWidth: 360 }}
      >
        {options.map((o) => (
          <MenuItem key={o} value={o}>
            {optionLabel(o)}
          </MenuItem>
        ))}
      </TextField>
    );
  const emails = (key: string) =>
    has(key) && (
      <OptionsField
        key={key}
        separator="comma"
        label={label(key)}
        options={(values[key] as string[] | undefined) ?? []}
        disabled={disabled}
        error={err(key)}
        onChange={(list) => onChange({ [key]: list })}
      />
    );
  const row = (...children: ReactNode[]) => (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
      {children}
    </Stack>
  );

  const dataKey = dataKeyOf(values);
  const parts = [
    select('relogin_policy', RELOGIN_POLICIES, (o) => t(`splash.values.reloginPolicies.${o}`)),
    select('frequency', PAGE_FREQUENCIES, (o) => t(`splash.values.frequencies.${o}`)),
    toggle('enable_verification', t(`splash.values.verificationHelp.${path === 'phoneconfig' ? 'phoneconfig' : 'emailconfig'}`)),
    text('sms_text', t('splash.values.smsTextHelp')),
    toggle('enable_validation'),
    toggle('enable_grace_period'),
    values.enable_grace_period === true && int('grace_period_duration', 'minutes'),
    text('password', t('splash.values.passwordHelp'), 100),
    int('min_allowed_age', 'years'),
    select('birthday_format', BIRTHDAY_FORMATS, (o) => o),
    toggle('collect_birthday'),
    toggle('collect_gender'),
    toggle('collect_location'),
    text('fb_page', undefined, 500),
    toggle('auth_fb_post'),
    toggle('selftest'),
    select('lang', WIFI4EU_LANGUAGES, (o) => `${languageNames.of(o) ?? o} (${o})`),
    text('network_id', undefined, 64),
    toggle('self_signup'),
    has('duration_val') &&
      row(
        int('duration_val'),
        select('duration_type', DURATION_TYPES, (o) => t(`splash.values.durationTypes.${o}`)),
      ),
    int('time_limit', 'minutes'),
    toggle('unlimited_data', undefined, (on) => (on ? { [dataKey]: 0 } : {})),
    values.unlimited_data === false &&
      (dataKey === 'bytes_t'
        ? row(
            int('bytes_t'),
            select('bytes_type', BYTES_TYPES, (o) => o),
          )
        : int('data_limit', 'mb')),
    toggle('unlimited_speed', undefined, (on) => (on ? { speed_ul: 0, speed_dl: 0 } : {})),
    values.unlimited_speed === false && row(int('speed_ul', 'kbps'), int('speed_dl', 'kbps')),
    int('num_devices', undefined, t('splash.values.numDevicesHelp')),
    toggle('session_limit_control'),
    values.session_limit_control === true && text('session_override_password', undefined, 100),
    select('daily_trial_limit', DAILY_TRIAL_LIMITS, (o) => t(`splash.values.dailyTrialLimits.${o}`)),
    toggle('usage_notification'),
    values.usage_notification === true && toggle('usage_notification_to_self'),
    values.usage_notification === true && emails('usage_notification_emails'),
    toggle('expiry_notification'),
    values.expiry_notification === true && toggle('expiry_notification_to_self'),
    values.expiry_notification === true && emails('expiry_notification_emails'),
    // The payment settings: what guests and the operator are told of each purchase.
    toggle('email_accnt_notify'),
    toggle('smsnotification'),
    values.smsnotification === true && text('accountsmstext', t('splash.values.accountsmstextHelp'), 480),
    emails('notify_email'),
    toggle('webhook_accnt_notify'),
    values.webhook_accnt_notify === true && text('notify_webhook', t('splash.values.notifyWebhookHelp'), 500),
    toggle('emailexpiryreminder'),
    toggle('smsexpiryreminder'),
  ].filter(Boolean);

  if (!parts.length) return <Typography color="text.secondary">{t('splash.values.none')}</Typography>;
  return (
    <Stack spacing={2}>
      {parts.map((p, i) => (
        <Stack key={i}>{p}</Stack>
      ))}
    </Stack>
  );
}
