import type { FormEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import MenuItem from '@mui/material/MenuItem';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import CircularProgress from '@mui/material/CircularProgress';
import FormControl from '@mui/material/FormControl';
import FormLabel from '@mui/material/FormLabel';
import FormGroup from '@mui/material/FormGroup';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Checkbox from '@mui/material/Checkbox';
import { DURATION_TYPES, type VoucherKind } from '@splashboard/contract';

export interface BatchFormValues {
  batch_id: string;
  count: string;
  duration_value: string;
  duration_type: (typeof DURATION_TYPES)[number];
  num_devices: string;
  speed_ul: string;
  speed_dl: string;
  data_limit: string;
  notes: string;
  valid_until: string;
  site_ids: number[];
}

export const EMPTY_BATCH: BatchFormValues = {
  batch_id: '',
  count: '10',
  duration_value: '1',
  duration_type: 'days',
  num_devices: '1',
  speed_ul: '0',
  speed_dl: '0',
  data_limit: '0',
  notes: '',
  valid_until: '',
  site_ids: [],
};

const NUMBERS = ['count', 'duration_value', 'num_devices', 'speed_ul', 'speed_dl', 'data_limit'] as const;

/** The body to send: numbers as numbers (anything else as typed, for the schema to name), empty optional fields left out. */
export function bodyOf(v: BatchFormValues, kind: VoucherKind): Record<string, unknown> {
  const body: Record<string, unknown> = { duration_type: v.duration_type, notes: v.notes };
  for (const k of NUMBERS) body[k] = /^\s*\d+\s*$/.test(v[k]) ? Number(v[k]) : v[k].trim() === '' ? undefined : v[k];
  if (v.batch_id.trim()) body.batch_id = v.batch_id.trim();
  body.valid_until = v.valid_until || null;
  if (kind === 'multisite_voucher') body.site_ids = v.site_ids;
  return body;
}

/** The fields of a new batch; for multi-site vouchers also the sites it works at. */
export function BatchForm(props: {
  kind: VoucherKind;
  values: BatchFormValues;
  onChange: (v: BatchFormValues) => void;
  errors: Record<string, string>;
  busy: boolean;
  onSubmit: () => void;
  sites: { id: number; name: string }[];
  currentSiteId: number;
  actions?: ReactNode;
}) {
  const { t } = useTranslation();
  const { values, onChange, errors } = props;
  const f = (k: Exclude<keyof BatchFormValues, 'site_ids'>) => ({
    value: values[k],
    onChange: (e: { target: { value: string } }) => onChange({ ...values, [k]: e.target.value }),
    error: !!errors[k],
    name: k,
    id: `voucher-${k}`,
  });
  const help = (k: string, text?: string) => errors[k] || text;
  const number = { htmlInput: { inputMode: 'numeric' as const } };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    props.onSubmit();
  };
  const toggleSite = (id: number, on: boolean) =>
    onChange({ ...values, site_ids: on ? [...values.site_ids, id] : values.site_ids.filter((s) => s !== id) });

  return (
    <Stack component="form" spacing={2} onSubmit={submit} noValidate>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Stack spacing={2}>
          <Typography variant="h6" component="h2">
            {t('vouchers.form.batch')}
          </Typography>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <TextField
              {...f('batch_id')}
              label={t('vouchers.form.batchId')}
              helperText={help('batch_id', t('vouchers.form.batchIdHelp'))}
              slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 4 } }}
              sx={{ flex: 1 }}
            />
            <TextField
              {...f('count')}
              label={t('vouchers.form.count')}
              required
              helperText={help('count', t('vouchers.form.countHelp'))}
              slotProps={number}
              sx={{ flex: 1 }}
            />
          </Stack>
          <TextField
            {...f('notes')}
            label={t('vouchers.form.notes')}
            multiline
            minRows={2}
            helperText={help('notes', t('vouchers.form.notesHelp'))}
            slotProps={{ htmlInput: { maxLength: 500 } }}
          />
          <TextField
            {...f('valid_until')}
            type="date"
            label={t('vouchers.form.validUntil')}
            helperText={help('valid_until', t('vouchers.form.validUntilHelp'))}
            slotProps={{ inputLabel: { shrink: true } }}
            sx={{ maxWidth: { sm: 260 } }}
          />
        </Stack>
      </Paper>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Stack spacing={2}>
          <Typography variant="h6" component="h2">
            {t('vouchers.form.access')}
          </Typography>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <TextField
              {...f('duration_value')}
              label={t('vouchers.form.duration')}
              required
              helperText={help('duration_value', t('vouchers.form.durationHelp'))}
              slotProps={number}
              sx={{ flex: 1 }}
            />
            <TextField
              {...f('duration_type')}
              select
              label={t('vouchers.form.durationUnit')}
              helperText={help('duration_type')}
              sx={{ minWidth: 160 }}
            >
              {DURATION_TYPES.map((u) => (
                <MenuItem key={u} value={u}>
                  {t(`vouchers.unitNames.${u}`)}
                </MenuItem>
              ))}
            </TextField>
          </Stack>
          <TextField
            {...f('num_devices')}
            label={t('vouchers.form.numDevices')}
            helperText={help('num_devices', t('vouchers.form.numDevicesHelp'))}
            slotProps={number}
          />
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <TextField
              {...f('speed_ul')}
              label={t('vouchers.form.speedUp')}
              helperText={help('speed_ul', t('vouchers.form.zeroUnlimited'))}
              slotProps={number}
              sx={{ flex: 1 }}
            />
            <TextField
              {...f('speed_dl')}
              label={t('vouchers.form.speedDown')}
              helperText={help('speed_dl', t('vouchers.form.zeroUnlimited'))}
              slotProps={number}
              sx={{ flex: 1 }}
            />
          </Stack>
          <TextField
            {...f('data_limit')}
            label={t('vouchers.form.dataLimit')}
            helperText={help('data_limit', t('vouchers.form.dataLimitHelp'))}
            slotProps={number}
          />
        </Stack>
      </Paper>
      {props.kind === 'multisite_voucher' && (
        <Paper variant="outlined" sx={{ p: 2 }}>
          <FormControl error={!!errors.site_ids} component="fieldset" variant="standard">
            <FormLabel component="legend">{t('vouchers.form.sites')}</FormLabel>
            <FormHelperText>{help('site_ids', t('vouchers.form.sitesHelp'))}</FormHelperText>
            <FormGroup>
              {props.sites.map((s) => (
                <FormControlLabel
                  key={s.id}
                  label={s.id === props.currentSiteId ? t('vouchers.form.thisSite', { name: s.name }) : s.name}
                  control={
                    <Checkbox
                      checked={s.id === props.currentSiteId || values.site_ids.includes(s.id)}
                      disabled={s.id === props.currentSiteId}
                      onChange={(e) => toggleSite(s.id, e.target.checked)}
                    />
                  }
                />
              ))}
            </FormGroup>
          </FormControl>
        </Paper>
      )}
      <Stack direction="row" spacing={1}>
        <Button
          type="submit"
          variant="contained"
          disabled={props.busy}
          startIcon={props.busy ? <CircularProgress size={16} color="inherit" /> : undefined}
        >
          {props.busy ? t('vouchers.form.creating') : t('vouchers.form.submit')}
        </Button>
        {props.actions}
      </Stack>
    </Stack>
  );
}
