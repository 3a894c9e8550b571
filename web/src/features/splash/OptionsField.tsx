import { useState } from 'react';
import TextField from '@mui/material/TextField';

const parse = (text: string, separator: RegExp) =>
  text
    .split(separator)
    .map((s) => s.trim())
    .filter(Boolean);

interface Props {
  label: string;
  options: string[];
  onChange(options: string[]): void;
  error?: string;
  helperText?: string;
  disabled?: boolean;
  /** One per line (list options), or separated by commas (email addresses). */
  separator?: 'line' | 'comma';
}

/**
 * A list typed as text. The text is kept as typed (a separator just typed stays) while the list it
 * makes is what the editor holds; a list changed from outside replaces the text.
 */
export function OptionsField({ label, options, onChange, error, helperText, disabled, separator = 'line' }: Props) {
  const split = separator === 'line' ? /\n/ : /[,;\s]+/;
  const join = separator === 'line' ? '\n' : ', ';
  const [text, setText] = useState(options.join(join));
  const [shown, setShown] = useState(options);
  if (shown !== options && JSON.stringify(parse(text, split)) !== JSON.stringify(options)) {
    setShown(options);
    setText(options.join(join));
  }
  return (
    <TextField
      size="small"
      label={label}
      value={text}
      multiline={separator === 'line'}
      minRows={separator === 'line' ? 3 : undefined}
      disabled={disabled}
      error={!!error}
      helperText={error ?? helperText}
      onChange={(e) => {
        setText(e.target.value);
        const next = parse(e.target.value, split);
        setShown(next);
        onChange(next);
      }}
    />
  );
}
