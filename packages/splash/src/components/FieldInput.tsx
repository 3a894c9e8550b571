import type { LoginField } from '@splashboard/contract';
import { fieldTitle, optionLabels } from '../defaults.ts';
import { countryOptions, inputName, isCheckbox } from '../fields.ts';
import type { GuestLang, GuestStrings } from '../i18n/index.ts';

interface Props {
  field: LoginField;
  index: number;
  lang: GuestLang;
  t: GuestStrings;
  value: string | undefined;
  error: string | undefined;
}

const AUTOCOMPLETE: Partial<Record<LoginField['field_type'], string>> = {
  email: 'email',
  phonenumber: 'tel',
  firstname: 'given-name',
  lastname: 'family-name',
  ukpostcode: 'postal-code',
  birthday: 'bday',
  otp: 'one-time-code',
};

/** One login field as a plain HTML input: it works without JavaScript; the server checks every rule. */
export function FieldInput({ field, index, lang, t, value, error }: Props) {
  const name = inputName(field, index);
  const id = `f-${name}`;
  const label = fieldTitle(field, lang);
  const required = field.mandatory;
  const errorId = error ? `${id}-err` : undefined;
  const err = error ? (
    <p className="err" id={errorId}>
      {error}
    </p>
  ) : null;

  if (isCheckbox(field.field_type)) {
    const checked = value === undefined ? field.default_checked : value === 'on';
    return (
      <div>
        <label className="check">
          <input type="checkbox" name={name} defaultChecked={checked} required={required} aria-describedby={errorId} />
          <span>{label}</span>
        </label>
        {err}
      </div>
    );
  }

  if (field.field_type === 'gender') {
    const options = [
      { value: 'female', label: optionLabels(field, lang).female },
      { value: 'male', label: optionLabels(field, lang).male },
      { value: 'other', label: t.otherGender },
    ];
    return (
      <fieldset style={{ border: 0, padding: 0, margin: 0 }} aria-describedby={errorId}>
        <legend className="lbl">{label}</legend>
        <div className="radios">
          {options.map((o) => (
            <label key={o.value}>
              <input type="radio" name={name} value={o.value} defaultChecked={value === o.value} required={required} />
              {o.label}
            </label>
          ))}
        </div>
        {err}
      </fieldset>
    );
  }

  if (field.field_type === 'custom_select' || field.field_type === 'country') {
    const options =
      field.field_type === 'country'
        ? countryOptions(lang.slice(0, 2)).map((c) => ({ value: c.code, label: c.name }))
        : field.options_list.map((o, i) => ({ value: o, label: optionLabels(field, lang).options[i]! }));
    return (
      <div>
        <label htmlFor={id}>{label}</label>
        <select id={id} name={name} defaultValue={value ?? ''} required={required} aria-describedby={errorId}>
          <option value="">{t.selectPlaceholder}</option>
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
        {err}
      </div>
    );
  }

  const type = field.field_type === 'email' ? 'email' : field.field_type === 'phonenumber' ? 'tel' : 'text';
  const inputMode =
    field.field_type === 'custom_number'
      ? 'decimal'
      : field.field_type === 'otp' || field.field_type === 'birthday'
        ? 'numeric'
        : undefined;
  return (
    <div>
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        name={name}
        type={type}
        inputMode={inputMode}
        autoComplete={AUTOCOMPLETE[field.field_type]}
        placeholder={field.field_type === 'birthday' ? field.format || 'DD/MM/YYYY' : undefined}
        defaultValue={value ?? ''}
        required={required}
        maxLength={field.field_type === 'custom_text' ? 500 : 200}
        aria-invalid={error ? true : undefined}
        aria-describedby={errorId}
      />
      {err}
    </div>
  );
}
