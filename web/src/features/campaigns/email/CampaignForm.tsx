import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import MenuItem from '@mui/material/MenuItem';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import { EMAIL_CAMPAIGN_TRIGGERS, EMAIL_TYPES, SENDING_FREQUENCIES } from '@splashboard/contract';
import { SectionCard } from '../../../components/SectionCard.tsx';
import type { CampaignValues } from './campaignValues.ts';

type TextKey = 'name' | 'subject' | 'plain_text' | 'trigger_param' | 'sending_period_days' | 'start_time' | 'end_time';
type SelectKey = 'email_type' | 'trigger_type' | 'sending_frequency';
type SwitchKey = 'run_now' | 'track_opens' | 'track_clicks' | 'active';

interface Props {
  values: CampaignValues;
  onChange: (v: CampaignValues) => void;
  errors: Record<string, string>;
  disabled: boolean;
  /** The content editor, shown for an HTML email. */
  editor: ReactNode;
}

/** An email campaign's form: the email, when it is sent, its schedule and tracking. */
export function CampaignForm({ values, onChange, errors, disabled, editor }: Props) {
  const { t } = useTranslation();
  const set = (patch: Partial<CampaignValues>) => onChange({ ...values, ...patch });
  const text = (key: TextKey, label: string, extra: { type?: string; multiline?: boolean; helper?: string } = {}) => (
    <TextField
      id={`campaign-${key}`}
      name={key}
      label={label}
      type={extra.type ?? 'text'}
      multiline={extra.multiline}
      minRows={extra.multiline ? 4 : undefined}
      value={values[key]}
      onChange={(e) => set({ [key]: e.target.value })}
      disabled={disabled}
      error={!!errors[key]}
      helperText={errors[key] || extra.helper}
      slotProps={extra.type === 'datetime-local' ? { inputLabel: { shrink: true } } : undefined}
      sx={{ flex: 1 }}
    />
  );
  const select = (key: SelectKey, label: string, options: readonly string[], words: string) => (
    <TextField
      id={`campaign-${key}`}
      select
      label={label}
      value={values[key]}
      onChange={(e) => set({ [key]: e.target.value } as Partial<CampaignValues>)}
      disabled={disabled}
      error={!!errors[key]}
      helperText={errors[key]}
      sx={{ minWidth: 240 }}
    >
      {options.map((o) => (
        <MenuItem key={o} value={o}>
          {t(`${words}.${o}`)}
        </MenuItem>
      ))}
    </TextField>
  );
  const toggle = (key: SwitchKey, label: string) => (
    <FormControlLabel
      control={<Switch checked={values[key]} onChange={(e) => set({ [key]: e.target.checked })} disabled={disabled} />}
      label={label}
    />
  );

  return (
    <Stack spacing={2}>
      <SectionCard title={t('campaigns.email.form.content')}>
        {text('name', t('campaigns.email.form.name'))}
        {text('subject', t('campaigns.email.form.subject'))}
        {select('email_type', t('campaigns.email.form.emailType'), EMAIL_TYPES, 'campaigns.email.form.emailTypes')}
        {values.email_type === 'Html' && editor}
        {text('plain_text', t('campaigns.email.form.plainText'), {
          multiline: true,
          helper: values.email_type === 'Html' ? t('campaigns.email.form.plainTextHelp') : undefined,
        })}
      </SectionCard>
      <SectionCard title={t('campaigns.email.form.when')}>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          {select(
            'trigger_type',
            t('campaigns.email.form.triggerType'),
            EMAIL_CAMPAIGN_TRIGGERS,
            'campaigns.email.form.triggerTypes',
          )}
          {values.trigger_type !== 'birthday' &&
            text('trigger_param', t('campaigns.email.form.triggerParam'), { type: 'number' })}
        </Stack>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          {select(
            'sending_frequency',
            t('campaigns.email.form.frequency'),
            SENDING_FREQUENCIES,
            'campaigns.email.form.frequencies',
          )}
          {values.sending_frequency === 'once_per_period' &&
            text('sending_period_days', t('campaigns.email.form.periodDays'), { type: 'number' })}
        </Stack>
      </SectionCard>
      <SectionCard title={t('campaigns.email.form.schedule')}>
        {toggle('run_now', t('campaigns.email.form.runNow'))}
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          {!values.run_now && text('start_time', t('campaigns.email.form.start'), { type: 'datetime-local' })}
          {text('end_time', t('campaigns.email.form.end'), { type: 'datetime-local' })}
        </Stack>
      </SectionCard>
      <SectionCard title={t('campaigns.email.form.tracking')}>
        <Stack direction="row" useFlexGap spacing={2} sx={{ flexWrap: 'wrap' }}>
          {toggle('track_opens', t('campaigns.email.form.trackOpens'))}
          {toggle('track_clicks', t('campaigns.email.form.trackClicks'))}
          {toggle('active', t('campaigns.email.form.active'))}
        </Stack>
      </SectionCard>
    </Stack>
  );
}
