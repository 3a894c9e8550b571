import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useSnackbar } from 'notistack';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Alert from '@mui/material/Alert';
import TextField from '@mui/material/TextField';
import MenuItem from '@mui/material/MenuItem';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import {
  VOUCHER_DESIGNER_PATH,
  voucherDesignSchema,
  type PrintedBatch,
  type VoucherBatch,
  type VoucherBatchList,
  type VoucherDesign,
  type VoucherKind,
} from '@splashboard/contract';
import { fieldErrors, get, post, put } from '../../app/api.ts';
import { useAppSelector } from '../../app/hooks.ts';
import { useErrorText } from '../../app/errorText.ts';
import { CardPreview } from './CardPreview.tsx';
import { DesignFields } from './DesignFields.tsx';
import { PrintControls } from './PrintControls.tsx';
import { apiBase, appBase } from './paths.ts';
import './i18n.ts';
import { ArrowBackIcon as ArrowBack } from '../../components/icons.ts';

const printedOf = (b: VoucherBatch): PrintedBatch => ({
  batchCode: b.batch_id,
  durationValue: b.duration_value,
  durationType: b.duration_type,
  numDevices: b.num_devices,
  speedUl: b.speed_ul,
  speedDl: b.speed_dl,
  dataLimitMb: b.data_limit,
  notes: b.notes,
  validUntil: b.valid_until ? new Date(b.valid_until) : null,
});

/** What the preview shows before there is a batch to print. */
const SAMPLE: PrintedBatch = {
  batchCode: '1234',
  durationValue: 1,
  durationType: 'days',
  numDevices: 1,
  speedUl: 0,
  speedDl: 0,
  dataLimitMb: 0,
  notes: '',
  validUntil: null,
};

/**
 * /app/voucher/design and /app/voucher/multisite/design: how printed cards look, with a live preview drawn
 * the way the PDF draws it, and printing a batch with the saved design.
 */
