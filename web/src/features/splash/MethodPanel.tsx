import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import Stack from '@mui/material/Stack';
import Skeleton from '@mui/material/Skeleton';
import { REQUIRED_FIELD_OF, styleKindOf, type FieldListName, type LoginField, type LoginMethodPath } from '@splashboard/contract';
import type { GuestLang } from '@splashboard/splash';
import { FieldListEditor } from './FieldListEditor.tsx';
import { Section } from './Section.tsx';
import { StylesEditor } from './StylesEditor.tsx';
import { ValuesEditor } from './ValuesEditor.tsx';
import { StripeConnectionPanel } from '../payments/StripeConnectionPanel.tsx';
import { listsOf, methodRefs, refs } from './resources.ts';
import { errorKeyOf, withText } from './texts.ts';
import type { SplashEditor } from './useSplashEditor.ts';

interface Props {
  editor: SplashEditor;
  siteId: number;
  path: LoginMethodPath;
  /** The language whose texts are edited. */
  lang: GuestLang;
  disabled: boolean;
  serverText(message: string): string;
  /** Only the screen style (the settings pages of one screen). */
  styleOnly?: boolean;
}

const LIST_HELP: Record<FieldListName, string> = {
  login_fields: 'splash.sections.fieldsHelp',
  registration_fields: 'splash.sections.registrationHelp',
  account_login_fields: 'splash.sections.accountHelp',
};

/** One login method's (or the start or terms page's) settings: its field lists, advanced settings and screen style. */
export function MethodPanel({ editor, siteId, path, lang, disabled, serverText, styleOnly }: Props) {
  const { t } = useTranslation();
  const { load, loadAvailable } = editor;
  useEffect(() => {
    load(methodRefs(siteId, path));
    if (!styleOnly && listsOf(path).length) loadAvailable(siteId, path);
  }, [load, loadAvailable, siteId, path, styleOnly]);

  const valuesRef = refs.values(siteId, path);
  const stylesRef = refs.styles(siteId, path);
  const values = editor.draft<Record<string, unknown>>(valuesRef.id);
  const styles = editor.draft<Record<string, unknown>>(stylesRef.id);

  const styleSection = styles ? (
    <StylesEditor
      path={path}
      styles={styles}
      lang={lang}
      disabled={disabled}
      errors={editor.errors[stylesRef.id] ?? {}}
      serverText={serverText}
      onChange={(name, value) => {
        // Colours are the same in every language.
        const text = styleKindOf(name) !== 'colour';
        editor.setDraft<Record<string, unknown>>(stylesRef.id, (s) => withText(s, name, text ? lang : 'en-US', value));
        const key = errorKeyOf(name, text ? lang : 'en-US');
        editor.clearErrors(stylesRef.id, (k) => k !== key);
      }}
    />
  ) : (
    <Skeleton variant="rounded" height={160} />
  );
  if (styleOnly) return styleSection;

  return (
    <Stack spacing={1}>
      {listsOf(path).map((list) => {
        const ref = refs.list(siteId, path, list);
        const fields = editor.draft<LoginField[]>(ref.id);
        return (
          <Section
            key={list}
            title={t(`splash.sections.${list === 'login_fields' ? 'fields' : list}`)}
            help={t(LIST_HELP[list])}
            defaultExpanded
          >
            {fields ? (
              <FieldListEditor
                label={t(`splash.sections.${list === 'login_fields' ? 'fields' : list}`)}
                fields={fields}
                available={editor.available[path]}
                disabled={disabled}
                errors={editor.errors[ref.id] ?? {}}
                required={list === 'login_fields' ? REQUIRED_FIELD_OF[path] : undefined}
                lang={lang}
                birthdayFormatFromValues={path === 'ageconsent'}
                serverText={serverText}
                onChange={(next, structural) => {
                  editor.setDraft<LoginField[]>(ref.id, () => next);
                  if (structural) editor.clearErrors(ref.id);
                }}
              />
            ) : (
              <Skeleton variant="rounded" height={120} />
            )}
          </Section>
        );
      })}
      {path === 'paymentloginconfig' && (
        <Section title={t('payments.stripe.title')} defaultExpanded>
          <StripeConnectionPanel siteId={siteId} disabled={disabled} />
        </Section>
      )}
      {path !== 'multilanding' && (
        <Section title={t('splash.sections.advanced')}>
          {values ? (
            <ValuesEditor
              path={path}
              values={values}
              disabled={disabled}
              errors={editor.errors[valuesRef.id] ?? {}}
              serverText={serverText}
              onChange={(patch) => {
                editor.setDraft<Record<string, unknown>>(valuesRef.id, (v) => ({ ...v, ...patch }));
                editor.clearErrors(valuesRef.id, (k) => !(k in patch));
              }}
            />
          ) : (
            <Skeleton variant="rounded" height={120} />
          )}
        </Section>
      )}
      <Section
        title={t('splash.sections.style')}
        help={t('splash.sections.styleHelp')}
        defaultExpanded={listsOf(path).length === 0}
      >
        {styleSection}
      </Section>
    </Stack>
  );
}
