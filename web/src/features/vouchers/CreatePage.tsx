import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { useSnackbar } from 'notistack';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import Button from '@mui/material/Button';
import {
  multisiteVoucherBatchInputSchema,
  voucherBatchInputSchema,
  type VoucherBatch,
  type VoucherKind,
} from '@splashboard/contract';
import { fieldErrors, post } from '../../app/api.ts';
import { useAppSelector } from '../../app/hooks.ts';
import { useErrorText } from '../../app/errorText.ts';
import { BatchForm, EMPTY_BATCH, bodyOf, type BatchFormValues } from './BatchForm.tsx';
import { apiBase, appBase, batchPath } from './paths.ts';
import { VoucherLoginWarning } from './VoucherLoginWarning.tsx';
import './i18n.ts';

/** /app/voucher/create and /app/voucher/multisite/create: a new batch, checked here with the server's own rules first. */
export function CreatePage({ kind }: { kind: VoucherKind }) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const errorText = useErrorText();
  const navigate = useNavigate();
  const siteId = useAppSelector((s) => s.site.selectedSiteId) ?? 0;
  const sites = useAppSelector((s) => s.session.user?.sites ?? []);
  const [values, setValues] = useState<BatchFormValues>(EMPTY_BATCH);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  const save = async () => {
    const body = bodyOf(values, kind);
    const schema = kind === 'voucher' ? voucherBatchInputSchema : multisiteVoucherBatchInputSchema;
    const checked = schema.safeParse(body);
    if (!checked.success) {
      setErrors(errorText.issues(checked.error));
      enqueueSnackbar(t('vouchers.createFailed'), { variant: 'error' });
      return;
    }
    setBusy(true);
    try {
      const batch = await post<VoucherBatch>(`${apiBase(siteId, kind)}/`, body);
      enqueueSnackbar(t('vouchers.created', { id: batch.batch_id }), { variant: 'success' });
      navigate(batchPath(kind, batch.id));
    } catch (err) {
      setErrors(errorText.fields(fieldErrors(err)));
      enqueueSnackbar(t('vouchers.createFailed'), { variant: 'error' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack spacing={2} sx={{ maxWidth: 720 }}>
      <Typography variant="h4" component="h1">
        {t(`vouchers.form.title.${kind}`)}
      </Typography>
      <VoucherLoginWarning kind={kind} siteId={siteId} />
      <BatchForm
        kind={kind}
        values={values}
        onChange={setValues}
        errors={errors}
        busy={busy}
        onSubmit={save}
        sites={sites}
        currentSiteId={siteId}
        actions={
          <Button component={RouterLink} to={`${appBase(kind)}/manage`}>
            {t('vouchers.cancel')}
          </Button>
        }
      />
    </Stack>
  );
}
