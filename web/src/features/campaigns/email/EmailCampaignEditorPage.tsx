import { Suspense, lazy, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { useSnackbar } from 'notistack';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import Button from '@mui/material/Button';
import Alert from '@mui/material/Alert';
import {
  MERGE_FIELDS,
  emailCampaignCreateSchema,
  emailCampaignUpdateSchema,
  type CampaignTemplate,
  type EmailCampaign,
} from '@splashboard/contract';
import { ApiFailure, fieldErrors, get, post, put } from '../../../app/api.ts';
import { useAppSelector, useQueryParams } from '../../../app/hooks.ts';
import { useErrorText } from '../../../app/errorText.ts';
import { PageHeader } from '../../../components/PageHeader.tsx';
import type { ContentEditorHandle } from '../editor/ContentEditor.tsx';
import { CampaignForm } from './CampaignForm.tsx';
import { TemplateGallery } from './TemplateGallery.tsx';
import { TestSendDialog } from './TestSendDialog.tsx';
import { bodyOf, newValues, valuesOf, type CampaignValues } from './campaignValues.ts';
import { EMAIL_CAMPAIGNS_PATH, campaignsApi, editPath } from './paths.ts';
import './i18n.ts';

// GrapesJS comes with the editor only, not with the campaigns list.
const ContentEditor = lazy(() => import('../editor/ContentEditor.tsx').then((m) => ({ default: m.ContentEditor })));

/** What the editor opens: a saved campaign's project, or a template's MJML. */
interface Opened {
  values: CampaignValues;
  json: Record<string, unknown> | null;
  source: string;
  campaign: EmailCampaign | null;
}

/**
 * /app/campaigns/email/create (the template gallery, then `?template=<id|scratch>`) and /edit/{id}: a
 * campaign's email in the editor, when it is sent, its schedule and tracking; Save and "Send a test".
 */
export function EmailCampaignEditorPage() {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const errorText = useErrorText();
  const navigate = useNavigate();
  const { id } = useParams();
  const [params, setParams] = useQueryParams();
  const template = params.get('template');
  const siteId = useAppSelector((s) => s.site.selectedSiteId);
  const api = campaignsApi(siteId);
  const editor = useRef<ContentEditorHandle>(null);
  const [opened, setOpened] = useState<Opened | null>(null);
  const [values, setValues] = useState<CampaignValues | null>(null);
  const [missing, setMissing] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [testing, setTesting] = useState(false);

  useEffect(() => {
    if (!siteId || (!id && !template)) return;
    const open = (o: Opened) => {
      setOpened(o);
      setValues(o.values);
    };
    const failed = (err: unknown) => {
      if (err instanceof ApiFailure && err.error.status === 404) setMissing(true);
      else enqueueSnackbar(t('campaigns.email.form.loadFailed'), { variant: 'error' });
    };
    if (id)
      get<EmailCampaign>(`${api}/email/${id}`).then(
        (c) => open({ values: valuesOf(c), json: c.campaign_json, source: '', campaign: c }),
        failed,
      );
    else if (template === 'scratch') open({ values: newValues(), json: null, source: '', campaign: null });
    else
      get<CampaignTemplate>(`${api}/templates/${encodeURIComponent(template!)}`).then(
        (tpl) => open({ values: newValues(tpl), json: null, source: tpl.mjml, campaign: null }),
        failed,
      );
  }, [siteId, id, template, api, enqueueSnackbar, t]);

  const failedText = t(id ? 'campaigns.errors.updateFailed' : 'campaigns.errors.creationFailed');
  const save = async () => {
    if (!values || !opened) return;
    const stored = { html: opened.campaign?.campaign_html ?? '', json: opened.campaign?.campaign_json ?? {} };
    const body = bodyOf(values, (values.email_type === 'Html' && editor.current?.content()) || stored);
    const checked = (id ? emailCampaignUpdateSchema : emailCampaignCreateSchema).safeParse(body);
    if (!checked.success) {
      setErrors(errorText.issues(checked.error));
      enqueueSnackbar(failedText, { variant: 'error' });
      return;
    }
    setBusy(true);
    setErrors({});
    try {
      if (id) {
        const c = await put<EmailCampaign>(`${api}/email/${id}`, body);
        setOpened({ ...opened, campaign: c });
        enqueueSnackbar(t('campaigns.email.form.saved'), { variant: 'success' });
      } else {
        const c = await post<EmailCampaign>(`${api}/email`, body);
        enqueueSnackbar(t('campaigns.email.form.created'), { variant: 'success' });
        navigate(editPath(c.id), { replace: true });
      }
    } catch (err) {
      setErrors(errorText.fields(fieldErrors(err)));
      enqueueSnackbar(errorText.error(err, failedText), { variant: 'error' });
    } finally {
      setBusy(false);
    }
  };

  const title = opened?.campaign
    ? t('campaigns.email.form.editTitle', { name: opened.campaign.name })
    : t(id || template ? 'campaigns.email.form.createTitle' : 'campaigns.email.gallery.title');
  return (
    <Stack spacing={2}>
      <PageHeader
        actions={
          values && (
            <>
              <Button component={RouterLink} to={EMAIL_CAMPAIGNS_PATH}>
                {t('campaigns.email.form.cancel')}
              </Button>
              <Button
                onClick={() => setTesting(true)}
                disabled={!id || busy}
                title={id ? undefined : t('campaigns.email.form.testNeedsSave')}
              >
                {t('campaigns.email.form.sendTest')}
              </Button>
              <Button variant="contained" onClick={() => void save()} disabled={busy}>
                {t('campaigns.email.form.save')}
              </Button>
            </>
          )
        }
      >
        <Typography variant="h4" component="h1" sx={{ overflowWrap: 'anywhere' }}>
          {title}
        </Typography>
      </PageHeader>
      {missing && <Alert severity="warning">{t('campaigns.email.form.notFound')}</Alert>}
      {!id && !template && siteId && (
        <TemplateGallery api={api} onChoose={(choice) => setParams((q) => (q.set('template', choice), q), { replace: false })} />
      )}
      {values && opened && !missing && (
        <CampaignForm
          values={values}
          onChange={setValues}
          errors={errors}
          disabled={busy}
          editor={
            <Suspense fallback={<Typography color="text.secondary">{t('campaigns.editor.loading')}</Typography>}>
              <ContentEditor ref={editor} mode="email" json={opened.json} source={opened.source} mergeFields={MERGE_FIELDS} />
            </Suspense>
          }
        />
      )}
      {id && <TestSendDialog open={testing} url={`${api}/email/${id}/test`} onClose={() => setTesting(false)} />}
    </Stack>
  );
}
