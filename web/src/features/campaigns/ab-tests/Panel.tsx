import { useId, type ReactNode } from 'react';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

/** A part of the page: an outlined section named by its heading. */
export function Panel({ title, children }: { title: ReactNode; children: ReactNode }) {
  const id = useId();
  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-labelledby={id}>
      <Stack spacing={2}>
        <Typography variant="h6" component="h2" id={id}>
          {title}
        </Typography>
        {children}
      </Stack>
    </Paper>
  );
}
