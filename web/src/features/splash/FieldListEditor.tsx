import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { BIRTHDAY_FORMATS, LOGIN_FIELD_TITLES, type LoginField, type LoginFieldType } from '@splashboard/contract';
import { fieldTitle, optionLabels, type GuestLang } from '@splashboard/splash';
import { OptionsField } from './OptionsField.tsx';
import { ArrowUpwardIcon, ArrowDownwardIcon, DeleteOutlinedIcon as DeleteOutlineIcon } from '../../components/icons.ts';

const CUSTOM: LoginFieldType[] = ['custom_text', 'custom_number', 'custom_checkbox', 'custom_select'];
/** Kinds whose answer is typed, so that a pattern can check it. */
const TYPED: LoginFieldType[] = [
  'email',
  'voucher',
  'phonenumber',
  'firstname',
  'lastname',
  'ukpostcode',
  'custom_text',
  'custom_number',
];

export const regexError = (source: string) => {
  try {
    new RegExp(source);
    return false;
  } catch {
    return true;
  }
};

interface Props {
  /** Names the list for assistive technology (Fields, Sign-up fields...). */
  label: string;
  fields: LoginField[];
  /** The kinds the method offers, each with its defaults; until loaded, nothing can be added. */
  available: LoginField[] | undefined;
  /** `structural` when fields were added, removed or moved: errors by position no longer apply. */
  onChange(fields: LoginField[], structural: boolean): void;
  /** By field position and property (`2.regex`); '' for the list itself. */
  errors: Record<string, string>;
  disabled: boolean;
  /** The kind the method cannot work without: it cannot be removed or made optional. */
  required?: LoginFieldType;
  /** The language whose labels are edited (English by default). */
  lang?: GuestLang;
  /** Age consent asks the birthday in its own format (its advanced settings). */
  birthdayFormatFromValues?: boolean;
  serverText(message: string): string;
}

/** A login method's field list: add from the kinds it offers, remove, reorder, and each field's own settings. */
export function FieldListEditor(props: Props) {
  const { label, fields, available, onChange, errors, disabled, required, serverText, lang = 'en-US' } = props;
  const { t } = useTranslation();
  const [toAdd, setToAdd] = useState<LoginFieldType | ''>('');
  const kindName = (kind: LoginFieldType) => t(`fieldKinds.${kind}`);
  const addable = (available ?? []).filter(
    (f) => CUSTOM.includes(f.field_type) || !fields.some((g) => g.field_type === f.field_type),
  );

  const change = (i: number, patch: Partial<LoginField>) =>
    onChange(
      fields.map((f, j) => (j === i ? { ...f, ...patch } : f)),
      false,
    );
  const move = (i: number, by: number) => {
    const next = [...fields];
    const [moved] = next.splice(i, 1);
    next.splice(i + by, 0, moved!);
    onChange(next, true);
  };
  const add = () => {
    const template = addable.find((f) => f.field_type === toAdd);
    if (!template) return;
    onChange([...fields, { ...template }], true);
    setToAdd('');
  };

  return (
    <Stack spacing={1.5} role="list" aria-label={label}>
      {errors[''] && <Alert severity="error">{serverText(errors[''])}</Alert>}
      {fields.length === 0 && <Typography color="text.secondary">{t('splash.fields.none')}</Typography>}
      {fields.map((field, i) => {
        const name = field.title || LOGIN_FIELD_TITLES[field.field_type];
        const err = (prop: string) => (errors[`${i}.${prop}`] ? serverText(errors[`${i}.${prop}`]!) : undefined);
        const needed = required === field.field_type && fields.findIndex((f) => f.field_type === required) === i;
        return (
          <Paper key={i} variant="outlined" role="listitem" aria-label={name} sx={{ p: 1.5 }}>
            <Stack spacing={1.5}>
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                <Box sx={{ flex: 1, minWidth: 0 }}>
                  <Typography variant="subtitle2" noWrap>
                    {kindName(field.field_type)}
                  </Typography>
                  {err('field_type') && (
                    <Typography variant="caption" color="error">
                      {err('field_type')}
                    </Typography>
                  )}
                </Box>
                <Tooltip title={t('splash.fields.moveUp', { field: name })}>
                  <span>
                    <IconButton
                      size="small"
                      aria-label={t('splash.fields.moveUp', { field: name })}
                      disabled={disabled || i === 0}
                      onClick={() => move(i, -1)}
                    >
                      <ArrowUpwardIcon fontSize="small" />
                    </IconButton>
                  </span>
                </Tooltip>
                <Tooltip title={t('splash.fields.moveDown', { field: name })}>
                  <span>
                    <IconButton
                      size="small"
                      aria-label={t('splash.fields.moveDown', { field: name })}
                      disabled={disabled || i === fields.length - 1}
                      onClick={() => move(i, 1)}
                    >
                      <ArrowDownwardIcon fontSize="small" />
                    </IconButton>
                  </span>
                </Tooltip>
                <Tooltip title={t('splash.fields.remove', { field: name })}>
                  <span>
                    <IconButton
                      size="small"
                      aria-label={t('splash.fields.remove', { field: name })}
                      disabled={disabled || needed}
                      onClick={() =>
                        onChange(
                          fields.filter((_, j) => j !== i),
                          true,
                        )
                      }
                    >
                      <DeleteOutlineIcon fontSize="small" />
                    </IconButton>
                  </span>
                </Tooltip>
              </Stack>
              <FieldSettings
                field={field}
                lang={lang}
                disabled={disabled}
                needed={needed}
                err={err}
                change={(patch) => change(i, patch)}
                birthdayFormatFromValues={props.birthdayFormatFromValues}
              />
            </Stack>
          </Paper>
        );
      })}
      {!disabled && (
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'flex-start' } }}>
          <TextField
            select
            size="small"
            label={t('splash.fields.addKind')}
            value={toAdd}
            onChange={(e) => setToAdd(e.target.value as LoginFieldType)}
            sx={{ minWidth: 220 }}
            disabled={!available}
          >
            {addable.map((f) => (
              <MenuItem key={f.field_type} value={f.field_type}>
                {kindName(f.field_type)}
              </MenuItem>
            ))}
          </TextField>
          <Button variant="outlined" onClick={add} disabled={!toAdd}>
            {t('splash.fields.add')}
          </Button>
        </Stack>
      )}
    </Stack>
  );
}

