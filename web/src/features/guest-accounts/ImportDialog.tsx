import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import Dialog from '@mui/material/Dialog';
import DialogTitle from '@mui/material/DialogTitle';
import DialogContent from '@mui/material/DialogContent';
import DialogActions from '@mui/material/DialogActions';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import Alert from '@mui/material/Alert';
import LinearProgress from '@mui/material/LinearProgress';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { z } from 'zod';
import { GUEST_IMPORT_COLUMNS, guestAccountLimitsSchema, type GuestImport, type GuestImportField } from '@splashboard/contract';
import { ApiFailure, get, post } from '../../app/api.ts';
import { FileButton } from '../../components/FileButton.tsx';
import { base } from './format.ts';
import { useErrorText, type Bounds } from '../../app/errorText.ts';
import './i18n.ts';
import { UploadFileIcon as UploadFile } from '../../components/icons.ts';

const POLL_MS = 700;
const COLUMN_NAMES = Object.values(GUEST_IMPORT_COLUMNS).map((names) => names[0]);
/** The bounds of the number columns: the import keeps only a rejection's text, so one naming a bound is worded by it. */
const COLUMN_BOUNDS = new Map<string, Bounds>(
  Object.entries(guestAccountLimitsSchema.shape).flatMap(([field, schema]) =>
    schema instanceof z.ZodNumber
      ? [[GUEST_IMPORT_COLUMNS[field as GuestImportField][0], { min: schema.minValue, max: schema.maxValue }]]
      : [],
  ),
);

/** Import: choose a CSV or XLSX, upload it, follow the job's progress, then read what was not imported and why. */
export function ImportDialog({ siteId, onClose }: { siteId: number; onClose: (changed: boolean) => void }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const [file, setFile] = useState<File | null>(null);
  const [uploading, setUploading] = useState(false);
  const [error, setError] = useState('');
  const [job, setJob] = useState<GuestImport | null>(null);
  const running = !!job && (job.status === 'queued' || job.status === 'running');

  useEffect(() => {
    if (!running) return;
    const timer = setTimeout(() => {
      get<GuestImport>(`${base(siteId)}/import/${job.id}`).then(setJob, () => setError(t('guestAccounts.loadFailed')));
    }, POLL_MS);
    return () => clearTimeout(timer);
  }, [running, job, siteId, t]);

  const upload = async () => {
    if (!file) return;
    setUploading(true);
    setError('');
    const form = new FormData();
    form.append('file', file);
    try {
      setJob(await post<GuestImport>(`${base(siteId)}/import`, form));
    } catch (err) {
      // What is wrong with the file is worded (with its values) by the answer's code; anything else is a failed upload.
      const aboutFile = err instanceof ApiFailure && !!err.error.schema_errors.file;
      setError(aboutFile ? errorText.error(err, '') : t('guestAccounts.importDialog.uploadFailed'));
    } finally {
      setUploading(false);
    }
  };

  const restart = () => {
    setJob(null);
    setFile(null);
  };

  return (
    <Dialog open onClose={() => onClose(!!job)} fullScreen={phone} fullWidth maxWidth="md">
      <DialogTitle>{t('guestAccounts.importDialog.title')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          {!job && (
            <>
              <Typography variant="body2">{t('guestAccounts.importDialog.help')}</Typography>
              <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                <strong>{t('guestAccounts.importDialog.columns')}:</strong> {COLUMN_NAMES.join(', ')}
              </Typography>
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' } }}>
                <FileButton
                  variant="outlined"
                  startIcon={<UploadFile />}
                  accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
                  inputTestId="import-file"
                  onFile={(chosen) => {
                    setFile(chosen ?? null);
                    setError('');
                  }}
                >
                  {t('guestAccounts.importDialog.choose')}
                </FileButton>
                <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                  {file?.name ?? t('guestAccounts.importDialog.noFile')}
                </Typography>
              </Stack>
            </>
          )}
          {error && (
            <Alert severity="error" role="alert">
              {error}
            </Alert>
          )}
          {job && <Progress job={job} />}
        </Stack>
      </DialogContent>
      <DialogActions>
        {!job && (
          <Button variant="contained" onClick={upload} disabled={!file || uploading}>
            {uploading ? t('guestAccounts.importDialog.uploading') : t('guestAccounts.importDialog.upload')}
          </Button>
        )}
        {job && !running && <Button onClick={restart}>{t('guestAccounts.importDialog.another')}</Button>}
        {/* Closing while it runs is fine: the import goes on on the server. */}
        <Button onClick={() => onClose(!!job)}>{t('guestAccounts.importDialog.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}

function Progress({ job }: { job: GuestImport }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const done = job.status === 'done' || job.status === 'failed';
  const percent = job.total ? Math.round((job.processed / job.total) * 100) : 0;
  return (
    <Stack spacing={2}>
      <Typography sx={{ overflowWrap: 'anywhere' }}>{job.filename}</Typography>
      <LinearProgress
        variant="determinate"
        value={percent}
        aria-label={t('guestAccounts.importDialog.progress', { processed: job.processed, total: job.total })}
      />
      <Typography variant="body2" data-testid="import-progress">
        {t('guestAccounts.importDialog.progress', { processed: job.processed, total: job.total })}
      </Typography>
      {done && (
        <Alert
          severity={job.status === 'failed' ? 'error' : job.rejected.length ? 'warning' : 'success'}
          data-testid="import-result"
        >
          {job.status === 'failed'
            ? t('guestAccounts.importDialog.failed', { error: job.error })
            : t('guestAccounts.importDialog.result', { created: job.created, total: job.total })}
        </Alert>
      )}
      {job.rejected.length > 0 && (
        <>
          <Typography variant="h6" component="h2">
            {t('guestAccounts.importDialog.rejectedTitle', { count: job.rejected.length })}
          </Typography>
          <Table size="small" aria-label={t('guestAccounts.importDialog.rejectedTitle', { count: job.rejected.length })}>
            <TableHead>
              <TableRow>
                <TableCell>{t('guestAccounts.importDialog.row')}</TableCell>
                <TableCell>{t('guestAccounts.importDialog.username')}</TableCell>
                <TableCell>{t('guestAccounts.importDialog.why')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {job.rejected.map((r) => (
                <TableRow key={r.row}>
                  <TableCell>{r.row}</TableCell>
                  <TableCell sx={{ overflowWrap: 'anywhere' }}>{r.username}</TableCell>
                  <TableCell>
                    {Object.entries(r.errors).map(([column, messages]) => (
                      <div key={column}>
                        <strong>{column}</strong>: {messages.map((m) => errorText.field(m, COLUMN_BOUNDS.get(column))).join('; ')}
                      </div>
                    ))}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </>
      )}
    </Stack>
  );
}
