import { useDeferredValue, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import MenuItem from '@mui/material/MenuItem';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import type { GuestLang } from '@splashboard/splash';
import { PreviewFrame, type Device } from './PreviewFrame.tsx';
import { previewHtml, type PreviewScreenId, type PreviewSource } from './previewScreens.ts';
import { useScreenLabel } from './labels.ts';

interface Props {
  source: Omit<PreviewSource, 'lang'>;
  /** The guest language shown: the one whose texts the designer edits. */
  lang: GuestLang;
  screens: PreviewScreenId[];
  screen: PreviewScreenId;
  onScreen(screen: PreviewScreenId): void;
}

/** The live preview: the guest page of the chosen screen, at a phone's or a desktop's size, in the guest language whose texts are edited. */
export function PreviewPanel({ source, lang, screens, screen, onScreen }: Props) {
  const { t } = useTranslation();
  const screenLabel = useScreenLabel();
  const [device, setDevice] = useState<Device>('phone');
  const shown = screens.includes(screen) ? screen : screens[0]!;
  const html = useMemo(() => previewHtml({ ...source, lang }, shown), [source, lang, shown]);
  // Typing stays quick: the frame catches up when there is time.
  const deferred = useDeferredValue(html);

  return (
    <Paper variant="outlined" component="section" aria-label={t('splash.preview.title')} sx={{ p: { xs: 1.5, sm: 2 } }}>
      <Stack spacing={1.5}>
        <Typography variant="h6" component="h2">
          {t('splash.preview.title')}
        </Typography>
        <TextField
          select
          size="small"
          label={t('splash.preview.screen')}
          value={shown}
          onChange={(e) => onScreen(e.target.value as PreviewScreenId)}
        >
          {screens.map((s) => (
            <MenuItem key={s} value={s}>
              {screenLabel(s)}
            </MenuItem>
          ))}
        </TextField>
        <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
          <ToggleButtonGroup
            size="small"
            exclusive
            value={device}
            onChange={(_, d: Device | null) => d && setDevice(d)}
            aria-label={t('splash.preview.device')}
          >
            <ToggleButton value="phone">{t('splash.preview.phone')}</ToggleButton>
            <ToggleButton value="desktop">{t('splash.preview.desktop')}</ToggleButton>
          </ToggleButtonGroup>
        </Stack>
        <PreviewFrame html={deferred} device={device} title={t('splash.preview.frameTitle', { screen: screenLabel(shown) })} />
        <Typography variant="caption" color="text.secondary">
          {t('splash.preview.note')}
        </Typography>
      </Stack>
    </Paper>
  );
}