interface SettingsProps {
  field: LoginField;
  lang: GuestLang;
  disabled: boolean;
  needed: boolean;
  err(prop: string): string | undefined;
  change(patch: Partial<LoginField>): void;
  birthdayFormatFromValues?: boolean;
}

/** What a field's kind lets the operator set: its label, required, and the kind's own options. */
function FieldSettings({ field, lang, disabled, needed, err, change, birthdayFormatFromValues }: SettingsProps) {
  const { t } = useTranslation();
  const kind = field.field_type;
  const checkbox = kind === 'consent' || kind === 'custom_checkbox';
  const regexInvalid = field.regex !== '' && regexError(field.regex);
  // In another guest language, the texts guests read: empty, each shows what they read instead.
  type Texts = NonNullable<LoginField['translations']>['es-ES'];
  const own: Texts = lang === 'en-US' ? {} : (field.translations?.[lang] ?? {});
  const fallback = optionLabels({ ...field, translations: undefined }, lang);
  const changeText = (patch: Texts) => change({ translations: { ...field.translations, [lang]: { ...own, ...patch } } });
  const textErr = (prop: string) => err(`translations.${lang}.${prop}`);
  const inLang = lang !== 'en-US';
  return (
    <Stack spacing={1.5}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: { sm: 'center' } }}>
        {lang === 'en-US' ? (
          <TextField
            size="small"
            fullWidth
            label={t('splash.fields.title')}
            value={field.title}
            disabled={disabled}
            error={!!err('title')}
            helperText={err('title')}
            onChange={(e) => change({ title: e.target.value })}
            slotProps={{ htmlInput: { maxLength: 100 } }}
          />
        ) : (
          // The label in the guest language being edited; empty, it shows what those guests read instead.
          <TextField
            size="small"
            fullWidth
            label={t('splash.fields.title')}
            value={own.title ?? ''}
            placeholder={fieldTitle({ ...field, translations: undefined }, lang)}
            disabled={disabled}
            error={!!textErr('title')}
            helperText={textErr('title')}
            onChange={(e) => changeText({ title: e.target.value })}
            slotProps={{ htmlInput: { maxLength: 100, lang: lang.slice(0, 2) }, inputLabel: { shrink: true } }}
          />
        )}
        <FormControlLabel
          sx={{ flex: 'none', mr: 0 }}
          control={
            <Switch
              checked={field.mandatory}
              disabled={disabled || needed}
              onChange={(e) => change({ mandatory: e.target.checked })}
            />
          }
          label={t('splash.fields.mandatory')}
        />
      </Stack>
      {needed && (
        <Typography variant="caption" color="text.secondary">
          {t('splash.fields.neededBy')}
        </Typography>
      )}
      {TYPED.includes(kind) && (
        <TextField
          size="small"
          label={t('splash.fields.regex')}
          value={field.regex}
          disabled={disabled}
          error={!!err('regex') || regexInvalid}
          helperText={err('regex') ?? (regexInvalid ? t('splash.fields.badRegex') : t('splash.fields.regexHelp'))}
          onChange={(e) => change({ regex: e.target.value })}
          slotProps={{ htmlInput: { maxLength: 200, spellCheck: false, style: { fontFamily: 'monospace' } } }}
        />
      )}
      {kind === 'custom_select' && !inLang && (
        <OptionsField
          label={t('splash.fields.options')}
          options={field.options_list}
          disabled={disabled}
          error={err('options_list')}
          onChange={(options_list) => change({ options_list })}
        />
      )}
      {kind === 'custom_select' && inLang && (
        <OptionsField
          key={lang}
          label={t('splash.fields.options')}
          options={own.options_list ?? []}
          disabled={disabled}
          error={textErr('options_list')}
          helperText={t('splash.fields.optionsTranslated', { options: field.options_list.join(', ') })}
          onChange={(options_list) => changeText({ options_list })}
        />
      )}
      {checkbox && (
        <FormControlLabel
          control={
            <Switch
              checked={field.default_checked}
              disabled={disabled}
              onChange={(e) => change({ default_checked: e.target.checked })}
            />
          }
          label={t('splash.fields.defaultChecked')}
        />
      )}
      {kind === 'gender' && (
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
          <TextField
            size="small"
            fullWidth
            label={t('splash.fields.female')}
            value={inLang ? (own.female_option_text ?? '') : field.female_option_text}
            placeholder={inLang ? fallback.female : undefined}
            disabled={disabled}
            error={!!(inLang ? textErr('female_option_text') : err('female_option_text'))}
            helperText={inLang ? textErr('female_option_text') : err('female_option_text')}
            onChange={(e) =>
              inLang ? changeText({ female_option_text: e.target.value }) : change({ female_option_text: e.target.value })
            }
            slotProps={{ htmlInput: { maxLength: 50 }, inputLabel: inLang ? { shrink: true } : undefined }}
          />
          <TextField
            size="small"
            fullWidth
            label={t('splash.fields.male')}
            value={inLang ? (own.male_option_text ?? '') : field.male_option_text}
            placeholder={inLang ? fallback.male : undefined}
            disabled={disabled}
            error={!!(inLang ? textErr('male_option_text') : err('male_option_text'))}
            helperText={inLang ? textErr('male_option_text') : err('male_option_text')}
            onChange={(e) =>
              inLang ? changeText({ male_option_text: e.target.value }) : change({ male_option_text: e.target.value })
            }
            slotProps={{ htmlInput: { maxLength: 50 }, inputLabel: inLang ? { shrink: true } : undefined }}
          />
        </Stack>
      )}
      {kind === 'birthday' && (
        <TextField
          select
          size="small"
          label={t('splash.fields.format')}
          value={field.format || 'DD/MM/YYYY'}
          disabled={disabled || birthdayFormatFromValues}
          error={!!err('format')}
          helperText={err('format') ?? (birthdayFormatFromValues ? t('splash.fields.ageFormatHelp') : undefined)}
          onChange={(e) => change({ format: e.target.value as LoginField['format'] })}
          sx={{ maxWidth: 260 }}
        >
          {BIRTHDAY_FORMATS.map((f) => (
            <MenuItem key={f} value={f}>
              {f}
            </MenuItem>
          ))}
        </TextField>
      )}
    </Stack>
  );
}
