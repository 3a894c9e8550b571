import { useTranslation } from 'react-i18next';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import MenuItem from '@mui/material/MenuItem';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import { SPLASH_AD_RULE_FIELDS, SPLASH_AD_RULE_OPERATORS, type SplashAdRule } from '@splashboard/contract';
import { AddIcon, DeleteOutlinedIcon } from '../../../components/icons.ts';
import { NEW_RULE } from './adForm.ts';

/** Rows of field / operator / value; the server's message for a row shows under its value. */
export function RulesBuilder(props: {
  rules: SplashAdRule[];
  onChange: (rules: SplashAdRule[]) => void;
  errors: Record<string, string>;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const { rules, onChange, errors, disabled } = props;
  const set = (n: number, change: Partial<SplashAdRule>) => onChange(rules.map((r, i) => (i === n ? { ...r, ...change } : r)));
  return (
    <Stack spacing={1.5}>
      {rules.map((rule, n) => (
        <Stack key={n} direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'flex-start' } }}>
          <TextField
            select
            size="small"
            label={t('campaigns.ads.form.field')}
            value={rule.field}
            disabled={disabled}
            onChange={(e) => set(n, { field: e.target.value as SplashAdRule['field'] })}
            sx={{ minWidth: 200 }}
          >
            {SPLASH_AD_RULE_FIELDS.map((f) => (
              <MenuItem key={f} value={f}>
                {t(`campaigns.ads.form.fields.${f}`)}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            select
            size="small"
            label={t('campaigns.ads.form.operator')}
            value={rule.operator}
            disabled={disabled}
            onChange={(e) => set(n, { operator: e.target.value as SplashAdRule['operator'] })}
            sx={{ minWidth: 140 }}
          >
            {SPLASH_AD_RULE_OPERATORS.map((o) => (
              <MenuItem key={o} value={o}>
                {t(`campaigns.ads.form.operators.${o}`)}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            size="small"
            label={t('campaigns.ads.form.value')}
            value={rule.value}
            disabled={disabled}
            onChange={(e) => set(n, { value: e.target.value })}
            error={!!errors[`rules.${n}.value`]}
            helperText={errors[`rules.${n}.value`]}
          />
          <IconButton
            aria-label={t('campaigns.ads.form.removeRule')}
            disabled={disabled}
            onClick={() => onChange(rules.filter((_r, i) => i !== n))}
          >
            <DeleteOutlinedIcon />
          </IconButton>
        </Stack>
      ))}
      <div>
        <Button startIcon={<AddIcon />} disabled={disabled} onClick={() => onChange([...rules, { ...NEW_RULE }])}>
          {t('campaigns.ads.form.addRule')}
        </Button>
      </div>
    </Stack>
  );
}
