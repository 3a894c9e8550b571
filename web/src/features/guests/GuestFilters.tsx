import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Button from '@mui/material/Button';
import InputAdornment from '@mui/material/InputAdornment';
import { datesInOrder, searchUsable, type GuestFilterValues } from './guestsList.ts';
import { SearchIcon } from '../../components/icons.ts';

const SEARCH_DELAY_MS = 400;

/** Search (sent once typing pauses, from 3 characters) and the days of the last visit. */
export function GuestFilters({
  values,
  onChange,
}: {
  values: GuestFilterValues;
  onChange: (changes: Partial<GuestFilterValues>) => void;
}) {
  const { t } = useTranslation();
  const [search, setSearch] = useState(values.search);
  useEffect(() => setSearch(values.search), [values.search]);
  useEffect(() => {
    if (search === values.search || !searchUsable(search)) return;
    const timer = setTimeout(() => onChange({ search }), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [search, values.search, onChange]);

  const dateError = !datesInOrder(values);
  const date = (key: 'from' | 'to', label: string) => (
    <TextField
      type="date"
      label={label}
      value={values[key]}
      onChange={(e) => onChange({ [key]: e.target.value })}
      error={key === 'to' && dateError}
      helperText={key === 'to' && dateError ? t('guests.dateOrder') : undefined}
      slotProps={{ inputLabel: { shrink: true } }}
      sx={{ minWidth: { sm: 180 } }}
    />
  );

  return (
    <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: { md: 'flex-start' } }}>
      <TextField
        label={t('guests.search')}
        value={search}
        onChange={(e) => setSearch(e.target.value)}
        helperText={searchUsable(search) ? undefined : t('guests.searchMin')}
        slotProps={{
          htmlInput: { maxLength: 100 },
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <SearchIcon />
              </InputAdornment>
            ),
          },
        }}
        sx={{ flex: 1, minWidth: { md: 260 } }}
      />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        {date('from', t('guests.lastSeenFrom'))}
        {date('to', t('guests.lastSeenTo'))}
      </Stack>
      {(values.search || values.from || values.to) && (
        <Button onClick={() => onChange({ search: '', from: '', to: '' })} sx={{ alignSelf: { xs: 'flex-start', md: 'center' } }}>
          {t('guests.clearFilters')}
        </Button>
      )}
    </Stack>
  );
}
