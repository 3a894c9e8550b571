import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnackbar } from 'notistack';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import MenuItem from '@mui/material/MenuItem';
import { FAS_LEVELS, type GeneratedFaskey, type OpenNdsRouterSettings } from '@splashboard/contract';
import { fieldErrors, get, post, put } from '../../app/api.ts';
import { useAppSelector } from '../../app/hooks.ts';
import { StatusPanel } from './StatusPanel.tsx';
import { PublicAddressNotice } from './PublicAddressNotice.tsx';
import { RouterTypeNotice } from './RouterTypeNotice.tsx';
import { OpenNdsConfigLines } from './OpenNdsConfigLines.tsx';
import { FaskeyShownOnce, GenerateFaskeyButton } from './GenerateFaskey.tsx';

/** /app/settings-view/opennds: the FAS level and faskey, and the options to put on the gateway. */
export function OpenNdsSettingsPage() {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const siteId = useAppSelector((s) => s.site.selectedSiteId);
  const [settings, setSettings] = useState<OpenNdsRouterSettings | null>(null);
  const [level, setLevel] = useState(1);
  const [faskey, setFaskey] = useState('');
  const [generated, setGenerated] = useState<string | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const base = `/s/${siteId}/api/v1/routersettings/opennds`;

  const show = (s: OpenNdsRouterSettings) => {
    setSettings(s);
    setLevel(s.level);
    setFaskey('');
  };

  useEffect(() => {
    if (!siteId) return;
    get<OpenNdsRouterSettings>(base).then(show, () => enqueueSnackbar(t('common.somethingWentWrong'), { variant: 'error' }));
  }, [siteId, base, enqueueSnackbar, t]);

  if (!settings) return null;

  const save = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    try {
      show(await put<OpenNdsRouterSettings>(base, { level, faskey }));
      // A typed key replaces a generated one: the lines must not show the old key.
      if (faskey) setGenerated(null);
      setErrors({});
      enqueueSnackbar(t('common.saved'), { variant: 'success' });
    } catch (err) {
      setErrors(fieldErrors(err));
      enqueueSnackbar(t('common.saveFailed'), { variant: 'error' });
    } finally {
      setBusy(false);
    }
  };

  const generate = async () => {
    setBusy(true);
    try {
      const answer = await post<GeneratedFaskey>(`${base}/faskey`);
      show(answer.settings);
      setGenerated(answer.faskey);
      setErrors({});
    } catch {
      enqueueSnackbar(t('common.saveFailed'), { variant: 'error' });
    } finally {
      setBusy(false);
    }
  };

  const wrongRouter = settings.router_type !== 'opennds';
  return (
    <Stack spacing={3} sx={{ maxWidth: 720 }}>
      <Typography variant="h4" component="h1">
        {t('routers.openndsTitle')}
      </Typography>
      <RouterTypeNotice routerType={settings.router_type} family="opennds" />
      <PublicAddressNotice address={settings.public_address} />
      <StatusPanel status={settings.status} detail={settings.status_detail} />
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Stack component="form" spacing={2} onSubmit={save} noValidate>
          <TextField
            select
            label={t('routers.opennds.level')}
            value={level}
            error={!!errors.level}
            helperText={errors.level}
            onChange={(e) => setLevel(Number(e.target.value))}
            fullWidth
          >
            {FAS_LEVELS.map((l) => (
              <MenuItem key={l} value={l}>
                {t(`routers.opennds.levels.${l}`)}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            label={t('routers.opennds.faskey')}
            value={faskey}
            error={!!errors.faskey}
            helperText={errors.faskey || (settings.faskey_set ? t('routers.opennds.faskeySet') : t('routers.opennds.faskeyHelp'))}
            onChange={(e) => setFaskey(e.target.value)}
            required={level >= 1 && !settings.faskey_set}
            autoComplete="off"
            fullWidth
            slotProps={{ htmlInput: { spellCheck: false, autoCapitalize: 'none', maxLength: 128 } }}
          />
          {generated && <FaskeyShownOnce faskey={generated} />}
          <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap' }}>
            <Button type="submit" variant="contained" disabled={busy}>
              {t('common.save')}
            </Button>
            <GenerateFaskeyButton replaces={settings.faskey_set} disabled={busy || wrongRouter} onGenerate={generate} />
          </Stack>
        </Stack>
      </Paper>
      <OpenNdsConfigLines settings={settings} faskey={generated} />
    </Stack>
  );
}
