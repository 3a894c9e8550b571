import { useEffect, useState } from 'react';
import TextField from '@mui/material/TextField';
import InputAdornment from '@mui/material/InputAdornment';
import type { SxProps, Theme } from '@mui/material/styles';
import { SearchIcon as Search } from './icons.ts';

/**
 * A list's search box: what is typed is searched for once typing pauses (300 ms), trimmed, so a list is
 * not asked for on every key. A search changed from outside (the menu's link to the bare list, the
 * browser's back button) replaces what is typed, rather than being undone by it.
 */
export function SearchField({
  value,
  onSearch,
  label,
  sx,
}: {
  value: string;
  onSearch: (search: string) => void;
  label: string;
  sx?: SxProps<Theme>;
}) {
  const [typed, setTyped] = useState(value);
  const [shown, setShown] = useState(value);
  if (value !== shown) {
    setShown(value);
    if (typed.trim() !== value) setTyped(value);
  }
  useEffect(() => {
    if (typed.trim() === value) return;
    const timer = setTimeout(() => onSearch(typed.trim()), 300);
    return () => clearTimeout(timer);
  }, [typed, value, onSearch]);
  return (
    <TextField
      value={typed}
      onChange={(e) => setTyped(e.target.value)}
      label={label}
      size="small"
      slotProps={{
        htmlInput: { maxLength: 100 },
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <Search fontSize="small" />
            </InputAdornment>
          ),
        },
      }}
      sx={sx}
    />
  );
}
