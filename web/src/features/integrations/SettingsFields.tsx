import { useTranslation } from 'react-i18next';
import { Controller, type Control } from 'react-hook-form';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import type { IntegrationDetails, IntegrationFieldSpec } from '@splashboard/contract/integrations';
import { LIST_FIELDS, mustType, type IntegrationFormValues } from './settingsForm.ts';

export interface VendorList {
  id: string;
  name: string;
}

/**
 * The kind's fields: a select where the field has options (or is a list field and the vendor's lists are
 * known), a password field showing the saved one's hint for secrets, the required ones marked and checked.
 */
export function SettingsFields({
  fields,
  details,
  control,
  lists,
  disabled,
}: {
  fields: readonly IntegrationFieldSpec[];
  details: IntegrationDetails;
  control: Control<IntegrationFormValues>;
  lists: VendorList[] | null;
  disabled: boolean;
}) {
  const { t } = useTranslation();
  return fields.map((f) => {
    const required = mustType(f, details);
    const hint = f.secret ? details.settings[f.name] : '';
    const vendorLists = LIST_FIELDS.includes(f.name) && lists?.length ? lists : null;
    const helper =
      f.secret && hint
        ? t('integrations.secretSaved', { hint })
        : f.required === 'unlessOAuth'
          ? t('integrations.requiredUnlessOAuth')
          : vendorLists
            ? t('integrations.pickList')
            : ' ';
    return (
      <Controller
        key={f.name}
        name={`settings.${f.name}`}
        control={control}
        rules={{ validate: (v) => !required || !!v?.trim() || t('common.errors.required') }}
        render={({ field, fieldState }) => {
          const common = {
            ...field,
            value: field.value ?? '',
            label: t(`integrations.fields.${f.name}`),
            required,
            disabled,
            error: !!fieldState.error,
            helperText: fieldState.error?.message ?? helper,
            fullWidth: true,
          };
          if (f.options || vendorLists) {
            const options = vendorLists
              ? vendorLists.map((l) => ({ value: l.id, label: `${l.name} (${l.id})` }))
              : f.options!.map((o) => ({ value: o, label: t(`integrations.regions.${o}`, { defaultValue: o }) }));
            // A saved id the vendor no longer lists stays choosable, so that the select shows it.
            if (common.value && !options.some((o) => o.value === common.value))
              options.unshift({ value: common.value, label: common.value });
            return (
              <TextField {...common} select>
                {options.map((o) => (
                  <MenuItem key={o.value} value={o.value}>
                    {o.label}
                  </MenuItem>
                ))}
              </TextField>
            );
          }
          return (
            <TextField
              {...common}
              type={f.secret ? 'password' : 'text'}
              placeholder={hint || undefined}
              // The saved secret's hint shows as the placeholder, which a label lying over the field would hide.
              slotProps={hint ? { inputLabel: { shrink: true } } : undefined}
              autoComplete={f.secret ? 'new-password' : 'off'}
            />
          );
        }}
      />
    );
  });
}
