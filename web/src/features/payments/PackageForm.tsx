import type { FormEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import MenuItem from '@mui/material/MenuItem';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import Button from '@mui/material/Button';
import { BYTES_TYPES, DURATION_TYPES, type Package } from '@splashboard/contract';
import { SectionCard } from '../../components/SectionCard.tsx';
import { decimalToMinor, minorToDecimal } from './money.ts';

/** The form's values as typed (numbers as text, the price as a decimal in the site's currency). */
export interface PackageFormValues {
  name: string;
  description: string;
  price: string;
  duration_val: string;
  duration_type: (typeof DURATION_TYPES)[number];
  bytes_t: string;
  bytes_type: (typeof BYTES_TYPES)[number];
  speed_ul: string;
  speed_dl: string;
  num_devices: string;
  recurring: boolean;
}

export const EMPTY_PACKAGE: PackageFormValues = {
  name: '',
  description: '',
  price: '',
  duration_val: '1',
  duration_type: 'days',
  bytes_t: '0',
  bytes_type: 'MB',
  speed_ul: '0',
  speed_dl: '0',
  num_devices: '1',
  recurring: false,
};

export const formOf = (p: Package): PackageFormValues => ({
  name: p.name,
  description: p.description,
  price: minorToDecimal(p.price, p.currency),
  duration_val: String(p.duration_val),
  duration_type: p.duration_type,
  bytes_t: String(p.bytes_t),
  bytes_type: p.bytes_type,
  speed_ul: String(p.speed_ul),
  speed_dl: String(p.speed_dl),
  num_devices: String(p.num_devices),
  recurring: p.recurring,
});

const number = (typed: string) => (typed.trim() === '' ? NaN : Number(typed));

/**
 * What the form sends: a trial's price is 0 and it does not renew; a sold package only its name and
 * description (its price and terms are fixed). `price` is null when the typed price is not a price.
 */
export function bodyOf(v: PackageFormValues, { trial, sold, currency }: { trial: boolean; sold: boolean; currency: string }) {
  const texts = { name: v.name, description: v.description };
  if (sold) return { body: texts, price: 0 };
  const price = trial ? 0 : decimalToMinor(v.price, currency);
  return {
    price,
    body: {
      ...texts,
      price: price ?? 0,
      duration_val: number(v.duration_val),
      duration_type: v.duration_type,
      bytes_t: number(v.bytes_t),
      bytes_type: v.bytes_type,
      speed_ul: number(v.speed_ul),
      speed_dl: number(v.speed_dl),
      num_devices: number(v.num_devices),
      recurring: trial ? false : v.recurring,
    },
  };
}

interface Props {
  values: PackageFormValues;
  onChange: (v: PackageFormValues) => void;
  errors: Record<string, string>;
  trial: boolean;
  /** Guests bought it: price, terms and recurring are shown but fixed. */
  sold: boolean;
  currency: string;
  disabled: boolean;
  onSubmit: () => void;
  note?: ReactNode;
  actions: ReactNode;
}

/** A package's form: name and description, price (not for a trial), duration, limits, devices, renewal. */
export function PackageForm({ values, onChange, errors, trial, sold, currency, disabled, onSubmit, note, actions }: Props) {
  const { t } = useTranslation();
  const set = (patch: Partial<PackageFormValues>) => onChange({ ...values, ...patch });
  const fixed = disabled || sold;
  const field = (key: keyof PackageFormValues, label: string, extra: { type?: string; fixed?: boolean } = {}) => (
    <TextField
      id={`package-${key}`}
      name={key}
      label={label}
      type={extra.type ?? 'number'}
      value={values[key]}
      onChange={(e) => set({ [key]: e.target.value })}
      disabled={extra.fixed ?? fixed}
      error={!!errors[key]}
      helperText={errors[key] || undefined}
      slotProps={extra.type ? undefined : { htmlInput: { min: 0, step: 1 } }}
      sx={{ flex: 1 }}
    />
  );
  const select = <K extends 'duration_type' | 'bytes_type'>(
    key: K,
    label: string,
    options: readonly string[],
    text: (o: string) => string,
  ) => (
    <TextField
      id={`package-${key}`}
      select
      label={label}
      value={values[key]}
      onChange={(e) => set({ [key]: e.target.value } as Partial<PackageFormValues>)}
      disabled={fixed}
      sx={{ minWidth: 140 }}
    >
      {options.map((o) => (
        <MenuItem key={o} value={o}>
          {text(o)}
        </MenuItem>
      ))}
    </TextField>
  );

  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSubmit();
  };

  return (
    <Stack component="form" spacing={2} onSubmit={submit} noValidate>
      {note}
      <SectionCard title={t('payments.form.name')}>
        <TextField
          id="package-name"
          name="name"
          label={t('payments.form.name')}
          value={values.name}
          onChange={(e) => set({ name: e.target.value })}
          disabled={disabled}
          required
          error={!!errors.name}
          helperText={errors.name || undefined}
          slotProps={{ htmlInput: { maxLength: 80 } }}
        />
        <TextField
          id="package-description"
          name="description"
          label={t('payments.form.description')}
          value={values.description}
          onChange={(e) => set({ description: e.target.value })}
          disabled={disabled}
          multiline
          minRows={2}
          error={!!errors.description}
          helperText={errors.description || undefined}
          slotProps={{ htmlInput: { maxLength: 500 } }}
        />
        {!trial && (
          <TextField
            id="package-price"
            name="price"
            label={t('payments.form.price', { currency })}
            value={values.price}
            onChange={(e) => set({ price: e.target.value })}
            disabled={fixed}
            required
            error={!!errors.price}
            helperText={errors.price || undefined}
            slotProps={{ htmlInput: { inputMode: 'decimal', maxLength: 13 } }}
            sx={{ maxWidth: 260 }}
          />
        )}
      </SectionCard>
      <SectionCard title={t('payments.packages.columns.duration')}>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          {field('duration_val', t('payments.form.duration_val'))}
          {select('duration_type', t('payments.form.duration_type'), DURATION_TYPES, (o) =>
            t(`payments.form.durationTypes.${o}`),
          )}
        </Stack>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          {field('bytes_t', t('payments.form.bytes_t'))}
          {select('bytes_type', t('payments.form.bytes_type'), BYTES_TYPES, (o) => o)}
        </Stack>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          {field('speed_ul', t('payments.form.speed_ul'))}
          {field('speed_dl', t('payments.form.speed_dl'))}
        </Stack>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ maxWidth: { sm: '50%' } }}>
          {field('num_devices', t('payments.form.num_devices'))}
        </Stack>
        {!trial && (
          <FormControlLabel
            control={
              <Switch checked={values.recurring} disabled={fixed} onChange={(e) => set({ recurring: e.target.checked })} />
            }
            label={t('payments.form.recurring')}
          />
        )}
      </SectionCard>
      <Stack direction="row" spacing={1}>
        <Button type="submit" variant="contained" disabled={disabled}>
          {t('payments.form.save')}
        </Button>
        {actions}
      </Stack>
    </Stack>
  );
}
