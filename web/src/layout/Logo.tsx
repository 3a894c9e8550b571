import Box from '@mui/material/Box';
import { useNavigate } from 'react-router';

const VISUALLY_HIDDEN = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

/** The product mark, drawn inline so nothing is fetched. */
export function Logo({ showName = false }: { showName?: boolean }) {
  const navigate = useNavigate();
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
      {/* Hidden from sight on a phone's top bar, not from screen readers: it names the button. */}
      <Box component="span" sx={showName ? undefined : (theme) => ({ [theme.breakpoints.down('sm')]: VISUALLY_HIDDEN })}>
        Splashboard
      </Box>
    </Box>
  );
}
