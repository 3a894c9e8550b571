import Box from '@mui/material/Box';
import { useNavigate } from 'react-router';
import { useTheme } from '@mui/material/styles';
import { useAppSelector } from '../app/hooks.ts';
import { appNameOf } from '../app/brand.ts';

const VISUALLY_HIDDEN = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

/** The product mark, drawn inline so nothing is fetched; or the brand's logo and name (provider plan's branding). */
export function Logo({ showName = false }: { showName?: boolean }) {
  const navigate = useNavigate();
  const brand = useAppSelector((s) => s.brand);
  const dark = useTheme().palette.mode === 'dark';
  const image = (dark && brand.logo?.logo_dark_image) || brand.logo?.logo_image;
  return (
    <Box
      component="button"
      onClick={() => navigate('/app/reports/dashboard')}
      sx={{
        all: 'unset',
        cursor: 'pointer',
        display: 'flex',
        alignItems: 'center',
        gap: 1,
        color: 'inherit',
        fontWeight: 600,
        fontSize: 18,
      }}
    >
      {image ? (
        <Box
          component="img"
          src={image}
          alt=""
          data-testid="brand-logo"
          sx={{ height: 32, maxWidth: 160, objectFit: 'contain' }}
        />
      ) : (
        <svg width="28" height="28" viewBox="0 0 32 32" aria-hidden="true">
          <circle cx="16" cy="16" r="14" fill="#fff" fillOpacity="0.2" />
          <path
            d="M9 17a10 10 0 0 1 14 0M12 20a5.5 5.5 0 0 1 8 0"
            stroke="#fff"
            strokeWidth="2.4"
            fill="none"
            strokeLinecap="round"
          />
          <circle cx="16" cy="23.5" r="1.8" fill="#fff" />
        </svg>
      )}
      {/* Hidden from sight on a phone's top bar, not from screen readers: it names the button. */}
      <Box component="span" sx={showName ? undefined : (theme) => ({ [theme.breakpoints.down('sm')]: VISUALLY_HIDDEN })}>
        {appNameOf(brand)}
      </Box>
    </Box>
  );
}
