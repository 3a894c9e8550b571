import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useStore } from 'react-redux';
import { useSnackbar } from 'notistack';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import TextField from '@mui/material/TextField';
import Button from '@mui/material/Button';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Switch from '@mui/material/Switch';
import FormControlLabel from '@mui/material/FormControlLabel';
import { emptyBranding, type BrandingSection, type BrandingSettings } from '@splashboard/contract';
import { fieldErrors, get, post, put } from '../../app/api.ts';
import { useErrorText } from '../../app/errorText.ts';
import { loadBrand } from '../../app/brand.ts';
import type { Store } from '../../app/store.ts';
import { FileButton } from '../../components/FileButton.tsx';
import { MERGE_FIELDS, SECTION_FIELDS, SHELL_SECTIONS, isPaymentSection, type FieldDef } from './fields.ts';
import { SectionPreview } from './Previews.tsx';

type Values = Record<string, string | boolean>;

/** /app/branding/{section}: the section's form beside a live preview of what it changes. */
export function SectionPage({ section }: { section: BrandingSection }) {
  const { t } = useTranslation();
  const store = useStore() as Store;
  const { enqueueSnackbar } = useSnackbar();
  const errorText = useErrorText();
  const [values, setValues] = useState<Values | null>(null);
  const [loadError, setLoadError] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const path = `/a/api/v1/branding/${section}`;

  useEffect(() => {
    let live = true;
    setValues(null);
    get<Values>(path).then(
      (v) => live && setValues(v),
      (err) => live && setLoadError(errorText.error(err, t('branding.loadFailed'))),
    );
    return () => {
      live = false;
    };
  }, [path, errorText, t]);

  const save = async (e: FormEvent) => {
    e.preventDefault();
    if (!values) return;
    setBusy(true);
    setErrors({});
    try {
      setValues(await put<Values>(path, values));
      enqueueSnackbar(t('branding.saved'), { variant: 'success' });
      if (SHELL_SECTIONS.includes(section)) await loadBrand(store);
    } catch (err) {
      const fields = fieldErrors(err);
      setErrors(errorText.fields(fields));
      enqueueSnackbar(Object.keys(fields).length ? t('branding.checkFields') : errorText.error(err, t('branding.saveFailed')), {
        variant: 'error',
      });
    } finally {
      setBusy(false);
    }
  };

  const merge = MERGE_FIELDS[section];
  return (
    <Stack spacing={2}>
      <Box>
        <Button component={RouterLink} to="/app/branding" size="small">
          {t('branding.back')}
        </Button>
      </Box>
      <Typography variant="h4" component="h1">
        {t(`branding.sections.${section}.title`)}
      </Typography>
      <Typography color="text.secondary">{t(`branding.sections.${section}.desc`)}</Typography>
      {isPaymentSection(section) && <Alert severity="info">{t('branding.paymentNote')}</Alert>}
      {loadError && <Alert severity="error">{loadError}</Alert>}
      {values && (
        <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', lg: 'minmax(0, 1fr) minmax(0, 1fr)' } }}>
          <Stack component="form" spacing={2} onSubmit={save} noValidate>
            {merge && (
              <Typography variant="body2" color="text.secondary">
                {t('branding.mergeFields', { fields: merge.join(' ') })}
              </Typography>
            )}
            {SECTION_FIELDS[section].map((f) => (
              <Field
                key={f.key}
                def={f}
                value={values[f.key] ?? ''}
                error={errors[f.key]}
                disabled={busy}
                onChange={(v) => setValues({ ...values, [f.key]: v })}
                onUploadFailed={(message) => setErrors({ ...errors, [f.key]: message })}
              />
            ))}
            <Box>
              <Button type="submit" variant="contained" disabled={busy}>
                {busy ? t('branding.saving') : t('branding.save')}
              </Button>
            </Box>
          </Stack>
          <Box component="section" aria-labelledby="branding-preview">
            <Typography variant="h6" component="h2" id="branding-preview">
              {t('branding.preview')}
            </Typography>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
              {t('branding.previewNote')}
            </Typography>
            <Paper variant="outlined" sx={{ p: 2, overflow: 'hidden' }} data-testid="branding-preview">
              <SectionPreview
                section={section}
                values={{ ...emptyBranding(section), ...values } as BrandingSettings[typeof section]}
              />
            </Paper>
          </Box>
        </Box>
      )}
    </Stack>
  );
}

function Field({
  def,
  value,
  error,
  disabled,
  onChange,
  onUploadFailed,
}: {
  def: FieldDef;
  value: string | boolean;
  error?: string;
  disabled: boolean;
  onChange: (v: string | boolean) => void;
  onUploadFailed: (message: string) => void;
}) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const [uploading, setUploading] = useState(false);
  const label = t(`branding.fields.${def.key}`);
  const id = `branding-${def.key}`;

  if (def.kind === 'switch')
    return (
      <FormControlLabel
        control={<Switch checked={value === true} disabled={disabled} onChange={(e) => onChange(e.target.checked)} />}
        label={label}
      />
    );

  const text = typeof value === 'string' ? value : '';
  const help = error || (def.help ? t(`branding.fields.${def.key}Help`) : def.kind === 'image' ? t('branding.imageHelp') : '');

  const upload = async (file: File | undefined) => {
    if (!file) return;
    setUploading(true);
    try {
      const form = new FormData();
      form.append('file', file);
      const answer = await post<{ filelink: string }>('/a/api/v1/branding/image', form);
      onChange(answer.filelink);
    } catch (err) {
      onUploadFailed(
        fieldErrors(err).file ? errorText.field(fieldErrors(err).file!) : errorText.error(err, t('branding.uploadFailed')),
      );
    } finally {
      setUploading(false);
    }
  };

  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
      <TextField
        id={id}
        label={label}
        value={text}
        disabled={disabled}
        error={!!error}
        helperText={help}
        fullWidth
        multiline={def.kind === 'multiline'}
        minRows={def.kind === 'multiline' ? 3 : undefined}
        type={def.kind === 'email' ? 'email' : def.kind === 'url' ? 'url' : 'text'}
        placeholder={def.kind === 'colour' ? '#1976d2' : undefined}
        onChange={(e) => onChange(e.target.value)}
        slotProps={{ htmlInput: { maxLength: def.kind === 'colour' ? 7 : (def.max ?? 500) } }}
      />
      {def.kind === 'colour' && (
        <Box
          component="input"
          type="color"
          aria-label={t('branding.colourPicker', { field: label })}
          value={/^#[0-9a-f]{6}$/i.test(text) ? text : '#000000'}
          disabled={disabled}
          onChange={(e: React.ChangeEvent<HTMLInputElement>) => onChange(e.target.value)}
          sx={{ width: 48, height: 56, p: 0, border: 'none', background: 'none', cursor: 'pointer', flexShrink: 0 }}
        />
      )}
      {def.kind === 'image' && (
        <Stack spacing={1} sx={{ flexShrink: 0, alignItems: 'center' }}>
          <FileButton
            accept="image/png,image/jpeg,image/gif,image/webp"
            onFile={upload}
            variant="outlined"
            disabled={disabled || uploading}
          >
            {uploading ? t('branding.uploading') : t('branding.upload')}
          </FileButton>
          {text && (
            <>
              <Box component="img" src={text} alt="" sx={{ maxHeight: 40, maxWidth: 96, objectFit: 'contain' }} />
              <Button size="small" onClick={() => onChange('')} disabled={disabled}>
                {t('branding.remove')}
              </Button>
            </>
          )}
        </Stack>
      )}
    </Stack>
  );
}
