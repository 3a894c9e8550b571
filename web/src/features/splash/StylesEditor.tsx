import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { styleFieldsOf, styleKindOf, type LoginMethodPath } from '@splashboard/contract';
import { ColourField } from './ColourField.tsx';
import { styleGroups, styleSlot } from './labels.ts';

interface Props {
  path: LoginMethodPath;
  styles: Record<string, string>;
  onChange(name: string, value: string): void;
  errors: Record<string, string>;
  disabled: boolean;
  serverText(message: string): string;
}

/** One screen's styles, grouped by what they style (fields, each button, headings): colours, texts and heading HTML. */
export function StylesEditor({ path, styles, onChange, errors, disabled, serverText }: Props) {
  const { t } = useTranslation();
  const err = (name: string) => (errors[name] ? serverText(errors[name]) : undefined);
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
              const value = styles[name] ?? '';
              if (kind === 'colour')
                return (
                  <ColourField
                    key={name}
                    label={label}
                    value={value}
                    error={err(name)}
                    disabled={disabled}
                    onChange={(v) => onChange(name, v)}
                  />
                );
              return (
                <TextField
                  key={name}
                  size="small"
                  label={label}
                  value={value}
                  disabled={disabled}
                  error={!!err(name)}
                  helperText={err(name) ?? (kind === 'html' ? t('splash.styles.htmlHelp') : undefined)}
                  multiline={kind === 'html'}
                  minRows={kind === 'html' ? 2 : undefined}
                  onChange={(e) => onChange(name, e.target.value)}
                  slotProps={{ htmlInput: { maxLength: kind === 'html' ? 5000 : 100, spellCheck: kind !== 'html' } }}
                  sx={kind === 'html' ? { gridColumn: '1 / -1' } : undefined}
                />
              );
            })}
          </Box>
        </Box>
      ))}
    </Stack>
  );
}
