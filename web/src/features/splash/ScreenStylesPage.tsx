import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, Navigate, useNavigate, useParams } from 'react-router';
import { useSnackbar } from 'notistack';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { AUTH_METHODS, type AuthMethod } from '@splashboard/contract';
import type { GuestLang } from '@splashboard/splash';
import { useAppSelector } from '../../app/hooks.ts';
import './i18n.ts';
import { serverText } from './i18n.ts';
import { MethodPanel } from './MethodPanel.tsx';
import { PreviewPanel } from './PreviewPanel.tsx';
import { TextsLanguageSwitch } from './TextsLanguageSwitch.tsx';
import { screensOfMethod, type PreviewScreenId } from './previewScreens.ts';
import { PATH_OF, refs } from './resources.ts';
import { useMethodName } from './labels.ts';
import { useSplashEditor } from './useSplashEditor.ts';
import { usePreviewSource } from './usePreview.ts';

/** /app/settings-view/splash/{screen}: one screen's style (the screens of section 2), with its preview. */
export function ScreenStylesPage() {
  const { screen } = useParams();
  const siteId = useAppSelector((s) => s.site.selectedSiteId);
  if (!AUTH_METHODS.includes(screen as AuthMethod)) return <Navigate to="/app/settings-view" replace />;
  return siteId ? <ScreenStyles key={`${siteId}:${screen}`} siteId={siteId} method={screen as AuthMethod} /> : null;
}

function ScreenStyles({ siteId, method }: { siteId: number; method: AuthMethod }) {
  const { t, i18n } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const navigate = useNavigate();
  const methodName = useMethodName();
  const site = useAppSelector((s) => s.site.settings);
  const editor = useSplashEditor();
  const { load } = editor;
  const screens = screensOfMethod(method);
  const [screen, setScreen] = useState<PreviewScreenId>(screens[0]!);
  const [lang, setLang] = useState<GuestLang>(i18n.language === 'es-ES' ? 'es-ES' : 'en-US');
  const text = useCallback((m: string) => serverText(m, i18n.language), [i18n.language]);
  useEffect(() => load([refs.design(siteId)]), [load, siteId]);
  const source = usePreviewSource(editor, siteId, site?.name ?? '', site?.auth_methods ?? [], screen);
  const readOnly = !editor.canWrite;

  const save = async () => {
    const outcome = await editor.save();
    if (outcome.ok) enqueueSnackbar(t('common.saved'), { variant: 'success' });
    else
      enqueueSnackbar(outcome.message ? `${t('common.saveFailed')}: ${text(outcome.message)}` : t('common.saveFailed'), {
        variant: 'error',
      });
  };

  if (editor.failed) return <Alert severity="error">{t('common.somethingWentWrong')}</Alert>;
  return (
    <Stack spacing={2}>
      <Typography variant="h4" component="h1">
        {t('splash.screenPage.title')}
      </Typography>
      <Typography color="text.secondary">{t('splash.screenPage.intro')}</Typography>
      {editor.resources.design && readOnly && <Alert severity="info">{t('splash.readOnly')}</Alert>}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
        <TextField
          select
          size="small"
          label={t('splash.screenPage.screen')}
          value={method}
          onChange={(e) => navigate(`/app/settings-view/splash/${e.target.value}`)}
          sx={{ minWidth: 260 }}
        >
          {AUTH_METHODS.map((m) => (
            <MenuItem key={m} value={m}>
              {methodName(m)}
            </MenuItem>
          ))}
        </TextField>
        {site?.permissions.landingpage && (
          <Button component={RouterLink} to="/app/site/splash-pages">
            {t('splash.screenPage.designer')}
          </Button>
        )}
      </Stack>
      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 1fr) minmax(340px, 42%)' },
          gap: 3,
          alignItems: 'start',
        }}
      >
        <Stack spacing={2} sx={{ minWidth: 0 }}>
          <TextsLanguageSwitch lang={lang} onChange={setLang} />
          <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 2 } }}>
            <MethodPanel
              editor={editor}
              siteId={siteId}
              path={PATH_OF[method]}
              lang={lang}
              disabled={readOnly}
              serverText={text}
              styleOnly
            />
          </Paper>
          {!readOnly && (
            <Button
              variant="contained"
              onClick={save}
              disabled={!editor.dirty || editor.saving}
              sx={{ alignSelf: 'flex-start' }}
              startIcon={editor.saving ? <CircularProgress size={16} color="inherit" /> : undefined}
            >
              {editor.saving ? t('splash.saving') : t('splash.save')}
            </Button>
          )}
        </Stack>
        {source ? (
          <Box sx={{ position: { md: 'sticky' }, top: 80 }}>
            <PreviewPanel source={source} lang={lang} screens={screens} screen={screen} onScreen={setScreen} />
          </Box>
        ) : (
          <CircularProgress aria-label={t('common.loading')} />
        )}
      </Box>
    </Stack>
  );
}
