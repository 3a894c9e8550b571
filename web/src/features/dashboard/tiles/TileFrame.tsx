import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import Paper from '@mui/material/Paper';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import IconButton from '@mui/material/IconButton';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Skeleton from '@mui/material/Skeleton';
import type { DashboardTileKey } from '@splashboard/contract/dashboard';
import type { CallState } from '../useDashboardCall.ts';
import { VisibilityOffIcon, DragIndicatorIcon } from '../../../components/icons.ts';

/** The class of a tile's title bar: the grid drags tiles by it in edit mode. */
export const DRAG_HANDLE = 'dashboard-tile-drag';
/** A tile's one-line texts wrap on a phone, where their ellipsis cut them after a few words. */
export const WRAP_ON_PHONE = { whiteSpace: { xs: 'normal', sm: 'nowrap' } } as const;

/**
 * A tile's card: its title and what it measures, then its own loading, error or content. `data-state`
 * says which one is drawn (the browser tests and the page timing read it).
 */
export function TileFrame<T>({
  tile,
  call,
  editing,
  onHide,
  children,
}: {
  tile: DashboardTileKey;
  call: CallState<T>;
  editing: boolean;
  onHide: () => void;
  children: (data: T) => ReactNode;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const title = t(`dashboard.tiles.${tile}.title`);
  // Stale figures stay visible while the next period loads, but the tile only counts as drawn once fresh.
  const state = call.error ? 'error' : call.loading || !call.data ? 'loading' : 'ready';
  return (
    <Paper
      component="section"
      variant="outlined"
      aria-labelledby={titleId}
      data-tile={tile}
      data-state={state}
      sx={{ height: '100%', display: 'flex', flexDirection: 'column', overflow: 'hidden', position: 'relative' }}
    >
      {call.loading && call.data && (
        <LinearProgress
          aria-label={t('dashboard.tile.loading', { tile: title })}
          sx={{ position: 'absolute', inset: '0 0 auto 0' }}
        />
      )}
      <Box
        className={DRAG_HANDLE}
        sx={{ display: 'flex', alignItems: 'flex-start', gap: 0.5, px: 2, pt: 1.5, cursor: editing ? 'move' : 'default' }}
      >
        {editing && <DragIndicatorIcon fontSize="small" color="action" sx={{ mt: 0.25 }} />}
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography id={titleId} variant="subtitle1" component="h2" sx={{ fontWeight: 500, lineHeight: 1.3 }} noWrap>
            {title}
          </Typography>
          <Typography
            variant="caption"
            color="text.secondary"
            component="p"
            noWrap
            sx={WRAP_ON_PHONE}
            title={t(`dashboard.tiles.${tile}.about`)}
          >
            {t(`dashboard.tiles.${tile}.about`)}
          </Typography>
        </Box>
        {editing && (
          <IconButton size="small" aria-label={t('dashboard.layout.hide', { tile: title })} onClick={onHide}>
            <VisibilityOffIcon fontSize="small" />
          </IconButton>
        )}
      </Box>
      <Box
        sx={{
          flex: 1,
          minHeight: 0,
          px: 2,
          pb: 1.5,
          pt: 1,
          display: 'flex',
          flexDirection: 'column',
          overflow: 'auto',
          // Figures size themselves to the tile's width (FigureTiles' cqi).
          containerType: 'inline-size',
        }}
      >
        {call.error ? (
          <Alert
            severity="error"
            action={
              <Button color="inherit" size="small" onClick={call.retry}>
                {t('dashboard.tile.retry')}
              </Button>
            }
          >
            {t('dashboard.tile.failed', { message: call.error })}
          </Alert>
        ) : call.data ? (
          children(call.data)
        ) : (
          <Skeleton
            variant="rounded"
            aria-label={t('dashboard.tile.loading', { tile: title })}
            role="progressbar"
            sx={{ flex: 1, minHeight: 32 }}
          />
        )}
      </Box>
    </Paper>
  );
}
