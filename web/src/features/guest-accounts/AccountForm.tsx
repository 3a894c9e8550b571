import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import MenuItem from '@mui/material/MenuItem';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import CircularProgress from '@mui/material/CircularProgress';
import { BYTES_TYPES, DURATION_TYPES, type GuestAccountLimits } from '@splashboard/contract';

export interface AccountFormValues extends Record<keyof GuestAccountLimits, string> {
  username: string;
  password: string;
  name: string;
  email: string;
  notes: string;
}

const NUMBERS = ['num_devices', 'duration_val', 'bytes_t', 'speed_ul', 'speed_dl'] as const;

export const formOf = (
  a: { username: string; name: string; email: string; notes: string } & GuestAccountLimits,
): AccountFormValues => ({
  username: a.username,
  password: '',
  name: a.name,
  email: a.email,
  notes: a.notes,
  num_devices: String(a.num_devices),
  duration_val: String(a.duration_val),
  duration_type: a.duration_type,
  bytes_t: String(a.bytes_t),
  bytes_type: a.bytes_type,
  speed_ul: String(a.speed_ul),
  speed_dl: String(a.speed_dl),
});

/** The body to send: numbers as numbers (a non-number is sent as typed, for the server to name), no empty password on edit. */
export function bodyOf(v: AccountFormValues, editing: boolean): Record<string, unknown> {
  const body: Record<string, unknown> = { ...v };
  for (const k of NUMBERS) body[k] = /^\s*\d+\s*$/.test(v[k]) ? Number(v[k]) : v[k];
  if (editing && !v.password) delete body.password;
  return body;
}

/** A readable random password: no look-alike characters (0/O, 1/l). */
function generatePassword() {
  const letters = 'abcdefghjkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  const bytes = crypto.getRandomValues(new Uint8Array(10));
  return Array.from(bytes, (b) => letters[b % letters.length]).join('');
}

/** The fields of a guest account, for create and edit. */
export function AccountForm({
  values,
  onChange,
  errors,
  editing,
  busy,
  onSubmit,
  note,
  actions,
}: {
  values: AccountFormValues;
  onChange: (v: AccountFormValues) => void;
  errors: Record<string, string>;
  editing: boolean;
  busy: boolean;
  onSubmit: () => void;
  note?: ReactNode;
  actions?: ReactNode;
}) {
  const { t } = useTranslation();
  const [showPassword, setShowPassword] = useState(false);
  const f = (k: keyof AccountFormValues) => ({
    value: values[k],
    onChange: (e: { target: { value: string } }) => onChange({ ...values, [k]: e.target.value }),
    error: !!errors[k],
    name: k,
    id: `guestuser-${k}`,
  });
  const help = (k: keyof AccountFormValues, text?: string) => errors[k] || text;
  const number = { htmlInput: { inputMode: 'numeric' as const, min: 0 } };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSubmit();
  };

  return (
    <Stack component="form" spacing={2} onSubmit={submit} noValidate>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Stack spacing={2}>
          <Typography variant="h6" component="h2">
            {t('guestAccounts.form.account')}
          </Typography>
          <TextField
            {...f('username')}
            label={t('guestAccounts.form.username')}
            required
            autoComplete="off"
            helperText={help('username', t('guestAccounts.form.usernameHelp'))}
            slotProps={{ htmlInput: { maxLength: 64, autoCapitalize: 'none', spellCheck: false } }}
          />
          <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
            <TextField
              {...f('password')}
              label={t('guestAccounts.form.password')}
              type={showPassword ? 'text' : 'password'}
              required={!editing}
              autoComplete="new-password"
              helperText={help(
                'password',
                editing ? t('guestAccounts.form.passwordEditHelp') : t('guestAccounts.form.passwordHelp'),
              )}
              slotProps={{ htmlInput: { maxLength: 200 } }}
              sx={{ flex: 1 }}
            />
            <Button
              variant="outlined"
              sx={{ mt: 1 }}
              onClick={() => {
                onChange({ ...values, password: generatePassword() });
                setShowPassword(true);
              }}
            >
              {t('guestAccounts.form.generate')}
            </Button>
          </Stack>
          <TextField
            {...f('name')}
            label={t('guestAccounts.form.name')}
            helperText={help('name')}
            slotProps={{ htmlInput: { maxLength: 120 } }}
          />
          <TextField {...f('email')} label={t('guestAccounts.form.email')} type="email" helperText={help('email')} />
          <TextField {...f('notes')} label={t('guestAccounts.form.notes')} multiline minRows={2} helperText={help('notes')} />
        </Stack>
      </Paper>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Stack spacing={2}>
          <Typography variant="h6" component="h2">
            {t('guestAccounts.form.access')}
          </Typography>
          {note}
          <TextField
            {...f('num_devices')}
            label={t('guestAccounts.form.numDevices')}
            helperText={help('num_devices', t('guestAccounts.form.numDevicesHelp'))}
            slotProps={number}
          />
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <TextField
              {...f('duration_val')}
              label={t('guestAccounts.form.duration')}
              helperText={help('duration_val', t('guestAccounts.form.durationHelp'))}
              slotProps={number}
              sx={{ flex: 1 }}
            />
            <TextField
              {...f('duration_type')}
              select
              label={t('guestAccounts.form.durationUnit')}
              helperText={help('duration_type')}
              sx={{ minWidth: 160 }}
            >
              {DURATION_TYPES.map((u) => (
                <MenuItem key={u} value={u}>
                  {t(`guestAccounts.unitNames.${u}`)}
                </MenuItem>
              ))}
            </TextField>
          </Stack>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <TextField
              {...f('bytes_t')}
              label={t('guestAccounts.form.dataLimit')}
              helperText={help('bytes_t', t('guestAccounts.form.dataLimitHelp'))}
              slotProps={number}
              sx={{ flex: 1 }}
            />
            <TextField
              {...f('bytes_type')}
              select
              label={t('guestAccounts.form.dataUnit')}
              helperText={help('bytes_type')}
              sx={{ minWidth: 160 }}
            >
              {BYTES_TYPES.map((u) => (
                <MenuItem key={u} value={u}>
                  {u}
                </MenuItem>
              ))}
            </TextField>
          </Stack>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <TextField
              {...f('speed_ul')}
              label={t('guestAccounts.form.speedUp')}
              helperText={help('speed_ul', t('guestAccounts.form.speedHelp'))}
              slotProps={number}
              sx={{ flex: 1 }}
            />
            <TextField
              {...f('speed_dl')}
              label={t('guestAccounts.form.speedDown')}
              helperText={help('speed_dl', t('guestAccounts.form.speedHelp'))}
              slotProps={number}
              sx={{ flex: 1 }}
            />
          </Stack>
        </Stack>
      </Paper>
      <Stack direction="row" spacing={1}>
        <Button
          type="submit"
          variant="contained"
          disabled={busy}
          startIcon={busy ? <CircularProgress size={16} color="inherit" /> : undefined}
        >
          {busy ? t('guestAccounts.form.saving') : t('guestAccounts.form.save')}
        </Button>
        {actions}
      </Stack>
    </Stack>
  );
}
