import type { ReactNode } from 'react';
import Stack from '@mui/material/Stack';

/**
 * A page's heading row: its title (and a status) on one side, its actions on the other, which go under the
 * title on a phone and wrap when there are several.
 */
export function PageHeader({ children, actions }: { children: ReactNode; actions?: ReactNode }) {
  return (
    <Stack
      direction={{ xs: 'column', sm: 'row' }}
      spacing={1}
      sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' } }}
    >
      <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', minWidth: 0, flexWrap: 'wrap' }}>
        {children}
      </Stack>
      {actions && (
        <Stack
          direction="row"
          spacing={1}
          useFlexGap
          sx={{ alignSelf: { xs: 'flex-start', sm: 'center' }, flexWrap: 'wrap', '& > *': { whiteSpace: 'nowrap' } }}
        >
          {actions}
        </Stack>
      )}
    </Stack>
  );
}
