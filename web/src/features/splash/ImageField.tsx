import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ButtonBase from '@mui/material/ButtonBase';
import CircularProgress from '@mui/material/CircularProgress';
import FormHelperText from '@mui/material/FormHelperText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { ApiFailure, post } from '../../app/api.ts';
import { uploadUrl } from './resources.ts';
import { FileButton } from '../../components/FileButton.tsx';

interface Props {
  siteId: number;
  /** Names the input for tests and assistive technology (logo_image, html_image...). */
  name: string;
  label: string;
  value: string;
  onChange(link: string): void;
  /** The site's uploaded images to choose from. */
  thumbnails: string[];
  onUploaded(link: string): void;
  error?: string;
  disabled: boolean;
  serverText(message: string): string;
}

/**
 * A design image: upload one (image files only, checked here and by the server by its bytes), or pick
 * one of the site's uploads, or remove it.
 */
export function ImageField({ siteId, name, label, value, onChange, thumbnails, onUploaded, error, disabled, serverText }: Props) {
  const { t } = useTranslation();
  const [problem, setProblem] = useState('');
  const [busy, setBusy] = useState(false);
  const [choosing, setChoosing] = useState(false);

  const upload = async (file: File | undefined) => {
    if (!file) return;
    if (!file.type.startsWith('image/')) return setProblem(t('splash.design.imageOnly'));
    const form = new FormData();
    form.append('file', file);
    setBusy(true);
    try {
      const { filelink } = await post<{ filelink: string }>(uploadUrl(siteId), form);
      onUploaded(filelink);
      onChange(filelink);
      setProblem('');
    } catch (err) {
      const message = err instanceof ApiFailure ? (err.error.schema_errors.file?.[0] ?? '') : '';
      setProblem(message ? serverText(message) : t('splash.design.uploadFailed'));
    } finally {
      setBusy(false);
    }
  };

  const shownError = problem || (error ? serverText(error) : '');
  return (
    <Stack spacing={1} component="fieldset" sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
      <Typography component="legend" variant="subtitle2" sx={{ p: 0 }}>
        {label}
      </Typography>
      {value && (
        <Box
          component="img"
          src={value}
          alt={label}
          sx={{
            maxHeight: 72,
            maxWidth: 220,
            objectFit: 'contain',
            alignSelf: 'flex-start',
            border: 1,
            borderColor: 'divider',
            borderRadius: 1,
            p: 0.5,
            bgcolor: 'grey.100',
          }}
        />
      )}
      {!disabled && (
        <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
          <FileButton
            variant="outlined"
            size="small"
            disabled={busy}
            startIcon={busy ? <CircularProgress size={14} /> : undefined}
            accept="image/*"
            inputTestId={`upload-${name}`}
            onFile={(file) => void upload(file)}
          >
            {value ? t('splash.design.replace') : t('splash.design.upload')}
          </FileButton>
          <Button size="small" onClick={() => setChoosing(!choosing)} aria-expanded={choosing}>
            {choosing ? t('splash.design.hideUploaded') : t('splash.design.chooseUploaded')}
          </Button>
          {value && (
            <Button size="small" color="inherit" onClick={() => onChange('')}>
              {t('splash.design.remove')}
            </Button>
          )}
        </Stack>
      )}
      {choosing && !disabled && (
        <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(72px, 1fr))', gap: 1 }}>
          {thumbnails.length === 0 && (
            <Typography variant="body2" color="text.secondary" sx={{ gridColumn: '1 / -1' }}>
              {t('splash.design.noUploads')}
            </Typography>
          )}
          {thumbnails.map((link) => (
            <ButtonBase
              key={link}
              onClick={() => {
                onChange(link);
                setChoosing(false);
              }}
              aria-label={t('splash.design.useImage')}
              aria-pressed={link === value}
              sx={{
                height: 72,
                border: 2,
                borderColor: link === value ? 'primary.main' : 'divider',
                borderRadius: 1,
                overflow: 'hidden',
                bgcolor: 'grey.100',
              }}
            >
              <Box component="img" src={link} alt="" sx={{ maxWidth: '100%', maxHeight: '100%', objectFit: 'contain' }} />
            </ButtonBase>
          ))}
        </Box>
      )}
      {shownError && <FormHelperText error>{shownError}</FormHelperText>}
    </Stack>
  );
}
