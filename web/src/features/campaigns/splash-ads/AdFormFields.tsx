import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import MenuItem from '@mui/material/MenuItem';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { AUTOSKIP_MAX_SECONDS, SPLASH_AD_PLACEMENTS, SPLASH_AD_TRIGGERS } from '@splashboard/contract';
import type { AdFormValues } from './adForm.ts';
import { RulesBuilder } from './RulesBuilder.tsx';

/** The ad's fields: content, link, placement, display, auto-skip, schedule and rules. */
export function AdFormFields(props: {
  values: AdFormValues;
  onChange: (values: AdFormValues) => void;
  errors: Record<string, string>;
  disabled?: boolean;
  /** The ad's content (the visual editor), between its name and its link. */
  content?: ReactNode;
}) {
  const { t } = useTranslation();
  const { values: v, onChange, errors, disabled } = props;
  const set = <K extends keyof AdFormValues>(key: K, value: AdFormValues[K]) => onChange({ ...v, [key]: value });
  const text = (key: 'name' | 'link_url' | 'autoskiptime' | 'start' | 'end', label: string) => ({
    label,
    value: v[key],
    disabled,
    error: !!errors[key === 'start' ? 'start_time' : key === 'end' ? 'end_time' : key],
    helperText: errors[key === 'start' ? 'start_time' : key === 'end' ? 'end_time' : key],
    onChange: (e: { target: { value: string } }) => set(key, e.target.value),
  });
  const switchOf = (key: 'active' | 'autoskip' | 'run_now' | 'enable_rules', label: string) => (
    <FormControlLabel
      control={<Switch checked={v[key]} disabled={disabled} onChange={(e) => set(key, e.target.checked)} />}
      label={label}
    />
  );
  const seconds = Number(v.autoskiptime) || 0;
  return (
    <Stack spacing={2}>
      <TextField required {...text('name', t('campaigns.ads.form.name'))} />
      {switchOf('active', t('campaigns.ads.form.active'))}
      {props.content}
      <TextField type="url" {...text('link_url', t('campaigns.ads.form.link'))} />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField
          select
          fullWidth
          label={t('campaigns.ads.form.placement')}
          value={v.placement}
          disabled={disabled}
          onChange={(e) => set('placement', e.target.value as AdFormValues['placement'])}
        >
          {SPLASH_AD_PLACEMENTS.map((p) => (
            <MenuItem key={p} value={p}>
              {t(`campaigns.ads.placement.${p}`)}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          fullWidth
          label={t('campaigns.ads.form.display')}
          value={v.trigger_type}
          disabled={disabled}
          onChange={(e) => set('trigger_type', e.target.value as AdFormValues['trigger_type'])}
        >
          {SPLASH_AD_TRIGGERS.map((d) => (
            <MenuItem key={d} value={d}>
              {t(`campaigns.ads.display.${d}`)}
            </MenuItem>
          ))}
        </TextField>
      </Stack>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
        {switchOf('autoskip', t('campaigns.ads.form.autoskip'))}
        <TextField
          type="number"
          sx={{ maxWidth: 140 }}
          slotProps={{ htmlInput: { min: 1, max: AUTOSKIP_MAX_SECONDS } }}
          {...text('autoskiptime', t('campaigns.ads.form.seconds'))}
        />
        <Typography variant="body2" color="text.secondary">
          {t(v.autoskip ? 'campaigns.ads.form.autoskipOn' : 'campaigns.ads.form.autoskipOff', { count: seconds })}
        </Typography>
      </Stack>
      <Typography variant="h6" component="h2">
        {t('campaigns.ads.form.schedule')}
      </Typography>
      {switchOf('run_now', t('campaigns.ads.form.runNow'))}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        {!v.run_now && (
          <TextField
            type="datetime-local"
            slotProps={{ inputLabel: { shrink: true } }}
            {...text('start', t('campaigns.ads.form.start'))}
          />
        )}
        <TextField
          type="datetime-local"
          slotProps={{ inputLabel: { shrink: true } }}
          {...text('end', t('campaigns.ads.form.end'))}
        />
      </Stack>
      <Typography variant="h6" component="h2">
        {t('campaigns.ads.form.rules')}
      </Typography>
      {switchOf('enable_rules', t('campaigns.ads.form.enableRules'))}
      {v.enable_rules && (
        <>
          <TextField
            select
            sx={{ maxWidth: 320 }}
            label={t('campaigns.ads.form.chaining')}
            value={v.rules_chaining}
            disabled={disabled}
            onChange={(e) => set('rules_chaining', e.target.value as 'and' | 'or')}
          >
            <MenuItem value="and">{t('campaigns.ads.form.and')}</MenuItem>
            <MenuItem value="or">{t('campaigns.ads.form.or')}</MenuItem>
          </TextField>
          <RulesBuilder rules={v.rules} onChange={(rules) => set('rules', rules)} errors={errors} disabled={disabled} />
        </>
      )}
    </Stack>
  );
}
