import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnackbar } from 'notistack';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import type { BillingDetails } from '@splashboard/contract';
import { fieldErrors } from '../../app/api.ts';
import { useErrorText } from '../../app/errorText.ts';
import { billingApi } from './billingApi.ts';

const FIELDS = ['name', 'line1', 'line2', 'city', 'zipcode', 'country'] as const;
type Address = Omit<BillingDetails, 'id'>;
const EMPTY: Address = { name: '', line1: '', line2: '', city: '', country: '', zipcode: '' };

/** The billing address printed on invoices; the server's messages under their fields. */
export function BillingAddressForm() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const { enqueueSnackbar } = useSnackbar();
  const [address, setAddress] = useState<Address>(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    billingApi.details().then(
      ({ id: _id, ...rest }) => setAddress({ ...EMPTY, ...rest }),
      () => {},
    );
  }, []);
  const save = async () => {
    setBusy(true);
    setErrors({});
    setError('');
    try {
      const { id: _id, ...saved } = await billingApi.saveDetails(address);
      setAddress({ ...EMPTY, ...saved });
      enqueueSnackbar(t('billing.addressSaved'), { variant: 'success' });
    } catch (e) {
      const fields = errorText.fields(fieldErrors(e));
      setErrors(fields);
      if (!Object.keys(fields).length) setError(errorText.error(e, t('common.somethingWentWrong')));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Box
      component="form"
      noValidate
      aria-label={t('billing.address')}
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
      sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}
    >
      {FIELDS.map((field) => (
        <TextField
          key={field}
          name={field}
          label={t(`billing.fields.${field}`)}
          value={address[field]}
          onChange={(e) => setAddress({ ...address, [field]: e.target.value })}
          error={Boolean(errors[field])}
          helperText={errors[field]}
          required={field !== 'line2' && field !== 'zipcode'}
          sx={field === 'name' || field === 'line1' || field === 'line2' ? { gridColumn: { sm: '1 / -1' } } : undefined}
        />
      ))}
      {error && (
        <Alert severity="error" sx={{ gridColumn: '1 / -1' }}>
          {error}
        </Alert>
      )}
      <Button type="submit" variant="outlined" disabled={busy} sx={{ justifySelf: 'start', gridColumn: '1 / -1' }}>
        {t('billing.saveAddress')}
      </Button>
    </Box>
  );
}
