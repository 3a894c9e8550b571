import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnackbar } from 'notistack';
import Stack from '@mui/material/Stack';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import type { GuestDownloadStatus, GuestExportKind } from '@splashboard/contract';
import { get } from '../../app/api.ts';
import { guestApi } from './format.ts';
import { DownloadIcon } from '../../components/icons.ts';

const POLL_MS = 500;

/** The file, fetched by the browser with the session cookie (the address is not a public link). */
function saveFile(url: string, name: string) {
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.appendChild(link);
  link.click();
  link.remove();
}

/**
 * "Download guests" and "Download sessions" for the current filters: asks the server to prepare the
 * file, polls its status URL with a progress bar, then downloads it.
 */
export function DownloadButtons({ siteId, query, disabled }: { siteId: number; query: string; disabled: boolean }) {
  const { t, i18n } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const [job, setJob] = useState<{ kind: GuestExportKind; status: GuestDownloadStatus | null } | null>(null);
  const alive = useRef(true);
  useEffect(() => {
    alive.current = true;
    return () => void (alive.current = false);
  }, []);

  const start = async (kind: GuestExportKind) => {
    setJob({ kind, status: null });
    try {
      const { status_url } = await get<{ status_url: string }>(`${guestApi(siteId)}/download/${kind}${query ? `?${query}` : ''}`);
      for (;;) {
        const status = await get<GuestDownloadStatus>(status_url);
        if (!alive.current) return;
        setJob({ kind, status });
        if (status.status === 'ready' && status.download_url) {
          saveFile(status.download_url, status.file_name);
          enqueueSnackbar(t('guests.download.started', { file: status.file_name }), { variant: 'success' });
          break;
        }
        if (status.status === 'failed') throw new Error(status.error ?? 'failed');
        await new Promise((resolve) => setTimeout(resolve, POLL_MS));
      }
    } catch {
      if (alive.current) enqueueSnackbar(t('guests.download.failed'), { variant: 'error' });
    } finally {
      if (alive.current) setJob(null);
    }
  };

  const status = job?.status;
  const preparing = status && status.status !== 'pending';
  return (
    <Stack spacing={1} sx={{ minWidth: { sm: 360 } }}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
        {(['guests', 'sessions'] as const).map((kind) => (
          <Button
            key={kind}
            variant="outlined"
            startIcon={<DownloadIcon />}
            disabled={disabled || job !== null}
            onClick={() => void start(kind)}
          >
            {t(`guests.download.${kind}`)}
          </Button>
        ))}
      </Stack>
      {job && (
        <Stack spacing={0.5} data-testid="download-progress">
          <LinearProgress
            variant={preparing ? 'determinate' : 'indeterminate'}
            value={status?.progress ?? 0}
            aria-label={t(`guests.download.${job.kind}`)}
          />
          <Typography variant="body2" color="text.secondary" aria-live="polite">
            {preparing
              ? t('guests.download.preparing', {
                  kind: t(`guests.download.kinds.${job.kind}`),
                  progress: status.progress,
                  rows: status.rows.toLocaleString(i18n.language),
                })
              : t('guests.download.waiting', { kind: t(`guests.download.kinds.${job.kind}`) })}
          </Typography>
        </Stack>
      )}
    </Stack>
  );
}
