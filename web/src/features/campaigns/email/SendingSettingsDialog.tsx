import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnackbar } from 'notistack';
import Dialog from '@mui/material/Dialog';
import DialogTitle from '@mui/material/DialogTitle';
import DialogContent from '@mui/material/DialogContent';
import DialogActions from '@mui/material/DialogActions';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import { mailSettingsUpdateSchema, type MailSettings } from '@splashboard/contract';
import { fieldErrors, get, post, put } from '../../../app/api.ts';
import { useErrorText } from '../../../app/errorText.ts';
import { MAIL_SETTINGS_API } from './paths.ts';

type Values = Omit<MailSettings, 'smtp_password_hint' | 'configured' | 'server_smtp'> & { smtp_password: string };
const SECURITIES = ['tls', 'starttls', 'none'] as const;
const NUMBERS = new Set(['smtp_port', 'send_rate_per_minute']);

/** The account's SMTP server for campaigns: read, changed, saved, and tried with "Test connection". */
export function SendingSettingsDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const errorText = useErrorText();
  const titleId = useId();
  const [values, setValues] = useState<Values | null>(null);
  const [hint, setHint] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!open) return;
    setErrors({});
    get<MailSettings>(MAIL_SETTINGS_API).then(
      ({ smtp_password_hint, configured: _c, server_smtp: _s, ...rest }) => {
        setValues({ ...rest, smtp_password: '' });
        setHint(smtp_password_hint);
      },
      () => enqueueSnackbar(t('campaigns.email.smtp.loadFailed'), { variant: 'error' }),
    );
  }, [open, enqueueSnackbar, t]);

  /** What is sent: the password only when one is typed (empty keeps the stored one). */
  const body = (v: Values) => {
    const { smtp_password, ...rest } = v;
    return smtp_password ? { ...rest, smtp_password } : rest;
  };

  const call = async (test: boolean) => {
    if (!values) return;
    const checked = mailSettingsUpdateSchema.safeParse(body(values));
    if (!checked.success) return setErrors(errorText.issues(checked.error));
    setBusy(true);
    setErrors({});
    try {
      const answer = test
        ? await post<{ message?: string }>(`${MAIL_SETTINGS_API}/test`, body(values))
        : await put<MailSettings>(MAIL_SETTINGS_API, body(values));
      const done = test ? 'campaigns.errors.smtpOk' : 'campaigns.errors.smtpSaved';
      enqueueSnackbar(t(done), { variant: 'success' });
      if (!test) {
        setHint((answer as MailSettings).smtp_password_hint);
        onClose();
      }
    } catch (err) {
      setErrors(errorText.fields(fieldErrors(err)));
      const fallback = test ? 'campaigns.email.smtp.testFailed' : 'campaigns.email.smtp.saveFailed';
      enqueueSnackbar(errorText.error(err, t(fallback)), { variant: 'error' });
    } finally {
      setBusy(false);
    }
  };

  const field = (key: Exclude<keyof Values, 'smtp_security'>, label: string, type = 'text', helper?: string) => (
    <TextField
      id={`smtp-${key}`}
      label={label}
      type={type}
      value={values?.[key] ?? ''}
      autoComplete={key === 'smtp_password' ? 'new-password' : 'off'}
      onChange={(e) => values && setValues({ ...values, [key]: NUMBERS.has(key) ? Number(e.target.value) : e.target.value })}
      error={!!errors[key]}
      helperText={errors[key] || helper}
      disabled={busy}
    />
  );

  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>{t('campaigns.email.smtp.title')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <Typography color="text.secondary">{t('campaigns.email.smtp.intro')}</Typography>
          {values && (
            <>
              {field('smtp_host', t('campaigns.email.smtp.host'))}
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
                {field('smtp_port', t('campaigns.email.smtp.port'), 'number')}
                <TextField
                  id="smtp-security"
                  select
                  label={t('campaigns.email.smtp.security')}
                  value={values.smtp_security}
                  onChange={(e) => setValues({ ...values, smtp_security: e.target.value as Values['smtp_security'] })}
                  disabled={busy}
                  sx={{ minWidth: 160 }}
                >
                  {SECURITIES.map((s) => (
                    <MenuItem key={s} value={s}>
                      {t(`campaigns.email.smtp.securities.${s}`)}
                    </MenuItem>
                  ))}
                </TextField>
              </Stack>
              {field('smtp_username', t('campaigns.email.smtp.username'))}
              {field(
                'smtp_password',
                t('campaigns.email.smtp.password'),
                'password',
                hint ? t('campaigns.email.smtp.passwordHint', { hint }) : undefined,
              )}
              {field('from_name', t('campaigns.email.smtp.fromName'))}
              {field('from_email', t('campaigns.email.smtp.fromEmail'), 'email')}
              {field('send_rate_per_minute', t('campaigns.email.smtp.rate'), 'number')}
            </>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={() => void call(true)} disabled={!values || busy}>
          {t('campaigns.email.smtp.test')}
        </Button>
        <Button onClick={onClose}>{t('campaigns.email.smtp.cancel')}</Button>
        <Button variant="contained" onClick={() => void call(false)} disabled={!values || busy}>
          {t('campaigns.email.smtp.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
