import { useId, type ReactNode } from 'react';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { ExpandMoreIcon } from '../../components/icons.ts';

/** A folding part of the editor, so that a phone shows one thing at a time. */
export function Section({
  title,
  help,
  children,
  defaultExpanded = false,
}: {
  title: string;
  help?: string;
  children: ReactNode;
  defaultExpanded?: boolean;
}) {
  const id = useId();
  return (
    <Accordion
      variant="outlined"
      disableGutters
      defaultExpanded={defaultExpanded}
      slotProps={{ transition: { unmountOnExit: true } }}
    >
      {/* The ids name the folding part after its title: without them each is an unnamed region, alike to a screen reader. */}
      <AccordionSummary expandIcon={<ExpandMoreIcon />} id={`${id}-header`} aria-controls={`${id}-content`}>
        <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 500 }}>
          {title}
        </Typography>
      </AccordionSummary>
      <AccordionDetails>
        <Stack spacing={2}>
          {help && (
            <Typography variant="body2" color="text.secondary">
              {help}
            </Typography>
          )}
          {children}
        </Stack>
      </AccordionDetails>
    </Accordion>
  );
}
