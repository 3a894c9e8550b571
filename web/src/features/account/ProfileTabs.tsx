import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnackbar } from 'notistack';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import type { Profile } from '@splashboard/contract';
import { fieldErrors, post } from '../../app/api.ts';
import { useAppDispatch, useAppSelector } from '../../app/hooks.ts';
import { profileLoaded } from '../../app/store.ts';
import { useUiSettings } from '../../app/UiSettings.tsx';
import { useErrorText } from '../../app/errorText.ts';

export function ProfileTab() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const { enqueueSnackbar } = useSnackbar();
  const errorText = useErrorText();
  const user = useAppSelector((s) => s.session.user)!;
  const { settings, update } = useUiSettings();
  const [name, setName] = useState(user.name);
  const [email, setEmail] = useState(user.email);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = async (e: FormEvent) => {
    e.preventDefault();
    try {
      const { data } = await post<{ data: Profile }>('/a/api/v1/profile/', { name, email, language: settings.language });
      dispatch(profileLoaded(data));
      setErrors({});
      enqueueSnackbar(t('common.saved'), { variant: 'success' });
    } catch (err) {
      setErrors(errorText.fields(fieldErrors(err)));
      enqueueSnackbar(t('common.saveFailed'), { variant: 'error' });
    }
  };
  return (
    <Stack component="form" spacing={2} onSubmit={save}>
      <TextField
        label={t('account.name')}
        value={name}
        onChange={(e) => setName(e.target.value)}
        error={!!errors.name}
        helperText={errors.name}
      />
      <TextField
        label={t('auth.email')}
        type="email"
        value={email}
        onChange={(e) => setEmail(e.target.value)}
        error={!!errors.email}
        helperText={errors.email}
      />
      <TextField
        select
        label={t('common.language')}
        value={settings.language}
        onChange={(e) => update({ language: e.target.value as 'en-US' | 'es-ES' })}
      >
        <MenuItem value="en-US">{t('common.english')}</MenuItem>
        <MenuItem value="es-ES">{t('common.spanish')}</MenuItem>
      </TextField>
      <Button type="submit" variant="contained" sx={{ alignSelf: 'flex-start' }}>
        {t('common.save')}
      </Button>
    </Stack>
  );
}

export function PasswordTab() {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const errorText = useErrorText();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const formEl = e.currentTarget;
    const form = new FormData(formEl);
    const body = Object.fromEntries(form.entries());
    if (body.password !== body.confirm_password) return setErrors({ confirm_password: t('signup.passwordMatch') });
    if (String(body.password).length < 7) return setErrors({ password: t('signup.passwordMin') });
    try {
      await post('/a/api/v1/profile/password', body);
      setErrors({});
      formEl.reset();
      enqueueSnackbar(t('account.passwordChanged'), { variant: 'success' });
    } catch (err) {
      setErrors(errorText.fields(fieldErrors(err)));
      enqueueSnackbar(t('common.saveFailed'), { variant: 'error' });
    }
  };
  const field = (name: string, label: string, autoComplete: string) => (
    <TextField
      name={name}
      type="password"
      label={label}
      autoComplete={autoComplete}
      error={!!errors[name]}
      helperText={errors[name]}
      required
    />
  );
  return (
    <Stack component="form" spacing={2} onSubmit={save}>
      {field('current_password', t('account.currentPassword'), 'current-password')}
      {field('password', t('account.newPassword'), 'new-password')}
      {field('confirm_password', t('account.confirmPassword'), 'new-password')}
      <Button type="submit" variant="contained" sx={{ alignSelf: 'flex-start' }}>
        {t('account.changePassword')}
      </Button>
    </Stack>
  );
}
