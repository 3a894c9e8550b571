import { useTranslation } from 'react-i18next';
import TextField from '@mui/material/TextField';
import MenuItem from '@mui/material/MenuItem';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Switch from '@mui/material/Switch';
import Box from '@mui/material/Box';
import type { ApiRouterFamily } from '@splashboard/contract';
import type { ApiField } from './apiFamilies.ts';

export type ApiFormValues = Record<string, string | boolean>;

interface Props {
  family: ApiRouterFamily;
  fields: ApiField[];
  values: ApiFormValues;
  errors: Record<string, string>;
  secretsSet: Record<string, boolean>;
  onChange: (values: ApiFormValues) => void;
}

/** The fields of one family's settings, labelled from `apiRouters.{family}.{field}`. */
export function ApiRouterForm({ family, fields, values, errors, secretsSet, onChange }: Props) {
  const { t } = useTranslation();
  const label = (name: string) => t(`apiRouters.${family}.${name}`);
  const help = (name: string) => t(`apiRouters.${family}.${name}Help`, { defaultValue: '' });
  const set = (name: string, value: string | boolean) => onChange({ ...values, [name]: value });
  return (
    <>
      {fields.map((f) => {
        const error = errors[f.name];
        if (f.kind === 'switch')
          return (
            <Box key={f.name}>
              <FormControlLabel
                control={<Switch checked={values[f.name] === true} onChange={(e) => set(f.name, e.target.checked)} />}
                label={label(f.name)}
              />
              <FormHelperText error={!!error}>{error || help(f.name)}</FormHelperText>
            </Box>
          );
        if (f.kind === 'select')
          return (
            <TextField
              key={f.name}
              select
              label={label(f.name)}
              value={String(values[f.name] ?? '')}
              error={!!error}
              helperText={error || help(f.name)}
              onChange={(e) => set(f.name, e.target.value)}
              fullWidth
            >
              {f.options.map((o) => (
                <MenuItem key={o} value={o}>
                  {t(`apiRouters.${family}.${f.name}Options.${o}`)}
                </MenuItem>
              ))}
            </TextField>
          );
        const secret = f.kind === 'secret';
        return (
          <TextField
            key={f.name}
            label={label(f.name)}
            type={secret ? 'password' : 'text'}
            value={String(values[f.name] ?? '')}
            error={!!error}
            helperText={error || (secret && secretsSet[f.name] ? t('apiRouters.secretSet') : help(f.name))}
            onChange={(e) => set(f.name, e.target.value)}
            required={f.kind === 'secret' ? !f.optional && !secretsSet[f.name] : f.required}
            placeholder={f.kind === 'text' ? f.placeholder : undefined}
            autoComplete={secret ? 'new-password' : 'off'}
            fullWidth
            slotProps={{ htmlInput: { spellCheck: false, autoCapitalize: 'none' } }}
          />
        );
      })}
    </>
  );
}
