import type { ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import { isColour } from '@splashboard/contract';

interface Props {
  label: string;
  value: string;
  onChange(value: string): void;
  error?: string;
  disabled?: boolean;
}

/** #rgb and #rrggbb as the colour picker takes them (#rrggbb); other forms start it at black. */
function pickerValue(value: string): string {
  if (/^#[0-9a-f]{6}$/i.test(value)) return value.toLowerCase();
  const short = /^#([0-9a-f])([0-9a-f])([0-9a-f])$/i.exec(value);
  if (short) return `#${short[1]}${short[1]}${short[2]}${short[2]}${short[3]}${short[3]}`.toLowerCase();
  const rgb = /^rgba?\(\s*(\d{1,3})\s*,\s*(\d{1,3})\s*,\s*(\d{1,3})/i.exec(value);
  if (rgb) return `#${[rgb[1], rgb[2], rgb[3]].map((c) => Math.min(255, Number(c)).toString(16).padStart(2, '0')).join('')}`;
  return '#000000';
}

/** A colour: the browser's colour picker beside its text (#1976d2, rgba(...)), checked as it is typed. */
export function ColourField({ label, value, onChange, error, disabled }: Props) {
  const { t } = useTranslation();
  const invalid = value !== '' && !isColour(value.trim());
  return (
    <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
      <Box
        component="input"
        type="color"
        aria-label={t('splash.colour.pick', { label })}
        value={pickerValue(value.trim())}
        disabled={disabled}
        onChange={(e: ChangeEvent<HTMLInputElement>) => onChange(e.target.value)}
        sx={{
          width: 48,
          height: 40,
          mt: 0.5,
          p: 0.25,
          flex: 'none',
          border: 1,
          borderColor: 'divider',
          borderRadius: 1,
          bgcolor: 'background.paper',
          cursor: disabled ? 'default' : 'pointer',
        }}
      />
      <TextField
        size="small"
        fullWidth
        label={label}
        value={value}
        disabled={disabled}
        error={!!error || invalid}
        helperText={error || (invalid ? t('splash.colour.invalid') : undefined)}
        onChange={(e) => onChange(e.target.value)}
        slotProps={{ htmlInput: { maxLength: 40, spellCheck: false } }}
      />
    </Box>
  );
}
