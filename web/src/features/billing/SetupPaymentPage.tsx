import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { useSnackbar } from 'notistack';
import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import { CenteredCard } from '../../layout/CenteredCard.tsx';
import { useAppDispatch, useAppSelector } from '../../app/hooks.ts';
import { billingApi, reloadAccount } from './billingApi.ts';
import { PaymentElement } from './PaymentElement.tsx';
import './i18n.ts';

/**
 * /signup/registration/setup-payment/{flow}: the gate sends here when the last charge failed (`update`);
 * a new card is saved, the profile read again (the gate's flag clears) and the dashboard opens.
 */
export function SetupPaymentPage() {
  const { t } = useTranslation();
  const { flow } = useParams();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const { enqueueSnackbar } = useSnackbar();
  const billingAccess = useAppSelector((s) => Boolean(s.session.user?.billing_access));
  const saved = async (token: string) => {
    await billingApi.saveCard(token);
    await reloadAccount(dispatch);
    enqueueSnackbar(t('billing.payment.done'), { variant: 'success' });
    navigate('/app');
  };
  return (
    <CenteredCard title={t('billing.payment.title')}>
      <Stack spacing={2}>
        {!billingAccess ? (
          <Alert severity="warning">{t('billing.change.noAccess')}</Alert>
        ) : (
          <>
            {flow === 'update' && <Alert severity="error">{t('billing.payment.declined')}</Alert>}
            <PaymentElement setupIntent={billingApi.setupIntent} save={saved} />
          </>
        )}
      </Stack>
    </CenteredCard>
  );
}
