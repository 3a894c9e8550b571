import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnackbar } from 'notistack';
import QRCode from 'qrcode';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import TextField from '@mui/material/TextField';
import Button from '@mui/material/Button';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import { useAppSelector } from '../../app/hooks.ts';
import { SectionCard } from '../../components/SectionCard.tsx';
import { ContentCopyIcon } from '../../components/icons.ts';
import { useStripeConnection } from './useStripeConnection.ts';
import './i18n.ts';

const QUIET = 4;

/** A QR code of `text` as an SVG path of its dark modules (quiet zone included), in a square of `size`. */
function QrCode({ text, size, label }: { text: string; size: number; label: string }) {
  const d = useMemo(() => {
    const { modules } = QRCode.create([{ data: new TextEncoder().encode(text), mode: 'byte' }], { errorCorrectionLevel: 'M' });
    const unit = size / (modules.size + 2 * QUIET);
    let path = '';
    for (let r = 0; r < modules.size; r++)
      for (let c = 0; c < modules.size; c++)
        if (modules.data[r * modules.size + c]) path += `M${(c + QUIET) * unit} ${(r + QUIET) * unit}h${unit}v${unit}h${-unit}z`;
    return path;
  }, [text, size]);
  return (
    <Box
      component="svg"
      role="img"
      aria-label={label}
      viewBox={`0 0 ${size} ${size}`}
      sx={{ width: size, height: size, bgcolor: '#fff' }}
    >
      <path d={d} fill="#000" />
    </Box>
  );
}

const FEATURES = ['package', 'invoices', 'devices', 'renew'] as const;

/** /app/settings-view/customer-portal: the address where the site's guests manage what they bought. */
export function CustomerPortalPage() {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const siteId = useAppSelector((s) => s.site.selectedSiteId);
  const { connection, failed } = useStripeConnection(siteId);
  const url = connection?.customer_portal_url ?? '';

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      enqueueSnackbar(t('payments.portal.copied'), { variant: 'success' });
    } catch {
      enqueueSnackbar(t('payments.portal.copyFailed'), { variant: 'warning' });
    }
  };

  return (
    <Stack spacing={2} sx={{ maxWidth: 760 }}>
      <Typography variant="h4" component="h1">
        {t('payments.portal.title')}
      </Typography>
      <Typography color="text.secondary">{t('payments.portal.intro')}</Typography>
      {failed && <Alert severity="error">{t('payments.portal.loadFailed')}</Alert>}
      {url && (
        <SectionCard title={t('payments.portal.address')}>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' } }}>
            <TextField
              id="customer-portal-url"
              label={t('payments.portal.address')}
              value={url}
              slotProps={{ htmlInput: { readOnly: true, spellCheck: false } }}
              onFocus={(e) => e.target.select()}
              sx={{ flex: 1 }}
            />
            <Stack direction="row" spacing={1}>
              <Button variant="outlined" startIcon={<ContentCopyIcon />} onClick={() => void copy()}>
                {t('payments.portal.copy')}
              </Button>
              <Button variant="contained" href={url} target="_blank" rel="noopener">
                {t('payments.portal.open')}
              </Button>
            </Stack>
          </Stack>
          <QrCode text={url} size={180} label={t('payments.portal.qr')} />
        </SectionCard>
      )}
      <SectionCard title={t('payments.portal.canDo')}>
        <List dense disablePadding>
          {FEATURES.map((f) => (
            <ListItem key={f} disableGutters>
              <ListItemText primary={t(`payments.portal.features.${f}`)} />
            </ListItem>
          ))}
        </List>
      </SectionCard>
    </Stack>
  );
}
