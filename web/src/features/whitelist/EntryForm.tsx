import type { FormEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Button from '@mui/material/Button';
import type { MacEntryInput } from '@splashboard/contract';

export type EntryValues = Required<MacEntryInput>;

/** MAC address, external IP and description of a whitelisted device, for create and edit. */
export function EntryForm({
  values,
  onChange,
  errors,
  disabled,
  onSubmit,
  actions,
}: {
  values: EntryValues;
  onChange: (v: EntryValues) => void;
  errors: Record<string, string>;
  disabled: boolean;
  onSubmit: () => void;
  actions: ReactNode;
}) {
  const { t } = useTranslation();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSubmit();
  };
  const field = (key: keyof EntryValues, label: string, help: string, max: number, required: boolean) => (
    <TextField
      label={label}
      value={values[key]}
      required={required}
      disabled={disabled}
      error={!!errors[key]}
      helperText={errors[key] || help}
      onChange={(e) => onChange({ ...values, [key]: e.target.value })}
      slotProps={{ htmlInput: { maxLength: max, required: false } }}
    />
  );
  return (
    <Stack component="form" spacing={2} onSubmit={submit} noValidate>
      {field('mac', t('whitelist.form.mac'), t('whitelist.form.macHelp'), 32, true)}
      {field('external_ip', t('whitelist.form.externalIp'), t('whitelist.form.externalIpHelp'), 45, true)}
      {field('description', t('whitelist.form.description'), '', 200, false)}
      <Stack direction="row" spacing={1}>
        <Button type="submit" variant="contained" disabled={disabled}>
          {t('whitelist.form.save')}
        </Button>
        {actions}
      </Stack>
    </Stack>
  );
}
