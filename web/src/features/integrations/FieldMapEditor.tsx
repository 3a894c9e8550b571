import { useTranslation } from 'react-i18next';
import { Controller, useFieldArray, type Control } from 'react-hook-form';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { FieldMapEntry } from '@splashboard/contract/integrations';
import { AddIcon, DeleteOutlinedIcon } from '../../components/icons.ts';
import type { IntegrationFormValues } from './settingsForm.ts';

/** A guest field's name: the standard ones translated, a custom one (`custom:<title>`) by its title. */
function useSourceLabel() {
  const { t } = useTranslation();
  return (source: string) =>
    source.startsWith('custom:')
      ? t('integrations.fieldMap.custom', { title: source.slice('custom:'.length) })
      : t(`integrations.fieldMap.sources.${source}`, { defaultValue: source });
}

/** Rows guest field → vendor field: add, remove, and back to the vendor's default map. */
export function FieldMapEditor({
  control,
  vendor,
  sources,
  defaults,
  disabled,
}: {
  control: Control<IntegrationFormValues>;
  vendor: string;
  sources: string[];
  defaults: FieldMapEntry[];
  disabled: boolean;
}) {
  const { t } = useTranslation();
  const sourceLabel = useSourceLabel();
  const { fields, append, remove, replace } = useFieldArray({ control, name: 'field_map' });
  return (
    <Stack spacing={2}>
      <Typography variant="body2" color="text.secondary">
        {t('integrations.fieldMap.help', { name: vendor })}
      </Typography>
      {fields.length === 0 && <Typography color="text.secondary">{t('integrations.fieldMap.empty')}</Typography>}
      {fields.map((row, i) => (
        <Stack key={row.id} direction={{ xs: 'column', sm: 'row' }} spacing={1} data-testid="field-map-row">
          <Controller
            name={`field_map.${i}.source`}
            control={control}
            render={({ field, fieldState }) => {
              const options = sources.includes(field.value) ? sources : [field.value, ...sources];
              return (
                <TextField
                  {...field}
                  select
                  label={t('integrations.fieldMap.source')}
                  disabled={disabled}
                  error={!!fieldState.error}
                  helperText={fieldState.error?.message}
                  sx={{ flex: 1 }}
                >
                  {options.map((s) => (
                    <MenuItem key={s} value={s}>
                      {sourceLabel(s)}
                    </MenuItem>
                  ))}
                </TextField>
              );
            }}
          />
          <Controller
            name={`field_map.${i}.target`}
            control={control}
            rules={{ validate: (v) => !!v.trim() || t('common.errors.required') }}
            render={({ field, fieldState }) => (
              <TextField
                {...field}
                label={t('integrations.fieldMap.target', { name: vendor })}
                required
                disabled={disabled}
                error={!!fieldState.error}
                helperText={fieldState.error?.message}
                sx={{ flex: 1 }}
              />
            )}
          />
          <IconButton
            aria-label={t('integrations.fieldMap.remove', { n: i + 1 })}
            onClick={() => remove(i)}
            disabled={disabled}
            sx={{ alignSelf: { xs: 'flex-end', sm: 'center' } }}
          >
            <DeleteOutlinedIcon />
          </IconButton>
        </Stack>
      ))}
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
        <Button
          startIcon={<AddIcon />}
          onClick={() => append({ source: 'email', target: '' })}
          disabled={disabled || fields.length >= 50}
        >
          {t('integrations.fieldMap.add')}
        </Button>
        <Button onClick={() => replace(defaults.map((e) => ({ ...e })))} disabled={disabled}>
          {t('integrations.fieldMap.reset')}
        </Button>
      </Stack>
    </Stack>
  );
}
