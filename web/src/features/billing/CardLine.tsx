import { useTranslation } from 'react-i18next';
import Typography from '@mui/material/Typography';
import type { BillingCard } from '@splashboard/contract';

/** The card on file: brand, last four digits and expiry. */
export function CardLine({ card }: { card: BillingCard['card_details'] }) {
  const { t } = useTranslation();
  if (!card) return <Typography color="text.secondary">{t('billing.noCard')}</Typography>;
  return (
    <Typography data-testid="card-on-file">
      {t('billing.cardLine', {
        brand: card.brand.charAt(0).toUpperCase() + card.brand.slice(1),
        last4: card.last4,
        month: String(card.exp_month).padStart(2, '0'),
        year: card.exp_year,
      })}
    </Typography>
  );
}
