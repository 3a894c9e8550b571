import { useTranslation } from 'react-i18next';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { AbTest } from '@splashboard/contract';
import { dateOf, verdictText } from './format.ts';
import { Panel } from './Panel.tsx';

/** Ended tests: when they ran, the variant kept and what the data said. */
export function PastTests({ tests }: { tests: AbTest[] }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  return (
    <Panel title={t('campaigns.ab.past.title')}>
      {tests.length === 0 ? (
        <Typography color="text.secondary">{t('campaigns.ab.past.none')}</Typography>
      ) : (
        <Table size="small">
          <TableHead>
            <TableRow>
              <TableCell>{t('campaigns.ab.past.name')}</TableCell>
              <TableCell>{t('campaigns.ab.past.dates')}</TableCell>
              <TableCell>{t('campaigns.ab.past.result')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {tests.map((test) => {
              const kept = test.variants.find((v) => v.id === test.kept_variant_id);
              return (
                <TableRow key={test.id}>
                  <TableCell>{test.name}</TableCell>
                  <TableCell>
                    {t('campaigns.ab.past.ended', {
                      start: dateOf(test.started_at, lang),
                      end: test.ended_at ? dateOf(test.ended_at, lang) : '',
                    })}
                  </TableCell>
                  <TableCell>
                    {kept && <div>{t('campaigns.ab.past.kept', { name: kept.name })}</div>}
                    <Typography variant="caption" color="text.secondary">
                      {verdictText(t, test, lang)}
                    </Typography>
                  </TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      )}
    </Panel>
  );
}
