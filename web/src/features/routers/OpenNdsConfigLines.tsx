import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import type { OpenNdsRouterSettings } from '@splashboard/contract';
import { CopyButton } from './CopyButton.tsx';

type Format = 'uci' | 'conf';

/**
 * The options as the gateway's file wants them: OpenWrt's UCI (`option name 'value'`) or openNDS's
 * own opennds.conf (`name value`). A known faskey (just generated) fills its line.
 */
function renderLines(settings: OpenNdsRouterSettings, format: Format, placeholder: (p: string) => string, faskey: string | null) {
  return settings.config.map((line) => {
    const value = line.option === 'faskey' && faskey ? faskey : (line.value ?? `<${placeholder(line.placeholder ?? '')}>`);
    return format === 'uci' ? `\toption ${line.option} '${value}'` : `${line.option} ${value}`;
  });
}

export function OpenNdsConfigLines({ settings, faskey }: { settings: OpenNdsRouterSettings; faskey: string | null }) {
  const { t } = useTranslation();
  const [format, setFormat] = useState<Format>('uci');
  const placeholder = (p: string) =>
    p === 'faskey' ? t('routers.opennds.placeholderFaskey') : t('routers.opennds.placeholderIp', { host: settings.portal_host });
  const lines = renderLines(settings, format, placeholder, faskey);
  const text = lines.join('\n');
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Stack spacing={1.5}>
        <Typography variant="h6" component="h2">
          {t('routers.opennds.configTitle')}
        </Typography>
        <Typography>{t('routers.opennds.configIntro')}</Typography>
        <ToggleButtonGroup
          exclusive
          size="small"
          value={format}
          onChange={(_e, v: Format | null) => v && setFormat(v)}
          sx={{ flexWrap: 'wrap' }}
        >
          <ToggleButton value="uci" sx={{ textTransform: 'none' }}>
            {t('routers.opennds.formatUci')}
          </ToggleButton>
          <ToggleButton value="conf" sx={{ textTransform: 'none' }}>
            {t('routers.opennds.formatConf')}
          </ToggleButton>
        </ToggleButtonGroup>
        <Typography variant="body2" color="text.secondary">
          {format === 'uci' ? t('routers.opennds.fileUci') : t('routers.opennds.fileConf')}
        </Typography>
        <Box sx={{ position: 'relative' }}>
          <Box
            component="pre"
            data-testid="opennds-config"
            sx={{
              m: 0,
              p: 1.5,
              pr: 5,
              bgcolor: 'action.hover',
              borderRadius: 1,
              fontFamily: 'monospace',
              fontSize: 14,
              whiteSpace: 'pre-wrap',
              overflowWrap: 'anywhere',
              tabSize: 4,
            }}
          >
            {lines.map((line) => (
              // A wrapped line hangs under its option name, so it cannot pass for a line of its own.
              <Box component="span" key={line} sx={{ display: 'block', pl: '4ch', textIndent: '-4ch' }}>
                {line}
              </Box>
            ))}
          </Box>
          <Box sx={{ position: 'absolute', top: 4, right: 4 }}>
            <CopyButton text={text} label={t('routers.copyValue', { what: t('routers.opennds.configTitle') })} />
          </Box>
        </Box>
        <Typography variant="body2" color="text.secondary" sx={{ wordBreak: 'break-all' }}>
          {t('routers.opennds.portalUrl', { url: settings.portal_url })}
        </Typography>
        {settings.warnings.map((w) => (
          <Alert key={w} severity="info">
            {t(`routers.opennds.warnings.${w}`)}
          </Alert>
        ))}
      </Stack>
    </Paper>
  );
}
