import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnackbar } from 'notistack';
import { useSearchParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Collapse from '@mui/material/Collapse';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme, type Theme } from '@mui/material/styles';
import type { SplashDesign } from '@splashboard/contract';
import type { GuestLang } from '@splashboard/splash';
import { get } from '../../app/api.ts';
import { useAppDispatch, useAppSelector } from '../../app/hooks.ts';
import { siteSettingsLoaded } from '../../app/store.ts';
import './i18n.ts';
import { serverText } from './i18n.ts';
import { DesignEditor } from './DesignEditor.tsx';
import { MethodPanel } from './MethodPanel.tsx';
import { MethodsPicker } from './MethodsPicker.tsx';
import { OpenAsGuestButton } from './OpenAsGuestButton.tsx';
import { PreviewPanel } from './PreviewPanel.tsx';
import { TextsLanguageSwitch } from './TextsLanguageSwitch.tsx';
import { errorKeyOf, withText } from './texts.ts';
import { firstScreenOf, screensOfMethod, screensOfSite, type PreviewScreenId } from './previewScreens.ts';
import { FONTS_URL, PATH_OF, loginMethodsOf, refs, thumbnailsUrl, type LoginMethod } from './resources.ts';
import { useMethodName } from './labels.ts';
import { useSplashEditor } from './useSplashEditor.ts';
import { usePreviewSource } from './usePreview.ts';

type TabId = 'design' | LoginMethod | 'multilanding' | 'atos';

/**
 * The editor's save bar, kept in sight under the top bar (at the bottom it would sit under the
 * messages that a save shows on a phone).
 */
const wrappedTabs = (theme: Theme) => ({
  '& .MuiTabs-list': { flexWrap: 'wrap' },
  '& .MuiTabs-indicator': { display: 'none' },
  '& .MuiTab-root.Mui-selected': { boxShadow: `inset 0 -2px 0 ${theme.palette.primary.main}` },
});

function SaveBar({ dirty, saving, onSave }: { dirty: boolean; saving: boolean; onSave(): void }) {
  const { t } = useTranslation();
  return (
    <Paper
      elevation={3}
      sx={{
        position: 'sticky',
        top: { xs: 64, md: 72 },
        zIndex: 3,
        px: 2,
        py: 1,
        display: 'flex',
        gap: 2,
        alignItems: 'center',
        justifyContent: 'space-between',
      }}
    >
      <Typography variant="body2" color={dirty ? 'text.primary' : 'text.secondary'} role="status">
        {dirty ? t('splash.unsaved') : t('splash.noChanges')}
      </Typography>
      <Button
        variant="contained"
        onClick={onSave}
        disabled={!dirty || saving}
        startIcon={saving ? <CircularProgress size={16} color="inherit" /> : undefined}
      >
        {saving ? t('splash.saving') : t('splash.save')}
      </Button>
    </Paper>
  );
}

/** A site's designer starts afresh when the operator switches site. */
export function SplashPagesPage() {
  const siteId = useAppSelector((s) => s.site.selectedSiteId);
  return siteId ? <SplashDesigner key={siteId} siteId={siteId} /> : null;
}

/**
 * /app/site/splash-pages: the splash page designer. The login methods and their order, a tab per
 * method (fields, advanced settings, screen style), the design, and beside it (behind a toggle on a
 * phone) the live preview: the portal's own page drawn from the unsaved settings.
 */
