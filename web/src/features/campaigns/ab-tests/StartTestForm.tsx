import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { AbTestCreate } from '@splashboard/contract';
import { fieldErrors } from '../../../app/api.ts';
import { useErrorText } from '../../../app/errorText.ts';
import { AddIcon, DeleteIcon } from '../../../components/icons.ts';
import { Panel } from './Panel.tsx';

/** The splash design's fields a variant may change here (the designer's names). */
export const VARIANT_FIELDS = ['body_color', 'grid_color', 'logo_image', 'optional_h1', 'partialtos1_text', 'tos_text'] as const;
type VariantField = (typeof VARIANT_FIELDS)[number];
interface VariantDraft {
  name: string;
  weight: string;
  design: Record<VariantField, string>;
}

const LETTERS = ['A', 'B', 'C', 'D'];
const MAX_VARIANTS = 4;
const MIN_VARIANTS = 2;
const emptyDesign = () => Object.fromEntries(VARIANT_FIELDS.map((f) => [f, ''])) as Record<VariantField, string>;
const draft = (n: number, weight: number): VariantDraft => ({ name: LETTERS[n]!, weight: String(weight), design: emptyDesign() });

/** What the form sends: only the design fields given. */
export function bodyOf(name: string, variants: VariantDraft[]): AbTestCreate {
  return {
    name,
    variants: variants.map((v) => ({
      name: v.name,
      weight: Number(v.weight),
      design: Object.fromEntries(Object.entries(v.design).filter(([, value]) => value.trim() !== '')),
    })),
  };
}

/** A new test: its name and two to four variants, each with its share of guests and the design fields it changes. */
export function StartTestForm({ onStart }: { onStart: (body: AbTestCreate) => Promise<void> }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const [name, setName] = useState('');
  const [variants, setVariants] = useState<VariantDraft[]>(() => [draft(0, 50), draft(1, 50)]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState('');
  const [busy, setBusy] = useState(false);
  const total = variants.reduce((sum, v) => sum + (Number(v.weight) || 0), 0);
  const change = (i: number, patch: (v: VariantDraft) => VariantDraft) =>
    setVariants((list) => list.map((v, n) => (n === i ? patch(v) : v)));
  const fieldError = (key: string) => (errors[key] ? errorText.field(errors[key]) : undefined);

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    setBusy(true);
    setErrors({});
    setFailure('');
    try {
      await onStart(bodyOf(name, variants));
      setName('');
      setVariants([draft(0, 50), draft(1, 50)]);
    } catch (err) {
      setErrors(fieldErrors(err));
      setFailure(errorText.error(err, t('common.unknownError')));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Panel title={t('campaigns.ab.start.title')}>
      <Stack component="form" spacing={2} onSubmit={submit} noValidate>
        {failure && <Alert severity="error">{failure}</Alert>}
        <TextField
          label={t('campaigns.ab.start.name')}
          value={name}
          onChange={(e) => setName(e.target.value)}
          required
          error={!!errors.name}
          helperText={fieldError('name')}
        />
        {variants.map((v, i) => (
          <Stack key={i} spacing={1.5} component="fieldset" sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 2 }}>
            <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
              <Typography component="legend" variant="subtitle1">
                {t('campaigns.ab.start.variant', { n: i + 1 })}
              </Typography>
              {variants.length > MIN_VARIANTS && (
                <IconButton
                  aria-label={t('campaigns.ab.start.removeVariant', { n: i + 1 })}
                  onClick={() => setVariants((list) => list.filter((_, n) => n !== i))}
                >
                  <DeleteIcon />
                </IconButton>
              )}
            </Stack>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <TextField
                label={t('campaigns.ab.start.variantName')}
                value={v.name}
                onChange={(e) => change(i, (d) => ({ ...d, name: e.target.value }))}
                error={!!errors[`variants.${i}.name`]}
                helperText={fieldError(`variants.${i}.name`)}
              />
              <TextField
                label={t('campaigns.ab.start.weight')}
                type="number"
                value={v.weight}
                onChange={(e) => change(i, (d) => ({ ...d, weight: e.target.value }))}
                error={!!errors[`variants.${i}.weight`]}
                helperText={fieldError(`variants.${i}.weight`)}
                slotProps={{ htmlInput: { min: 1, max: 99 } }}
              />
            </Stack>
            <Typography variant="body2" color="text.secondary">
              {t('campaigns.ab.start.changes')}
            </Typography>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} useFlexGap sx={{ flexWrap: 'wrap' }}>
              {VARIANT_FIELDS.map((f) => (
                <TextField
                  key={f}
                  size="small"
                  label={t(`campaigns.ab.fields.${f}`)}
                  value={v.design[f]}
                  onChange={(e) => change(i, (d) => ({ ...d, design: { ...d.design, [f]: e.target.value } }))}
                  error={!!errors[`variants.${i}.design.${f}`]}
                  helperText={fieldError(`variants.${i}.design.${f}`)}
                />
              ))}
            </Stack>
          </Stack>
        ))}
        <Typography color={total === 100 ? 'text.secondary' : 'error'} role="status">
          {t('campaigns.ab.start.weightsTotal', { total })}
        </Typography>
        {errors.variants && <Alert severity="error">{fieldError('variants')}</Alert>}
        <Stack direction="row" spacing={2}>
          {variants.length < MAX_VARIANTS && (
            <Button startIcon={<AddIcon />} onClick={() => setVariants((list) => [...list, draft(list.length, 0)])}>
              {t('campaigns.ab.start.addVariant')}
            </Button>
          )}
          <Button type="submit" variant="contained" disabled={busy}>
            {t('campaigns.ab.start.submit')}
          </Button>
        </Stack>
      </Stack>
    </Panel>
  );
}
