import { Suspense, lazy, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { useSnackbar } from 'notistack';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import Button from '@mui/material/Button';
import Alert from '@mui/material/Alert';
import { splashAdCreateSchema, splashAdUpdateSchema, type SplashAd } from '@splashboard/contract';
import { ApiFailure, fieldErrors, get, post, put } from '../../../app/api.ts';
import { useAppSelector } from '../../../app/hooks.ts';
import { useErrorText } from '../../../app/errorText.ts';
import type { ContentEditorHandle } from '../editor/ContentEditor.tsx';
import { EMPTY_AD, bodyOf, formOf, type AdFormValues } from './adForm.ts';
import { AdFormFields } from './AdFormFields.tsx';
import { ADS_PATH, adsApi } from './paths.ts';
import './i18n.ts';

// The editor (GrapesJS) is a chunk of its own, loaded when the form opens.
const ContentEditor = lazy(() => import('../editor/ContentEditor.tsx').then((m) => ({ default: m.ContentEditor })));

/**
 * /app/campaigns/splash-page-ad/create and /edit/{id}: an ad's form. Checked with the contract's schemas
 * before it is sent; the server's per-field messages show under their fields.
 */
export function SplashAdEditorPage() {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const errorText = useErrorText();
  const navigate = useNavigate();
  const { id } = useParams();
  const siteId = useAppSelector((s) => s.site.selectedSiteId);
  const [ad, setAd] = useState<SplashAd | null>(null);
  const [missing, setMissing] = useState(false);
  const [values, setValues] = useState<AdFormValues | null>(id ? null : EMPTY_AD);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const editor = useRef<ContentEditorHandle>(null);
  const api = adsApi(siteId);

  useEffect(() => {
    if (!siteId || !id) return;
    get<SplashAd>(`${api}/${id}`).then(
      (a) => {
        setAd(a);
        setValues(formOf(a));
      },
      (err) => {
        if (err instanceof ApiFailure && err.error.status === 404) setMissing(true);
        else enqueueSnackbar(t('campaigns.ads.loadFailed'), { variant: 'error' });
      },
    );
  }, [siteId, id, api, enqueueSnackbar, t]);

  const failedText = t(id ? 'campaigns.ads.form.updateFailed' : 'campaigns.ads.form.createFailed');
  const save = async () => {
    if (!values) return;
    // The editor's content once it has started; the stored content until then.
    const content = editor.current?.content();
    const body = bodyOf(content ? { ...values, splashad_html: content.html, splashad_json: content.json } : values);
    const checked = (id ? splashAdUpdateSchema : splashAdCreateSchema).safeParse(body);
    const local = checked.success ? {} : errorText.issues(checked.error);
    if (!values.run_now && !values.start) local.start_time = t('campaigns.ads.form.startRequired');
    if (Object.keys(local).length) {
      setErrors(local);
      enqueueSnackbar(failedText, { variant: 'error' });
      return;
    }
    setBusy(true);
    try {
      if (id) await put<SplashAd>(`${api}/${id}`, body);
      else await post<SplashAd>(api, body);
      enqueueSnackbar(t(id ? 'campaigns.ads.form.saved' : 'campaigns.ads.form.created'), { variant: 'success' });
      navigate(ADS_PATH);
    } catch (err) {
      setErrors(errorText.fields(fieldErrors(err)));
      enqueueSnackbar(errorText.error(err, failedText), { variant: 'error' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack spacing={2} sx={{ maxWidth: 860 }}>
      <Typography variant="h4" component="h1" sx={{ overflowWrap: 'anywhere' }}>
        {ad ? t('campaigns.ads.form.editTitle', { name: ad.name }) : t('campaigns.ads.form.createTitle')}
      </Typography>
      {missing && <Alert severity="warning">{t('campaigns.ads.form.notFound')}</Alert>}
      {values && !missing && (
        <form
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            void save();
          }}
        >
          <Stack spacing={2}>
            <AdFormFields
              values={values}
              onChange={setValues}
              errors={errors}
              disabled={busy}
              content={
                <Stack spacing={1}>
                  <Typography variant="subtitle1" component="h2">
                    {t('campaigns.ads.form.content')}
                  </Typography>
                  <Typography variant="body2" color="text.secondary">
                    {t('campaigns.ads.form.contentHelp')}
                  </Typography>
                  {errors.splashad_html && <Alert severity="error">{errors.splashad_html}</Alert>}
                  <Suspense fallback={null}>
                    <ContentEditor ref={editor} mode="web" json={values.splashad_json} source={values.splashad_html} />
                  </Suspense>
                </Stack>
              }
            />
            <Stack direction="row" spacing={1}>
              <Button type="submit" variant="contained" disabled={busy}>
                {t('campaigns.ads.form.save')}
              </Button>
              <Button component={RouterLink} to={ADS_PATH}>
                {t('campaigns.ads.form.cancel')}
              </Button>
            </Stack>
          </Stack>
        </form>
      )}
    </Stack>
  );
}
