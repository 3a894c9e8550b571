import { useTranslation } from 'react-i18next';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Button from '@mui/material/Button';
import { SearchField } from '../../components/SearchField.tsx';
import { datesInOrder, type ListState } from './paths.ts';

/** A list's search (sent once typing pauses) and its dates. */
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
      <SearchField
        value={state.search}
        onSearch={(search) => onChange({ search, page: 1 })}
        label={searchLabel}
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