function SplashDesigner({ siteId }: { siteId: number }) {
  const { t, i18n } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const dispatch = useAppDispatch();
  const theme = useTheme();
  const wide = useMediaQuery(theme.breakpoints.up('md'));
  const methodName = useMethodName();
  const siteName = useAppSelector((s) => s.site.settings?.name) ?? '';
  const editor = useSplashEditor();
  const { load, setDraft, clearErrors } = editor;
  const [fonts, setFonts] = useState<string[]>([]);
  const [thumbnails, setThumbnails] = useState<string[]>([]);
  // ?tab=<method> opens that method's tab (the packages page links to the Payment tab's Stripe settings).
  const [searchParams] = useSearchParams();
  const [tab, setTab] = useState<TabId>(() => (searchParams.get('tab') as TabId | null) ?? 'design');
  // Until the operator picks one, the preview shows the screen guests meet first.
  const [picked, setScreen] = useState<PreviewScreenId | null>(null);
  const [showPreview, setShowPreview] = useState(false);
  const [methodsError, setMethodsError] = useState('');
  // The guest language whose texts are edited and previewed: the dashboard's own at first.
  const [lang, setLang] = useState<GuestLang>(i18n.language === 'es-ES' ? 'es-ES' : 'en-US');
  const text = useCallback((m: string) => serverText(m, i18n.language), [i18n.language]);

  useEffect(() => {
    load([refs.site(siteId), refs.design(siteId)]);
    get<{ fonts: { family: string }[] }>(FONTS_URL).then(
      (c) => setFonts(c.fonts.map((f) => f.family)),
      () => setFonts([]),
    );
    get<{ items: { filelink: string }[] }>(thumbnailsUrl(siteId)).then(
      (r) => setThumbnails(r.items.map((i) => i.filelink)),
      () => setThumbnails([]),
    );
  }, [load, siteId]);

  const authMethods = editor.draft<string[]>('site') ?? [];
  const loginMethods = loginMethodsOf(authMethods);
  const screen = picked ?? firstScreenOf(authMethods, loginMethods);
  const design = editor.draft<SplashDesign>('design');
  const source = usePreviewSource(editor, siteId, siteName, authMethods, screen);
  const readOnly = !editor.canWrite;

  // Leaving the page (or reloading it) with unsaved changes asks first.
  useEffect(() => {
    if (!editor.dirty) return;
    const warn = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [editor.dirty]);

  if (editor.failed) return <Alert severity="error">{t('common.somethingWentWrong')}</Alert>;
  if (!design || !editor.resources.site)
    return (
      <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
        <CircularProgress aria-label={t('common.loading')} />
      </Box>
    );

  const tabs: TabId[] = ['design', ...loginMethods, 'multilanding', 'atos'];
  const shownTab = tabs.includes(tab) ? tab : 'design';
  const chooseTab = (next: TabId) => {
    setTab(next);
    if (next !== 'design') setScreen(screensOfMethod(next)[0]!);
  };
  const screens = screensOfSite(loginMethods);

  const save = async () => {
    if (!loginMethods.length) {
      setMethodsError(t('splash.methods.selectOne'));
      enqueueSnackbar(t('common.saveFailed'), { variant: 'error' });
      return;
    }
    const outcome = await editor.save();
    // The site's settings carry its methods (and the permission flags that follow them).
    if (outcome.site) dispatch(siteSettingsLoaded(outcome.site));
    if (outcome.ok) enqueueSnackbar(t('common.saved'), { variant: 'success' });
    else
      enqueueSnackbar(outcome.message ? `${t('common.saveFailed')}: ${text(outcome.message)}` : t('common.saveFailed'), {
        variant: 'error',
      });
  };

  const preview = source && <PreviewPanel source={source} lang={lang} screens={screens} screen={screen} onScreen={setScreen} />;

  return (
    <Stack spacing={2}>
      <Typography variant="h4" component="h1">
        {t('splash.title')}
      </Typography>
      <Typography color="text.secondary">{t('splash.intro')}</Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
        <OpenAsGuestButton siteId={siteId} sx={{ flex: 'none' }} />
        <Typography variant="body2" color="text.secondary">
          {t('splash.openAsGuest.help')}
        </Typography>
      </Stack>
      {readOnly && <Alert severity="info">{t('splash.readOnly')}</Alert>}
      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 1fr) minmax(340px, 42%)' },
          gap: 3,
          alignItems: 'start',
        }}
      >
        <Stack spacing={2} sx={{ minWidth: 0 }}>
          {!readOnly && <SaveBar dirty={editor.dirty} saving={editor.saving} onSave={save} />}
          <MethodsPicker
            authMethods={authMethods}
            disabled={readOnly}
            error={methodsError || (editor.errors.site?.auth_methods ? text(editor.errors.site.auth_methods) : undefined)}
            onChange={(next) => {
              setDraft<string[]>('site', () => next);
              clearErrors('site');
              setMethodsError(loginMethodsOf(next).length ? '' : t('splash.methods.selectOne'));
            }}
          />
          {!wide && (
            <>
              <Button variant="outlined" onClick={() => setShowPreview(!showPreview)} aria-expanded={showPreview}>
                {showPreview ? t('splash.hidePreview') : t('splash.showPreview')}
              </Button>
              <Collapse in={showPreview} unmountOnExit>
                {preview}
              </Collapse>
            </>
          )}
          <TextsLanguageSwitch lang={lang} onChange={setLang} />
          <Box sx={{ borderBottom: 1, borderColor: 'divider' }}>
            <Tabs
              value={shownTab}
              onChange={(_, v: TabId) => chooseTab(v)}
              // On a computer every tab shows, on as many rows as they need (longer Spanish names scrolled
              // behind arrows); the chosen one is underlined itself, as the sliding indicator draws one row.
              variant={wide ? 'standard' : 'scrollable'}
              scrollButtons="auto"
              allowScrollButtonsMobile
              sx={wide ? wrappedTabs(theme) : undefined}
              aria-label={t('splash.tabs.label')}
            >
              {tabs.map((id) => (
                <Tab key={id} value={id} label={id === 'design' ? t('splash.tabs.design') : methodName(id)} />
              ))}
            </Tabs>
          </Box>
          <Box role="tabpanel" aria-label={shownTab === 'design' ? t('splash.tabs.design') : methodName(shownTab)}>
            {shownTab === 'design' ? (
              <DesignEditor
                siteId={siteId}
                design={design}
                lang={lang}
                disabled={readOnly}
                errors={editor.errors.design ?? {}}
                fonts={fonts}
                thumbnails={thumbnails}
                onUploaded={(link) => setThumbnails((list) => [link, ...list.filter((l) => l !== link)])}
                serverText={text}
                onChange={(key, value) => {
                  setDraft<SplashDesign>('design', (d) => ({ ...d, [key]: value }));
                  clearErrors('design', (k) => k !== key);
                }}
                onText={(key, value) => {
                  setDraft<SplashDesign>('design', (d) => withText(d, key, lang, value));
                  clearErrors('design', (k) => k !== errorKeyOf(key, lang));
                }}
              />
            ) : (
              <MethodPanel
                key={shownTab}
                editor={editor}
                siteId={siteId}
                path={PATH_OF[shownTab]}
                lang={lang}
                disabled={readOnly}
                serverText={text}
              />
            )}
          </Box>
        </Stack>
        {wide && <Box sx={{ position: 'sticky', top: 80, maxHeight: 'calc(100vh - 96px)', overflowY: 'auto' }}>{preview}</Box>}
      </Box>
    </Stack>
  );
}
