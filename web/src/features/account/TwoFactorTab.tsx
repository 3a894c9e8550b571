import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import Alert from '@mui/material/Alert';
import type { Profile } from '@splashboard/contract';
import { get, post } from '../../app/api.ts';
import { useAppDispatch } from '../../app/hooks.ts';
import { profileLoaded } from '../../app/store.ts';

interface Status {
  enabled: boolean;
  secret?: string;
  qr_code?: string;
}

export function TwoFactorTab() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const [status, setStatus] = useState<Status | null>(null);
  const [error, setError] = useState('');
  const reload = () => get<Status>('/tf-setup').then(setStatus, () => setError(t('common.somethingWentWrong')));
  useEffect(() => {
    void reload();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const code = String(new FormData(e.currentTarget).get('code') ?? '').trim();
    try {
      await post('/tf-setup', { setup: !status?.enabled, code });
      setError('');
      dispatch(profileLoaded(await get<Profile>('/a/api/v1/profile/')));
      await reload();
    } catch {
      setError(t('account.tfInvalid'));
    }
  };
  if (!status) return null;
  return (
    <Stack component="form" spacing={2} onSubmit={submit} key={String(status.enabled)}>
      {status.enabled ? (
        <>
          <Alert severity="success">{t('account.tfEnabled')}</Alert>
          <Typography>{t('account.tfDisableHelp')}</Typography>
        </>
      ) : (
        <>
          <Typography>{t('account.tfDisabledHelp')}</Typography>
          {status.qr_code && <img src={status.qr_code} alt={t('account.security')} width={220} height={220} />}
          <Typography variant="body2" sx={{ wordBreak: 'break-all' }} data-testid="tf-secret">
            {t('account.tfSecret', { secret: status.secret })}
          </Typography>
        </>
      )}
      <TextField name="code" label={t('auth.code')} inputMode="numeric" autoComplete="one-time-code" required />
      {error && <Alert severity="error">{error}</Alert>}
      <Button type="submit" variant="contained" color={status.enabled ? 'error' : 'primary'} sx={{ alignSelf: 'flex-start' }}>
        {status.enabled ? t('account.tfDisable') : t('account.tfEnable')}
      </Button>
    </Stack>
  );
}
