import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import type { Profile } from '@splashboard/contract';
import { get, post } from '../../app/api.ts';
import { useAppDispatch } from '../../app/hooks.ts';
import { profileLoaded } from '../../app/store.ts';
import { useErrorText } from '../../app/errorText.ts';

interface Status {
  enabled: boolean;
  secret?: string;
  qr_code?: string;
  recovery_codes?: string[];
  recovery_codes_left?: number;
}

/** The recovery codes just made: shown this once, with copy and download. */
function RecoveryCodes({ codes }: { codes: string[] }) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  const text = codes.join('\n') + '\n';
  const download = () => {
    const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
    const a = document.createElement('a');
    a.href = url;
    a.download = 'splashboard-recovery-codes.txt';
    a.click();
    URL.revokeObjectURL(url);
  };
  return (
    <Stack spacing={1.5} data-testid="recovery-codes">
      <Alert severity="warning">{t('account.recoveryShownOnce')}</Alert>
      <Box
        component="ul"
        sx={{
          m: 0,
          p: 2,
          listStyle: 'none',
          display: 'grid',
          gridTemplateColumns: 'repeat(2, max-content)',
          columnGap: 4,
          rowGap: 0.5,
        }}
      >
        {codes.map((code) => (
          <Typography key={code} component="li" sx={{ fontFamily: 'monospace', fontSize: '1rem' }}>
            {code}
          </Typography>
        ))}
      </Box>
      <Stack direction="row" spacing={1}>
        <Button
          variant="outlined"
          onClick={() =>
            void navigator.clipboard?.writeText(text).then(
              () => setCopied(true),
              () => undefined,
            )
          }
        >
          {copied ? t('account.recoveryCopied') : t('account.recoveryCopy')}
        </Button>
        <Button variant="outlined" onClick={download}>
          {t('account.recoveryDownload')}
        </Button>
      </Stack>
    </Stack>
  );
}

export function TwoFactorTab() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const errorText = useErrorText();
  const [status, setStatus] = useState<Status | null>(null);
  const [error, setError] = useState('');
  const [codes, setCodes] = useState<string[] | null>(null);
  const [regenError, setRegenError] = useState('');
  const reload = () => get<Status>('/tf-setup').then(setStatus, () => setError(t('common.somethingWentWrong')));
  useEffect(() => {
    void reload();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const code = String(new FormData(e.currentTarget).get('code') ?? '').trim();
    try {
      const answer = await post<Status>('/tf-setup', { setup: !status?.enabled, code });
      setError('');
      setCodes(answer.recovery_codes ?? null);
      dispatch(profileLoaded(await get<Profile>('/a/api/v1/profile/')));
      await reload();
    } catch {
      setError(t('account.tfInvalid'));
    }
  };
  const regenerate = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = e.currentTarget;
    const typed = String(new FormData(form).get('proof') ?? '');
    // Six digits or a recovery code's shape is a code; anything else is the password.
    const isCode = /^\s*(\d{6}|[a-z2-9]{5}-?[a-z2-9]{5})\s*$/i.test(typed);
    try {
      const answer = await post<{ recovery_codes: string[] }>(
        '/tf-recovery-codes',
        isCode ? { code: typed.trim() } : { current_password: typed },
      );
      setRegenError('');
      setCodes(answer.recovery_codes);
      form.reset();
      await reload();
    } catch (err) {
      setRegenError(errorText.error(err, t('common.somethingWentWrong')));
    }
  };
  if (!status) return null;
  return (
    <Stack spacing={3}>
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
      {status.enabled && (
        <>
          <Divider />
          <Stack component="form" spacing={2} onSubmit={regenerate}>
            <Typography variant="h6" component="h2">
              {t('account.recoveryTitle')}
            </Typography>
            {codes && <RecoveryCodes codes={codes} />}
            <Typography data-testid="recovery-left">
              {t('account.recoveryLeft', { count: status.recovery_codes_left ?? 0 })}
            </Typography>
            <Typography color="text.secondary">{t('account.recoveryRegenerateHelp')}</Typography>
            <TextField
              name="proof"
              type="password"
              label={t('account.recoveryPasswordOrCode')}
              autoComplete="current-password"
              required
            />
            {regenError && <Alert severity="error">{regenError}</Alert>}
            <Button type="submit" variant="outlined" sx={{ alignSelf: 'flex-start' }}>
              {t('account.recoveryRegenerate')}
            </Button>
          </Stack>
        </>
      )}
    </Stack>
  );
}
