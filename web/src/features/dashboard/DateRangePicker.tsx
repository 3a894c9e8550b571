import { useTranslation } from 'react-i18next';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import { DASHBOARD_MAX_DAYS } from '@splashboard/contract/dashboard';
import { RANGE_PRESETS, rangeProblem, type DayRange, type RangePreset } from './range.ts';

/**
 * The period of the dashboard: a preset (today, 7 days, 30 days, this month) counted in the site's time
 * zone, or custom days. `zone` is the time zone the days are counted in; null in the control panel,
 * where each location counts its own.
 */
export function DateRangePicker({
  preset,
  custom,
  zone,
  onChange,
}: {
  preset: RangePreset;
  custom: DayRange;
  zone: string | null;
  onChange: (preset: RangePreset, custom: DayRange) => void;
}) {
  const { t } = useTranslation();
  const problem = preset === 'custom' ? rangeProblem(custom) : null;
  const date = (key: keyof DayRange) => (
    <TextField
      type="date"
      size="small"
      label={t(`dashboard.range.${key}`)}
      value={custom[key]}
      onChange={(e) => e.target.value && onChange('custom', { ...custom, [key]: e.target.value })}
      error={Boolean(problem) && key === 'to'}
      helperText={problem && key === 'to' ? t(`dashboard.range.${problem}`, { days: DASHBOARD_MAX_DAYS }) : undefined}
      slotProps={{ inputLabel: { shrink: true } }}
      sx={{ width: { xs: '100%', sm: 170 } }}
    />
  );
  return (
    <Stack spacing={0.5} sx={{ minWidth: 0 }}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: { sm: 'flex-start' } }}>
        <TextField
          select
          size="small"
          label={t('dashboard.range.label')}
          value={preset}
          onChange={(e) => onChange(e.target.value as RangePreset, custom)}
          sx={{ minWidth: 180 }}
        >
          {RANGE_PRESETS.map((p) => (
            <MenuItem key={p} value={p}>
              {t(`dashboard.range.presets.${p}`)}
            </MenuItem>
          ))}
        </TextField>
        {preset === 'custom' && (
          <Stack direction="row" spacing={1.5}>
            {date('from')}
            {date('to')}
          </Stack>
        )}
      </Stack>
      <Typography variant="caption" color="text.secondary">
        {zone ? t('dashboard.range.zone', { zone }) : t('dashboard.range.zones')}
      </Typography>
    </Stack>
  );
}
