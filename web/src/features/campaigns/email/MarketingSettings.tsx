import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnackbar } from 'notistack';
import TextField from '@mui/material/TextField';
import MenuItem from '@mui/material/MenuItem';
import { OPT_IN_TYPES, type CampaignSettings, type OptInType } from '@splashboard/contract';
import { get, put } from '../../../app/api.ts';
import { useErrorText } from '../../../app/errorText.ts';
import { SectionCard } from '../../../components/SectionCard.tsx';

/** The site's marketing settings: how guests confirm their consent (saved as it is chosen). */
export function MarketingSettings({ api, canWrite }: { api: string; canWrite: boolean }) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const errorText = useErrorText();
  const [settings, setSettings] = useState<CampaignSettings | null>(null);

  useEffect(() => {
    get<CampaignSettings>(`${api}/settings`).then(setSettings, () => setSettings(null));
  }, [api]);

  const choose = async (opt_in_type: OptInType) => {
    const before = settings;
    setSettings({ opt_in_type });
    try {
      setSettings(await put<CampaignSettings>(`${api}/settings`, { opt_in_type }));
      enqueueSnackbar(t('campaigns.email.marketing.saved'), { variant: 'success' });
    } catch (err) {
      setSettings(before);
      enqueueSnackbar(errorText.error(err, t('campaigns.email.marketing.saveFailed')), { variant: 'error' });
    }
  };

  if (!settings) return null;
  return (
    <SectionCard title={t('campaigns.email.marketing.title')}>
      <TextField
        id="campaigns-opt-in"
        select
        label={t('campaigns.email.marketing.optIn')}
        helperText={t('campaigns.email.marketing.optInHelp')}
        value={settings.opt_in_type}
        disabled={!canWrite}
        onChange={(e) => void choose(e.target.value as OptInType)}
        sx={{ maxWidth: 360 }}
      >
        {OPT_IN_TYPES.map((o) => (
          <MenuItem key={o} value={o}>
            {t(`campaigns.email.marketing.types.${o}`)}
          </MenuItem>
        ))}
      </TextField>
    </SectionCard>
  );
}
