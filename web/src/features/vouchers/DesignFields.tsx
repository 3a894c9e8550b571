import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import MenuItem from '@mui/material/MenuItem';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import Box from '@mui/material/Box';
import FormGroup from '@mui/material/FormGroup';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Checkbox from '@mui/material/Checkbox';
import { VOUCHER_CARDS_PER_PAGE, VOUCHER_CARD_LANGUAGES, VOUCHER_PAPERS, type VoucherDesign } from '@splashboard/contract';
import { UploadFileIcon as UploadFile } from '../../components/icons.ts';
import { SectionCard } from '../../components/SectionCard.tsx';

const COLOURS = ['background_color', 'border_color', 'text_color', 'accent_color'] as const;
const SHOWN = [
  'show_code',
  'show_qr',
  'show_duration',
  'show_devices',
  'show_limits',
  'show_validity',
  'show_site',
  'show_batch',
  'show_notes',
] as const;

/** A colour as a swatch picker beside its text (the text also takes rgba()). */
function ColourInput(props: { label: string; value: string; error?: string; onChange: (v: string) => void; id: string }) {
  const hex = /^#[0-9a-f]{6}$/i.test(props.value) ? props.value : '#000000';
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
      <Box
        component="input"
        type="color"
        value={hex}
        aria-label={props.label}
        onChange={(e: { target: { value: string } }) => props.onChange(e.target.value)}
        sx={{ width: 44, height: 40, p: 0, border: 'none', background: 'none', cursor: 'pointer', flexShrink: 0 }}
      />
      <TextField
        id={props.id}
        size="small"
        label={props.label}
        value={props.value}
        onChange={(e) => props.onChange(e.target.value)}
        error={!!props.error}
        helperText={props.error}
        slotProps={{ htmlInput: { maxLength: 40, spellCheck: false } }}
        sx={{ flex: 1 }}
      />
    </Stack>
  );
}

/** Everything the designer changes: paper and layout, colours, texts, logo, what is printed. */
export function DesignFields(props: {
  design: VoucherDesign;
  onChange: (d: VoucherDesign) => void;
  errors: Record<string, string>;
  onUpload: (file: File) => Promise<void>;
}) {
  const { t } = useTranslation();
  const fileInput = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState(false);
  const { design, onChange, errors } = props;
  const set = <K extends keyof VoucherDesign>(k: K, v: VoucherDesign[K]) => onChange({ ...design, [k]: v });
  const err = (k: string) => errors[k] || undefined;
  const text = (k: 'heading_text' | 'instructions_text' | 'footer_text' | 'qr_base_url', max: number, multiline = false) => (
    <TextField
      id={`voucher-design-${k}`}
      label={t(`vouchers.design.fields.${k}`)}
      value={design[k]}
      onChange={(e) => set(k, e.target.value)}
      error={!!errors[k]}
      helperText={err(k) ?? (k === 'qr_base_url' ? t('vouchers.design.qrBaseHelp') : undefined)}
      multiline={multiline}
      minRows={multiline ? 2 : undefined}
      slotProps={{ htmlInput: { maxLength: max } }}
    />
  );

  return (
    <Stack spacing={2}>
      <SectionCard title={t('vouchers.design.layout')}>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <TextField
            select
            label={t('vouchers.paper')}
            value={design.paper}
            onChange={(e) => set('paper', e.target.value as VoucherDesign['paper'])}
            sx={{ flex: 1 }}
          >
            {VOUCHER_PAPERS.map((p) => (
              <MenuItem key={p} value={p}>
                {t(`vouchers.papers.${p}`)}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            select
            label={t('vouchers.design.fields.cards_per_page')}
            value={design.cards_per_page}
            onChange={(e) => set('cards_per_page', Number(e.target.value) as VoucherDesign['cards_per_page'])}
            sx={{ flex: 1 }}
          >
            {VOUCHER_CARDS_PER_PAGE.map((n) => (
              <MenuItem key={n} value={n}>
                {n}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            select
            label={t('vouchers.design.fields.language')}
            value={design.language}
            onChange={(e) => set('language', e.target.value as VoucherDesign['language'])}
            sx={{ flex: 1 }}
          >
            {VOUCHER_CARD_LANGUAGES.map((l) => (
              <MenuItem key={l} value={l}>
                {t(`vouchers.design.languages.${l}`)}
              </MenuItem>
            ))}
          </TextField>
        </Stack>
      </SectionCard>
      <SectionCard title={t('vouchers.design.colours')}>
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
          {COLOURS.map((k) => (
            <ColourInput
              key={k}
              id={`voucher-design-${k}`}
              label={t(`vouchers.design.fields.${k}`)}
              value={design[k]}
              error={err(k)}
              onChange={(v) => set(k, v)}
            />
          ))}
        </Box>
      </SectionCard>
      <SectionCard title={t('vouchers.design.texts')}>
        {text('heading_text', 60)}
        {text('instructions_text', 300, true)}
        {text('footer_text', 120)}
      </SectionCard>
      <SectionCard title={t('vouchers.design.logo')}>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap' }} useFlexGap>
          {design.logo_image ? (
            <Box
              component="img"
              src={design.logo_image}
              alt={t('vouchers.design.logoAlt')}
              sx={{ maxHeight: 48, maxWidth: 160, objectFit: 'contain' }}
            />
          ) : (
            <Typography variant="body2" color="text.secondary">
              {t('vouchers.design.noLogo')}
            </Typography>
          )}
          <Button variant="outlined" startIcon={<UploadFile />} disabled={uploading} onClick={() => fileInput.current?.click()}>
            {uploading ? t('vouchers.design.uploading') : t('vouchers.design.uploadLogo')}
          </Button>
          {design.logo_image && <Button onClick={() => set('logo_image', '')}>{t('vouchers.design.removeLogo')}</Button>}
          <input
            ref={fileInput}
            type="file"
            accept="image/*"
            hidden
            data-testid="voucher-logo-file"
            onChange={(e) => {
              const file = e.target.files?.[0];
              e.target.value = '';
              if (!file) return;
              setUploading(true);
              void props.onUpload(file).finally(() => setUploading(false));
            }}
          />
        </Stack>
        <FormHelperText error={!!errors.file || !!errors.logo_image}>
          {err('file') ?? err('logo_image') ?? t('vouchers.design.logoHelp')}
        </FormHelperText>
      </SectionCard>
      <SectionCard title={t('vouchers.design.printed')}>
        <FormGroup sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
          {SHOWN.map((k) => (
            <FormControlLabel
              key={k}
              label={t(`vouchers.design.fields.${k}`)}
              control={<Checkbox checked={design[k]} onChange={(e) => set(k, e.target.checked)} />}
            />
          ))}
        </FormGroup>
        {errors.show_code && <FormHelperText error>{err('show_code')}</FormHelperText>}
        {text('qr_base_url', 200)}
      </SectionCard>
    </Stack>
  );
}
