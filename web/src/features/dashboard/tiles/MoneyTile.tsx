import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { DashboardTileData } from '@splashboard/contract/dashboard';
import { money } from '../format.ts';
import { Figure } from './FigureTiles.tsx';
import { Comparison } from './Comparison.tsx';

/**
 * Recurring revenue and payments collected, against the previous period. One currency gets the large
 * figure of the other tiles; several (the control panel may span sites that sell in different currencies)
 * get a line each, so that they fit the tile's default size at every width.
 */
export function MoneyTile({ data }: { data: DashboardTileData<'payments_collected'> }) {
  const { i18n } = useTranslation();
  const show = (currency: string) => (n: number) => money(n, currency, i18n.language);
  const [only] = data.amounts;
  if (data.amounts.length === 1 && only) {
    return (
      <>
        <Figure value={show(only.currency)(only.value)} />
        <Comparison figure={only} period={data.period} show={show(only.currency)} />
      </>
    );
  }
  return (
    <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'flex', flexDirection: 'column', gap: 0.25 }}>
      {data.amounts.map((a) => (
        <Box component="li" key={a.currency} sx={{ display: 'flex', alignItems: 'center', gap: 1.5, minWidth: 0 }}>
          <Typography
            variant="h6"
            component="p"
            data-testid="figure"
            sx={{ fontWeight: 500, lineHeight: 1.2, whiteSpace: 'nowrap' }}
          >
            {show(a.currency)(a.value)}
          </Typography>
          <Comparison figure={a} period={data.period} show={show(a.currency)} compact />
        </Box>
      ))}
    </Box>
  );
}
