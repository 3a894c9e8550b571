import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { FUNNEL_STAGES, type AbTest } from '@splashboard/contract';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { dateOf, percent, verdictText } from './format.ts';
import { Panel } from './Panel.tsx';

type Variant = AbTest['variants'][number];

/** The running test: each variant's funnel, conversion and chance to be best, the verdict, and the way to end it. */
export function RunningTest({
  test,
  canWrite,
  onKeep,
}: {
  test: AbTest;
  canWrite: boolean;
  onKeep: (variant: Variant) => Promise<void>;
}) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const [asking, setAsking] = useState<Variant | null>(null);
  const [busy, setBusy] = useState(false);
  const stages = FUNNEL_STAGES.map((s) => t(`campaigns.ab.stages.${s}`));
  const sure = test.verdict?.sure ?? false;

  return (
    <Panel title={t('campaigns.ab.running.title', { name: test.name })}>
      <Typography variant="body2" color="text.secondary">
        {t('campaigns.ab.running.since', { date: dateOf(test.started_at, lang) })}
      </Typography>
      <Alert severity={sure ? 'success' : 'info'} data-testid="verdict">
        <strong>{verdictText(t, test, lang)}</strong>
        <Typography variant="body2">{t('campaigns.ab.verdict.rule')}</Typography>
      </Alert>
      <Table size="small">
        <TableHead>
          <TableRow>
            <TableCell>{t('campaigns.ab.start.variantName')}</TableCell>
            {stages.map((label) => (
              <TableCell key={label} align="right">
                {label}
              </TableCell>
            ))}
            <TableCell align="right">{t('campaigns.ab.running.conversion')}</TableCell>
            <TableCell align="right">{t('campaigns.ab.running.chance')}</TableCell>
            {canWrite && <TableCell />}
          </TableRow>
        </TableHead>
        <TableBody>
          {test.variants.map((v) => (
            <TableRow key={v.id}>
              <TableCell>
                {v.name}
                <Typography variant="caption" color="text.secondary" component="div">
                  {t('campaigns.ab.running.share', { weight: v.weight })}
                </Typography>
              </TableCell>
              {FUNNEL_STAGES.map((s) => (
                <TableCell key={s} align="right">
                  {v.funnel[s].toLocaleString(lang)}
                </TableCell>
              ))}
              <TableCell align="right">{percent(v.conversion, lang)}</TableCell>
              <TableCell align="right">{percent(v.chance_to_win, lang)}</TableCell>
              {canWrite && (
                <TableCell align="right">
                  <Button size="small" variant="outlined" onClick={() => setAsking(v)}>
                    {t('campaigns.ab.running.keep')}
                  </Button>
                </TableCell>
              )}
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <ConfirmDialog
        open={!!asking}
        title={t('campaigns.ab.running.keepTitle', { name: asking?.name ?? '' })}
        body={t('campaigns.ab.running.keepBody')}
        confirm={t('campaigns.ab.running.keepConfirm')}
        onCancel={() => setAsking(null)}
        onConfirm={() => {
          if (!asking || busy) return;
          setBusy(true);
          onKeep(asking).finally(() => {
            setBusy(false);
            setAsking(null);
          });
        }}
      />
    </Panel>
  );
}
