import { useEffect, useMemo } from 'react';
import type { FieldListName, LoginField, LoginMethodPath, SplashDesign } from '@splashboard/contract';
import type { PreviewScreenId, PreviewSource } from './previewScreens.ts';
import { PATH_OF, loginMethodsOf, methodRefs, refs } from './resources.ts';
import { useUnavailableLoginMethods } from '../../app/useUnavailableLoginMethods.ts';
import type { SplashEditor } from './useSplashEditor.ts';

/** The settings path whose screen a preview screen is. */
export function pathOfScreen(screen: PreviewScreenId): LoginMethodPath | null {
  if (screen === 'start') return 'multilanding';
  if (screen === 'terms') return 'atos';
  if (screen === 'phone:code') return 'phoneconfig';
  if (screen === 'guestuser:signup') return 'guestuserloginconfig';
  if (screen.startsWith('method:')) return PATH_OF[screen.slice('method:'.length) as keyof typeof PATH_OF];
  return null;
}

/**
 * What the preview draws from: the drafts being edited (the design, the site's login methods, the
 * shown screen's styles, values and fields), loading the shown screen's settings when it is first shown.
 */
export function usePreviewSource(
  editor: SplashEditor,
  siteId: number,
  siteName: string,
  authMethods: readonly string[],
  screen: PreviewScreenId,
): Omit<PreviewSource, 'lang'> | null {
  const { load, resources } = editor;
  const path = pathOfScreen(screen);
  // The portal never shows a method this server cannot serve (Facebook without an app), so neither does the preview.
  const unavailable = useUnavailableLoginMethods();
  useEffect(() => {
    if (path) load(methodRefs(siteId, path));
  }, [load, siteId, path]);

  return useMemo(() => {
    const design = resources.design?.draft as SplashDesign | undefined;
    if (!design) return null;
    const draft = <T>(id: string) => resources[id]?.draft as T | undefined;
    return {
      siteName,
      design,
      loginMethods: loginMethodsOf(authMethods.filter((m) => !unavailable.includes(m))),
      styles: (p: LoginMethodPath) => draft<Record<string, string>>(refs.styles(siteId, p).id),
      values: (p: LoginMethodPath) => draft<Record<string, unknown>>(refs.values(siteId, p).id),
      fields: (p: LoginMethodPath, list: FieldListName) => draft<LoginField[]>(refs.list(siteId, p, list).id),
    };
  }, [resources, siteId, siteName, authMethods, unavailable]);
}
