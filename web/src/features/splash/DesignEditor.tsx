import { useTranslation } from 'react-i18next';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import InputAdornment from '@mui/material/InputAdornment';
import {
  BODY_CONFIGS,
  FONT_FAMILIES,
  LOGO_ALIGNS,
  SYSTEM_FONT,
  type DesignTextKey,
  type SplashDesign,
  type Translations,
} from '@splashboard/contract';
import type { GuestLang } from '@splashboard/splash';
import { ColourField } from './ColourField.tsx';
import { ImageField } from './ImageField.tsx';
import { Section } from './Section.tsx';
import { fallbackDesign } from './previewScreens.ts';
import { errorKeyOf, textIn } from './texts.ts';

type Key = keyof SplashDesign;

interface Props {
  siteId: number;
  design: SplashDesign & { translations?: Partial<Translations> };
  /** The language whose texts are edited. */
  lang: GuestLang;
  onChange<K extends Key>(key: K, value: SplashDesign[K]): void;
  /** A text changed in the language being edited. */
  onText(key: DesignTextKey, value: string): void;
  errors: Record<string, string>;
  disabled: boolean;
  /** The webfonts of /static/guest/fonts/config.json (the contract's list until it has loaded); the phone's own font comes first. */
  fonts: string[];
  thumbnails: string[];
  onUploaded(link: string): void;
  serverText(message: string): string;
}

const IMAGES = ['logo_image', 'html_image', 'splash_page_powered_by_logo'] as const;
const FOOTER: [DesignTextKey, Key][] = [
  ['partialtos1_text', 'partialtos1_color'],
  ['tos_text', 'tos_color'],
  ['partialtos2_text', 'partialtos2_color'],
  ['privacy_text', 'privacy_color'],
];
const CONSENT: DesignTextKey[] = [
  'optional_h1',
  'optional_h2',
  'optional_desc',
  'gdpr_heading_text',
  'gdpr_contact_h1',
  'gdpr_contact_h2',
  'gdpr_contact_desc',
  'gdpr_device_id_h1',
  'gdpr_device_id_h2',
  'gdpr_device_id_desc',
];
const LONG: Partial<Record<Key, number>> = {
  optional_desc: 2000,
  gdpr_contact_desc: 2000,
  gdpr_device_id_desc: 2000,
  tos_content: 50_000,
  privacy_content: 50_000,
};

/** The site's design: images, colours, font, layout, the terms line and footer, legal texts and consent texts. */
export function DesignEditor(props: Props) {
  const { siteId, design, lang, onChange, onText, errors, disabled, fonts, thumbnails, onUploaded, serverText } = props;
  const { t } = useTranslation();
  const label = (key: Key) => t(`splash.design.${key}`);
  const err = (key: Key) => (errors[key] ? serverText(errors[key]) : undefined);

  // Texts show the language being edited; an empty version shows what guests read instead.
  const fallbacks = lang === 'en-US' ? null : fallbackDesign(design, lang);
  const text = (key: DesignTextKey, max = 200) => {
    const long = (LONG[key] ?? 0) > 200;
    const fallback = fallbacks?.[key];
    const error = errors[errorKeyOf(key, lang)] ? serverText(errors[errorKeyOf(key, lang)]!) : undefined;
    return (
      <TextField
        key={`${key}:${lang}`}
        size="small"
        label={label(key)}
        value={textIn(design, key, lang)}
        placeholder={fallback}
        disabled={disabled}
        error={!!error}
        helperText={error}
        multiline={long}
        minRows={long ? (key.endsWith('content') ? 6 : 2) : undefined}
        maxRows={key.endsWith('content') ? 16 : undefined}
        onChange={(e) => onText(key, e.target.value)}
        slotProps={{
          htmlInput: { maxLength: LONG[key] ?? max, lang: lang.slice(0, 2) },
          inputLabel: fallback ? { shrink: true } : undefined,
        }}
      />
    );
  };
  const colour = (key: Key) => (
    <ColourField
      key={key}
      label={label(key)}
      value={String(design[key])}
      disabled={disabled}
      error={err(key)}
      onChange={(v) => onChange(key, v as never)}
    />
  );
  const number = (key: 'logo_size' | 'grid_border_radius', min: number, max: number) => (
    <TextField
      size="small"
      type="number"
      label={label(key)}
      value={Number.isFinite(design[key]) ? design[key] : ''}
      disabled={disabled}
      error={!!err(key)}
      helperText={err(key)}
      onChange={(e) => onChange(key, (e.target.value === '' ? '' : Number(e.target.value)) as never)}
      slotProps={{
        htmlInput: { min, max, step: 1 },
        input: { endAdornment: <InputAdornment position="end">{t('splash.units.px')}</InputAdornment> },
      }}
      sx={{ maxWidth: 220 }}
    />
  );
  const select = <K extends 'body_config' | 'logo_align' | 'body_fontfamily'>(
    key: K,
    options: readonly string[],
    optionLabel: (o: string) => string,
  ) => (
    <TextField
      select
      size="small"
      label={label(key)}
      value={design[key]}
      disabled={disabled}
      error={!!err(key)}
      helperText={err(key)}
      onChange={(e) => onChange(key, e.target.value as SplashDesign[K])}
      sx={{ maxWidth: 320 }}
    >
      {options.map((o) => (
        <MenuItem key={o} value={o}>
          {optionLabel(o)}
        </MenuItem>
      ))}
    </TextField>
  );

  return (
    <Stack spacing={1}>
      <Section title={t('splash.design.images')} defaultExpanded>
        {IMAGES.map((key) => (
          <ImageField
            key={key}
            siteId={siteId}
            name={key}
            label={label(key)}
            value={design[key]}
            onChange={(link) => onChange(key, link)}
            thumbnails={thumbnails}
            onUploaded={onUploaded}
            error={errors[key]}
            disabled={disabled}
            serverText={serverText}
          />
        ))}
        {select('body_config', BODY_CONFIGS, (o) => t(`splash.design.bodyConfigs.${o}`))}
      </Section>
      <Section title={t('splash.design.colours')} defaultExpanded>
        {colour('body_color')}
        {colour('grid_color')}
        {colour('bottomtext_color')}
        {select('body_fontfamily', fonts.length ? [SYSTEM_FONT, ...fonts] : FONT_FAMILIES, (o) =>
          o === SYSTEM_FONT ? t('splash.design.systemFont') : o,
        )}
      </Section>
      <Section title={t('splash.design.layout')}>
        {select('logo_align', LOGO_ALIGNS, (o) => t(`splash.design.aligns.${o}`))}
        {number('logo_size', 16, 512)}
        {number('grid_border_radius', 0, 64)}
      </Section>
      <Section title={t('splash.design.footer')}>
        {FOOTER.map(([textKey, colourKey]) => (
          <Stack key={textKey} spacing={1.5}>
            {text(textKey, textKey.startsWith('partial') ? 200 : 100)}
            {colour(colourKey)}
          </Stack>
        ))}
        {text('splash_page_powered_by_text')}
      </Section>
      <Section title={t('splash.design.legal')}>
        {text('tos_content')}
        {text('privacy_content')}
      </Section>
      <Section title={t('splash.design.consent')} help={t('splash.design.consentHelp')}>
        {CONSENT.map((key) => text(key))}
      </Section>
    </Stack>
  );
}