export function DesignPage({ kind }: { kind: VoucherKind }) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const errorText = useErrorText();
  const siteId = useAppSelector((s) => s.site.selectedSiteId) ?? 0;
  const site = useAppSelector((s) => s.site.settings);
  const [saved, setSaved] = useState<VoucherDesign | null>(null);
  const [draft, setDraft] = useState<VoucherDesign | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [batches, setBatches] = useState<VoucherBatchList | null>(null);
  const [batchId, setBatchId] = useState<number | ''>('');
  const api = apiBase(siteId, kind);
  const designer = `${api}/${VOUCHER_DESIGNER_PATH[kind]}`;

  useEffect(() => {
    get<VoucherDesign>(`${designer}/`).then(
      (d) => {
        setSaved(d);
        setDraft(d);
      },
      () => enqueueSnackbar(t('vouchers.loadFailed'), { variant: 'error' }),
    );
    get<VoucherBatchList>(`${api}/batches?per_page=100`).then(
      (list) => {
        setBatches(list);
        if (list.items[0]) setBatchId(list.items[0].id);
      },
      () => enqueueSnackbar(t('vouchers.loadFailed'), { variant: 'error' }),
    );
  }, [api, designer, enqueueSnackbar, t]);

  const batch = batches?.items.find((b) => b.id === batchId) ?? null;
  const printed = useMemo(() => (batch ? printedOf(batch) : SAMPLE), [batch]);
  const siteNames = useMemo(() => (batch ? batch.sites.map((s) => s.name) : site ? [site.name] : []), [batch, site]);
  if (!draft || !saved) return null;
  const changed = JSON.stringify(draft) !== JSON.stringify(saved);
  const canWrite = batches?.can_write ?? false;

  const save = async () => {
    const checked = voucherDesignSchema.safeParse(draft);
    const local = checked.success ? {} : errorText.issues(checked.error);
    if (!draft.show_code && !draft.show_qr) local.show_code = t('vouchers.errors.codeOrQr');
    if (Object.keys(local).length) {
      setErrors(local);
      enqueueSnackbar(t('vouchers.design.saveFailed'), { variant: 'error' });
      return;
    }
    setBusy(true);
    try {
      const next = await put<VoucherDesign>(`${designer}/`, draft);
      setSaved(next);
      setDraft(next);
      setErrors({});
      enqueueSnackbar(t('vouchers.design.saved'), { variant: 'success' });
    } catch (err) {
      setErrors(errorText.fields(fieldErrors(err)));
      enqueueSnackbar(t('vouchers.design.saveFailed'), { variant: 'error' });
    } finally {
      setBusy(false);
    }
  };

  const upload = async (file: File) => {
    if (!file.type.startsWith('image/')) {
      setErrors({ file: t('common.errors.imageOnly') });
      enqueueSnackbar(t('vouchers.design.uploadFailed'), { variant: 'error' });
      return;
    }
    const body = new FormData();
    body.append('file', file);
    try {
      const res = await post<{ filelink: string }>(`${designer}/logo`, body);
      setDraft((d) => (d ? { ...d, logo_image: res.filelink } : d));
      setErrors({});
    } catch (err) {
      setErrors(errorText.fields(fieldErrors(err)));
      enqueueSnackbar(t('vouchers.design.uploadFailed'), { variant: 'error' });
    }
  };

  return (
    <Stack spacing={2}>
      <Button component={RouterLink} to={`${appBase(kind)}/manage`} startIcon={<ArrowBack />} sx={{ alignSelf: 'flex-start' }}>
        {t('vouchers.back')}
      </Button>
      <Typography variant="h4" component="h1">
        {t(`vouchers.design.title.${kind}`)}
      </Typography>
      {batches && !canWrite && <Alert severity="info">{t('vouchers.readOnly')}</Alert>}
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', lg: 'minmax(0, 1fr) minmax(0, 1fr)' } }}>
        <Stack spacing={2} sx={{ order: { xs: 2, lg: 1 } }}>
          <DesignFields design={draft} onChange={setDraft} errors={errors} onUpload={upload} />
          {canWrite && (
            <Stack direction="row" spacing={1}>
              <Button
                variant="contained"
                onClick={() => void save()}
                disabled={busy || !changed}
                startIcon={busy ? <CircularProgress size={16} color="inherit" /> : undefined}
              >
                {t('vouchers.design.save')}
              </Button>
              <Button
                disabled={!changed}
                onClick={() => {
                  setDraft(saved);
                  setErrors({});
                }}
              >
                {t('vouchers.design.undo')}
              </Button>
            </Stack>
          )}
        </Stack>
        <Stack spacing={2} sx={{ order: { xs: 1, lg: 2 }, position: { lg: 'sticky' }, top: { lg: 80 }, alignSelf: 'start' }}>
          <Paper variant="outlined" sx={{ p: 2 }}>
            <Stack spacing={2}>
              <Typography variant="h6" component="h2">
                {t('vouchers.design.preview')}
              </Typography>
              <CardPreview design={draft} batch={printed} siteNames={siteNames} timeZone={site?.timezone ?? 'UTC'} />
              <Typography variant="body2" color="text.secondary">
                {batch ? t('vouchers.design.previewOfBatch', { id: batch.batch_id }) : t('vouchers.design.previewSample')}
              </Typography>
            </Stack>
          </Paper>
          <Paper variant="outlined" sx={{ p: 2 }}>
            <Stack spacing={2}>
              <Typography variant="h6" component="h2">
                {t('vouchers.printTitle')}
              </Typography>
              {batches && batches.items.length === 0 ? (
                <Typography variant="body2" color="text.secondary">
                  {t('vouchers.design.noBatches')}
                </Typography>
              ) : (
                <>
                  <TextField
                    select
                    size="small"
                    label={t('vouchers.design.batch')}
                    value={batchId}
                    onChange={(e) => setBatchId(Number(e.target.value))}
                  >
                    {batches?.items.map((b) => (
                      <MenuItem key={b.id} value={b.id}>
                        {t('vouchers.design.batchOption', { id: b.batch_id, count: b.count })}
                      </MenuItem>
                    ))}
                  </TextField>
                  {changed && <Alert severity="warning">{t('vouchers.design.saveBeforePrint')}</Alert>}
                  {batch && !changed && (
                    <PrintControls key={saved.paper} siteId={siteId} kind={kind} batchId={batch.id} defaultPaper={saved.paper} />
                  )}
                </>
              )}
            </Stack>
          </Paper>
        </Stack>
      </Box>
    </Stack>
  );
}
