import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import type { DashboardTileData } from '@splashboard/contract/dashboard';
import { money } from '../format.ts';
import { Figure } from './FigureTiles.tsx';
import { Comparison } from './Comparison.tsx';

/**
 * Recurring revenue and payments collected: one figure per currency of the scope (the control panel may
 * span several), each against the previous period.
 */
export function MoneyTile({ data }: { data: DashboardTileData<'payments_collected'> }) {
  const { i18n } = useTranslation();
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, flex: 1 }}>
      {data.amounts.map((a) => {
        const show = (n: number) => money(n, a.currency, i18n.language);
        return (
          <Box key={a.currency} sx={{ display: 'flex', flexDirection: 'column', minWidth: 140, flex: 1 }}>
            <Figure value={show(a.value)} />
            <Comparison figure={a} period={data.period} show={show} />
          </Box>
        );
      })}
    </Box>
  );
}
