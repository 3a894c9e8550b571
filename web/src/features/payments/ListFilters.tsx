import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Button from '@mui/material/Button';
import InputAdornment from '@mui/material/InputAdornment';
import { GUEST_SEARCH_MIN } from '@splashboard/contract';
import { SearchIcon } from '../../components/icons.ts';
import { datesInOrder, type ListState } from './paths.ts';

const SEARCH_DELAY_MS = 300;
/** The lists' search takes nothing or at least 3 characters (the API's rule for guest lists). */
const searchUsable = (search: string) => search === '' || search.length >= GUEST_SEARCH_MIN;

/** A list's search (sent once typing pauses, from 3 characters) and its dates. */
export function ListFilters({
  state,
  searchLabel,
  onChange,
}: {
  state: ListState;
  searchLabel: string;
  onChange: (change: Partial<ListState>) => void;
}) {
  const { t } = useTranslation();
  const [typed, setTyped] = useState(state.search);
  useEffect(() => setTyped(state.search), [state.search]);
  useEffect(() => {
    const search = typed.trim();
    if (search === state.search || !searchUsable(search)) return;
    const timer = setTimeout(() => onChange({ search, page: 1 }), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [typed, state.search, onChange]);
  const wrongOrder = !datesInOrder(state);
  const date = (key: 'from' | 'to') => (
    <TextField
      type="date"
      size="small"
      label={t(`payments.filters.${key}`)}
      value={state[key]}
      onChange={(e) => onChange({ [key]: e.target.value, page: 1 })}
      error={key === 'to' && wrongOrder}
      helperText={key === 'to' && wrongOrder ? t('payments.filters.dateOrder') : undefined}
      slotProps={{ inputLabel: { shrink: true } }}
      sx={{ minWidth: { sm: 170 } }}
    />
  );
  return (
    <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: { md: 'flex-start' } }}>
      <TextField
        size="small"
        label={searchLabel}
        value={typed}
        onChange={(e) => setTyped(e.target.value)}
        helperText={searchUsable(typed.trim()) ? undefined : t('payments.filters.searchMin')}
        slotProps={{
          htmlInput: { maxLength: 100 },
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <SearchIcon fontSize="small" />
              </InputAdornment>
            ),
          },
        }}
        sx={{ flex: 1, minWidth: { md: 260 }, maxWidth: { md: 480 } }}
      />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        {date('from')}
        {date('to')}
      </Stack>
      {(state.search || state.from || state.to) && (
        <Button
          onClick={() => onChange({ search: '', from: '', to: '', page: 1 })}
          sx={{ alignSelf: { xs: 'flex-start', md: 'center' } }}
        >
          {t('payments.filters.clear')}
        </Button>
      )}
    </Stack>
  );
}
