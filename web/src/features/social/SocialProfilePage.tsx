import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useSnackbar } from 'notistack';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { LoginMethodValues } from '@splashboard/contract';
import { fieldErrors, get, put } from '../../app/api.ts';
import { useAppSelector } from '../../app/hooks.ts';
import { useErrorText } from '../../app/errorText.ts';
import { PAGE_RULE } from './i18n.ts';

type FacebookValues = LoginMethodValues<'facebookloginconfig'>;
interface Profile {
  fb_page: string;
  auth_fb_post: boolean;
}

/** The Facebook login's settings, the one place they are stored: its advanced settings show the same. */
const valuesUrl = (siteId: number) => `/s/${siteId}/api/v1/facebookloginconfig/`;

/** The site's social profiles: the Facebook page guests are sent to, and whether they are asked to post about it. */
export function SocialProfilePage() {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const errorText = useErrorText();
  const siteId = useAppSelector((s) => s.site.selectedSiteId);
  const facebookOn = useAppSelector((s) => s.site.settings?.permissions.facebook ?? false);
  const [values, setValues] = useState<Profile | null>(null);
  const [error, setError] = useState('');
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    setValues(null);
    setError('');
    if (siteId)
      get<FacebookValues>(valuesUrl(siteId)).then(
        (v) => setValues({ fb_page: v.fb_page, auth_fb_post: v.auth_fb_post }),
        () => enqueueSnackbar(t('common.somethingWentWrong'), { variant: 'error' }),
      );
  }, [siteId, enqueueSnackbar, t]);
  if (!values || !siteId) return null;

  const save = async (e: FormEvent) => {
    e.preventDefault();
    setSaving(true);
    try {
      const saved = await put<FacebookValues>(valuesUrl(siteId), {
        fb_page: values.fb_page.trim(),
        auth_fb_post: values.auth_fb_post,
      });
      setValues({ fb_page: saved.fb_page, auth_fb_post: saved.auth_fb_post });
      setError('');
      enqueueSnackbar(t('common.saved'), { variant: 'success' });
    } catch (err) {
      const message = fieldErrors(err).fb_page ?? '';
      setError(message === PAGE_RULE ? t('social.pageRule') : errorText.field(message));
      enqueueSnackbar(errorText.error(err, t('common.saveFailed')), { variant: 'error' });
    } finally {
      setSaving(false);
    }
  };

  return (
    <Stack component="form" spacing={2} onSubmit={save} noValidate sx={{ maxWidth: 560 }}>
      <Typography variant="h4" component="h1">
        {t('social.title')}
      </Typography>
      <Typography color="text.secondary">{t('social.intro')}</Typography>
      {facebookOn ? (
        <Link component={RouterLink} to="/app/site/splash-pages?tab=facebook" sx={{ alignSelf: 'flex-start' }}>
          {t('social.methodSettings')}
        </Link>
      ) : (
        <Alert
          severity="warning"
          action={
            <Button component={RouterLink} to="/app/site/splash-pages" color="inherit" size="small">
              {t('social.turnOn')}
            </Button>
          }
        >
          {t('social.facebookOff')}
        </Alert>
      )}
      <TextField
        name="fb_page"
        type="url"
        label={t('social.fbPage')}
        value={values.fb_page}
        placeholder="https://www.facebook.com/"
        error={!!error}
        helperText={error || t('social.fbPageHelp')}
        onChange={(e) => setValues({ ...values, fb_page: e.target.value })}
        slotProps={{ htmlInput: { maxLength: 500 } }}
      />
      <FormControlLabel
        control={
          <Switch
            name="auth_fb_post"
            checked={values.auth_fb_post}
            onChange={(e) => setValues({ ...values, auth_fb_post: e.target.checked })}
          />
        }
        label={t('social.authFbPost')}
      />
      <Button type="submit" variant="contained" disabled={saving} sx={{ alignSelf: 'flex-start' }}>
        {t('common.save')}
      </Button>
    </Stack>
  );
}
