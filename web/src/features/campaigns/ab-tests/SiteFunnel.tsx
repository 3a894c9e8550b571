import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { FunnelAnswer } from '@splashboard/contract';
import { get } from '../../../app/api.ts';
import { useErrorText } from '../../../app/errorText.ts';
import { FunnelChart } from './FunnelChart.tsx';
import { Panel } from './Panel.tsx';

const isoDay = (d: Date) => d.toISOString().slice(0, 10);
const DAYS_SHOWN = 30;

/** The site's login funnel over a range of days (the last 30 at first). */
export function SiteFunnel({ api }: { api: string }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const [range, setRange] = useState(() => ({
    from: isoDay(new Date(Date.now() - (DAYS_SHOWN - 1) * 86_400_000)),
    to: isoDay(new Date()),
  }));
  const [answer, setAnswer] = useState<FunnelAnswer | null>(null);
  const [error, setError] = useState('');

  useEffect(() => {
    if (!range.from || !range.to) return;
    let live = true;
    get<FunnelAnswer>(`${api}/funnel?fromdate=${range.from}&todate=${range.to}`).then(
      (a) => {
        if (!live) return;
        setAnswer(a);
        setError('');
      },
      (e: unknown) => live && setError(errorText.error(e, t('campaigns.ab.loadFailed'))),
    );
    return () => {
      live = false;
    };
  }, [api, range, errorText, t]);

  return (
    <Panel title={t('campaigns.ab.funnel.title')}>
      <Typography variant="body2" color="text.secondary">
        {t('campaigns.ab.funnel.intro')}
      </Typography>
      <Stack direction="row" spacing={2}>
        <TextField
          type="date"
          size="small"
          label={t('campaigns.ab.funnel.from')}
          value={range.from}
          onChange={(e) => setRange((r) => ({ ...r, from: e.target.value }))}
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <TextField
          type="date"
          size="small"
          label={t('campaigns.ab.funnel.to')}
          value={range.to}
          onChange={(e) => setRange((r) => ({ ...r, to: e.target.value }))}
          slotProps={{ inputLabel: { shrink: true } }}
        />
      </Stack>
      {error && <Alert severity="error">{error}</Alert>}
      {answer && !error && answer.funnel.impressions === 0 && (
        <Typography color="text.secondary">{t('campaigns.ab.funnel.noData')}</Typography>
      )}
      {answer && !error && answer.funnel.impressions > 0 && <FunnelChart funnel={answer.funnel} />}
    </Panel>
  );
}
