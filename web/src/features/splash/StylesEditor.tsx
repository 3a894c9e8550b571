import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { defaultStylesOf, styleFieldsOf, styleKindOf, type LoginMethodPath } from '@splashboard/contract';
import type { GuestLang } from '@splashboard/splash';
import { ColourField } from './ColourField.tsx';
import { RichHeadingField, headingPlaceholder } from './RichHeadingField.tsx';
import { styleGroups, styleSlot } from './labels.ts';
import { fallbackStyles } from './previewScreens.ts';
import { errorKeyOf, textIn } from './texts.ts';

interface Props {
  path: LoginMethodPath;
  /** The screen's styles, with their texts' versions in other languages. */
  styles: Record<string, unknown>;
  /** The language whose texts are edited (colours are the same in every language). */
  lang: GuestLang;
  onChange(name: string, value: string): void;
  errors: Record<string, string>;
  disabled: boolean;
  serverText(message: string): string;
}

/**
 * One screen's styles, grouped by what they style (fields, each button, headings): colours, button texts
 * and headings. Texts show the language being edited; where a version is empty, its placeholder is what
 * guests read instead (the English text, or the default in their language).
 */
export function StylesEditor({ path, styles, lang, onChange, errors, disabled, serverText }: Props) {
  const { t } = useTranslation();
  const err = (name: string) => {
    const key = styleKindOf(name) === 'colour' ? name : errorKeyOf(name, lang);
    return errors[key] ? serverText(errors[key]) : undefined;
  };
  const defaults = defaultStylesOf(path);
  const fallback = lang === 'en-US' ? null : fallbackStyles(path, styles, lang);
  const english = (name: string) => fallback?.[name];
  return (
    <Stack spacing={2.5}>
      {styleGroups(path, styleFieldsOf(path)).map(({ group, names }) => (
        <Box key={group} component="fieldset" sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
          <Typography component="legend" variant="subtitle2" sx={{ p: 0, mb: 1.5 }}>
            {t(`splash.styles.groups.${group}`)}
          </Typography>
          <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 1.5 }}>
            {names.map((name) => {
              const label = t(`splash.styles.attrs.${styleSlot(path, name).attr}`);
              const kind = styleKindOf(name);
              if (kind === 'colour')
                return (
                  <ColourField
                    key={name}
                    label={label}
                    value={String(styles[name] ?? '')}
                    error={err(name)}
                    disabled={disabled}
                    onChange={(v) => onChange(name, v)}
                  />
                );
              const value = textIn(styles, name, lang);
              const fallback = english(name);
              if (kind === 'html')
                return (
                  <RichHeadingField
                    key={`${name}:${lang}`}
                    label={label}
                    value={value}
                    placeholder={fallback === undefined ? undefined : headingPlaceholder(fallback)}
                    level={defaults[name]?.startsWith('<h3>') ? 3 : 2}
                    disabled={disabled}
                    error={err(name)}
                    help={t('splash.styles.htmlHelp')}
                    onChange={(v) => onChange(name, v)}
                  />
                );
              return (
                <TextField
                  key={`${name}:${lang}`}
                  size="small"
                  label={label}
                  value={value}
                  placeholder={fallback}
                  disabled={disabled}
                  error={!!err(name)}
                  helperText={err(name)}
                  onChange={(e) => onChange(name, e.target.value)}
                  slotProps={{
                    htmlInput: { maxLength: 100, lang: lang.slice(0, 2) },
                    inputLabel: fallback ? { shrink: true } : undefined,
                  }}
                />
              );
            })}
          </Box>
        </Box>
      ))}
    </Stack>
  );
}
