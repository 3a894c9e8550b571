import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { SMS_MAX_EXTRA_PARAMS, SMS_NUMBER_FORMATS, type SmsNumberFormat } from '@splashboard/contract';
import { newParamRow, type ExtraParamRow, type SmsFieldsProps } from './smsForm.ts';
import { AddIcon as Add, DeleteOutlinedIcon as DeleteOutline } from '../../components/icons.ts';

const noSpellCheck = { htmlInput: { spellCheck: false, autoCapitalize: 'none' } };

/** Which parameters carry the number and the message, the number's format, and the extra parameters. */
export function SmsParamFields({ values, errors, disabled, onChange }: SmsFieldsProps) {
  const { t } = useTranslation();
  const rows = values.extra_params;
  const setRows = (extra_params: ExtraParamRow[]) => onChange({ ...values, extra_params });
  const setRow = (i: number, change: Partial<ExtraParamRow>) => setRows(rows.map((r, j) => (j === i ? { ...r, ...change } : r)));

  return (
    <>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        {(['number_param', 'message_param'] as const).map((key) => (
          <TextField
            key={key}
            label={t(key === 'number_param' ? 'sms.numberParam' : 'sms.messageParam')}
            value={values[key]}
            error={!!errors[key]}
            helperText={errors[key]}
            onChange={(e) => onChange({ ...values, [key]: e.target.value })}
            disabled={disabled}
            autoComplete="off"
            fullWidth
            slotProps={noSpellCheck}
          />
        ))}
      </Stack>
      <TextField
        select
        label={t('sms.numberFormat')}
        value={values.number_format}
        error={!!errors.number_format}
        helperText={errors.number_format}
        onChange={(e) => onChange({ ...values, number_format: e.target.value as SmsNumberFormat })}
        disabled={disabled}
        fullWidth
      >
        {SMS_NUMBER_FORMATS.map((format) => (
          <MenuItem key={format} value={format}>
            {t(`sms.numberFormats.${format}`)}
          </MenuItem>
        ))}
      </TextField>

      <Stack spacing={1}>
        <Typography variant="subtitle1" component="h3">
          {t('sms.extraParams')}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {t('sms.extraParamsHelp')}
        </Typography>
        {errors.extra_params && <FormHelperText error>{errors.extra_params}</FormHelperText>}
      </Stack>
      {rows.length === 0 && (
        <Typography variant="body2" color="text.secondary">
          {t('sms.noExtraParams')}
        </Typography>
      )}
      {rows.map((row, i) => {
        const keyError = errors[`extra_params.${i}.key`];
        const valueError = errors[`extra_params.${i}.value`];
        const saved = row.secret && row.savedKey !== null && row.savedKey === row.key;
        const savedHelp = saved ? (row.hint ? t('sms.secretSetHint', { hint: row.hint }) : t('sms.secretSet')) : '';
        return (
          <Stack
            key={row.id}
            data-testid="sms-extra-param"
            direction={{ xs: 'column', sm: 'row' }}
            spacing={{ xs: 1, sm: 2 }}
            sx={{
              alignItems: { sm: 'flex-start' },
              pb: { xs: 1, sm: 0 },
              borderBottom: { xs: 1, sm: 0 },
              borderColor: 'divider',
            }}
          >
            <TextField
              label={t('sms.paramKey')}
              value={row.key}
              error={!!keyError}
              helperText={keyError}
              onChange={(e) => setRow(i, { key: e.target.value })}
              disabled={disabled}
              autoComplete="off"
              size="small"
              sx={{ flex: 1 }}
              slotProps={noSpellCheck}
            />
            <TextField
              label={t('sms.paramValue')}
              type={row.secret ? 'password' : 'text'}
              value={row.value}
              error={!!valueError}
              helperText={valueError || savedHelp}
              onChange={(e) => setRow(i, { value: e.target.value })}
              disabled={disabled}
              autoComplete={row.secret ? 'new-password' : 'off'}
              size="small"
              sx={{ flex: 1.5 }}
              slotProps={noSpellCheck}
            />
            <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
              <FormControlLabel
                control={
                  <Checkbox checked={row.secret} disabled={disabled} onChange={(e) => setRow(i, { secret: e.target.checked })} />
                }
                label={t('sms.paramSecret')}
              />
              <IconButton
                aria-label={t('sms.removeParam', { name: row.key || i + 1 })}
                onClick={() => setRows(rows.filter((_, j) => j !== i))}
                disabled={disabled}
              >
                <DeleteOutline />
              </IconButton>
            </Stack>
          </Stack>
        );
      })}
      {!disabled && (
        <Button
          startIcon={<Add />}
          onClick={() => setRows([...rows, newParamRow()])}
          disabled={rows.length >= SMS_MAX_EXTRA_PARAMS}
          sx={{ alignSelf: 'flex-start' }}
        >
          {t('sms.addParam')}
        </Button>
      )}
    </>
  );
}
