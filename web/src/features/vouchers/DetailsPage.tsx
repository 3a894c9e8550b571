import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import Alert from '@mui/material/Alert';
import type { VoucherKind } from '@splashboard/contract';
import { BatchPage } from './BatchPage.tsx';
import { VoucherPage } from './VoucherPage.tsx';
import './i18n.ts';

/** /app/voucher/details/{id?}: a voucher by its id, or (without one) the batch named in ?batch=. */
export function DetailsPage({ kind }: { kind: VoucherKind }) {
  const { t } = useTranslation();
  const { id } = useParams();
  const [params] = useSearchParams();
  const voucherId = Number(id);
  const batchId = Number(params.get('batch'));
  if (id !== undefined && Number.isInteger(voucherId) && voucherId > 0)
    return <VoucherPage key={voucherId} kind={kind} voucherId={voucherId} />;
  if (id === undefined && Number.isInteger(batchId) && batchId > 0)
    return <BatchPage key={batchId} kind={kind} batchId={batchId} />;
  return <Alert severity="warning">{t('vouchers.voucherNotFound')}</Alert>;
}
